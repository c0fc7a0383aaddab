"""Text shown on a terminal, made safe: names and stored text may hold control characters
(an escape sequence can retitle the window or clear the screen), shown here as visible
escapes instead. (Where rich draws a table, ezkit.cli.tables escapes its markup.)"""

from __future__ import annotations

import os
import re
import sys

#: C0 controls but tab and newline, DEL, C1 controls, the Unicode line/paragraph breaks, and
#: the bidi marks, embeddings, overrides and isolates (they reorder the text printed after them:
#: a message quoting one would read backwards).
_CONTROL = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)


def safe(text: object) -> str:
    """`text` with every control character shown as an escape (`\\x1b`), never sent."""
    return _CONTROL.sub(_escape, str(text))


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def safe_line(text: object) -> str:
    """As safe(), and on one line: a newline in a name is shown, not obeyed."""
    return safe(text).replace("\n", "\\n").replace("\t", " ")


def control_characters(text: str, prose: bool = False) -> list[str]:
    """The control characters a text holds (a name with any is refused at the door); with
    `prose`, line breaks and tabs are allowed."""
    found = [m.group() for m in _CONTROL.finditer(text)]
    return found if prose else found + [c for c in text if c in "\n\t"]


#: The format characters a name may hold: the zero-width joiner and non-joiner (Persian and
#: Indic names, emoji need them). Every other format character (Unicode category Cf: the
#: zero-width space, the word joiner, the soft hyphen, the byte order mark, tag characters,
#: invisible operators) is unseen or changes how the text around it looks.
_JOINERS = frozenset("\u200c\u200d")
#: Letters and signs that print as nothing (Hangul fillers, the blank braille pattern).
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def name_problem(name: str) -> str:
    """Why `name` is no name a person can read and type back, or "": control characters
    (line breaks and tabs included), characters that hide or reorder text (two names that
    look the same must not be two people), or nothing visible at all."""
    from unicodedata import category  # here: most commands never ask

    if bad := control_characters(name):
        return f"holds the control character {bad[0]!a}"
    hidden = next((c for c in name if category(c) == "Cf" and c not in _JOINERS), None)
    if hidden is not None:
        return f"holds {hidden!a}, a character that hides or reorders text"
    if not any(
        c.isprintable() and not c.isspace() and category(c)[0] != "M" and c not in _BLANK
        for c in name
    ):
        return "shows nothing: it needs a letter, digit or sign"
    return "" if name.isascii() else _mixed_scripts(name)


#: Scripts with letters that look alike (a Cyrillic а, a Greek ο, a Latin a and o).
_LOOKALIKE_SCRIPTS = ("LATIN", "GREEK", "CYRILLIC")


def _mixed_scripts(name: str) -> str:
    """A word mixing letters of the look-alike scripts ('Jаson' with a Cyrillic а): it would
    read as another name, so two people would look the same."""
    from unicodedata import name as unicode_name

    for word in name.split():
        if word.isascii():
            continue
        scripts = {
            script
            for c in word
            if c.isalpha()
            for script in _LOOKALIKE_SCRIPTS
            if script in unicode_name(c, "").split()
        }
        if len(scripts) > 1:
            mixed = " and ".join(s.title() for s in _LOOKALIKE_SCRIPTS if s in scripts)
            return f"mixes {mixed} letters in one word, so it would look like another name"
    return ""


def terminal_width(fallback: int = 80) -> int:
    """The terminal's columns, as shutil.get_terminal_size says them (COLUMNS first, then
    the terminal of standard output, else `fallback`), without importing shutil: it brings
    lzma and bz2 with it, 9 ms of a game command's start."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or fallback
