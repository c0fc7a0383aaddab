"""Text shown on a terminal, made safe: names and stored text may hold control characters
(an escape sequence can retitle the window or clear the screen), shown here as visible
escapes instead. (Where rich draws a table, ezkit.cli.tables escapes its markup.)"""

from __future__ import annotations

import re

#: C0 controls but tab and newline, DEL, C1 controls, and the Unicode line/paragraph breaks.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")


def safe(text: object) -> str:
    """`text` with every control character shown as an escape (`\\x1b`), never sent."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", str(text))


def safe_line(text: object) -> str:
    """As safe(), and on one line: a newline in a name is shown, not obeyed."""
    return safe(text).replace("\n", "\\n").replace("\t", " ")


def control_characters(text: str, prose: bool = False) -> list[str]:
    """The control characters a text holds (a name with any is refused at the door); with
    `prose`, line breaks and tabs are allowed."""
    found = [m.group() for m in _CONTROL.finditer(text)]
    return found if prose else found + [c for c in text if c in "\n\t"]


#: Characters that change how the text around them looks without being seen: the bidi
#: embeddings, overrides and isolates, the zero-width space, the word joiner and the byte
#: order mark. (Not the zero-width joiner and non-joiner: Persian and Indic names need them.)
_HIDDEN = re.compile("[\u200b\u202a-\u202e\u2060\u2066-\u2069\ufeff]")


def name_problem(name: str) -> str:
    """Why `name` is no name a person can read and type back, or "": control characters
    (line breaks and tabs included), characters that hide or reorder text (two names that
    look the same must not be two people), or nothing visible at all."""
    from unicodedata import category  # here: most commands never ask

    if bad := control_characters(name):
        return f"holds the control character {bad[0]!a}"
    if hidden := _HIDDEN.search(name):
        return f"holds {hidden.group()!a}, a character that hides or reorders text"
    if not any(c.isprintable() and not c.isspace() and category(c)[0] != "M" for c in name):
        return "shows nothing: it needs a letter, digit or sign"
    return ""
