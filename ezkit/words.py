"""Small words for messages people read: counts with the right plural, lists joined with
"and", who won. One place, so every game and command says them the same way."""

from __future__ import annotations

from collections.abc import Sequence


def plural(count: int, word: str, many: str | None = None) -> str:
    """`1 card`, `2 cards`, `0 cards`; `many` for an irregular plural (`1 die`, `2 dice`)."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


def and_list(items: Sequence[str]) -> str:
    """`Ann`, `Ann and Bob`, `Ann, Bob and Cat`."""
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} and {items[-1]}"


def won(names: Sequence[str]) -> str:
    """`Ann wins`, `Ann and Bob share the win`, or nothing when nobody won."""
    if not names:
        return "nobody wins"
    if len(names) == 1:
        return f"{names[0]} wins"
    return f"{and_list(names)} share the win"


def range_text(low: int, high: int) -> str:
    """`2 to 6`, or just `2` when both ends are one number."""
    return str(low) if low == high else f"{low} to {high}"


#: Greek and Cyrillic capitals drawn as a Latin one, and the joiners, which show nothing
#: between such letters. Capitals: a name is compared in capitals (any case), so the small
#: letters drawn alike (а, е, о, р, с, у, х, і, ј, ѕ, һ, ο) come to these too.
_LOOKS_LATIN = str.maketrans(
    "АВЕКМНОРСТХЅІЈҮУҺԀԚԜΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
    "ABEKMHOPCTXSIJYYHDQWABEZHIKMNOPTYX",
    "\u200c\u200d",
)


def name_key(name: str) -> str:
    """A name as people tell names apart: any case, any spacing, and the forms that print
    alike: NFKC (a fullwidth `Ａnn` is Ann, the ligature `ﬁ` is fi), Greek and Cyrillic
    letters drawn as Latin ones (an all-Cyrillic `ТОМ` is TOM), and no joiners; so that two
    names read the same are one person."""
    if not name.isascii():
        from unicodedata import normalize  # here: most names are ASCII

        name = normalize("NFKC", name).upper().translate(_LOOKS_LATIN)
    return " ".join(name.split()).casefold()


def shorten(text: str, width: int = 40) -> str:
    """A value quoted back in a message, cut to `width` characters (a 5,000-digit number or a
    pasted page is named, not repeated)."""
    return text if len(text) <= width else f"{text[: width - 3]}..."
