"""Tables of plain text on the terminal, drawn as rich draws them, without rich's 15 ms.

`print_table` draws a titled table with a heavy header box, one line a row, the first
column's text and the others as `justify` says: the same characters rich's Table prints
(tests/test_tables.py compares them). Where rich would do more, rich draws it: a table
wider than the terminal (rich wraps cells), or text beyond printable ASCII (rich measures
wide and combining characters).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

BOLD, ITALIC, RESET = "\x1b[1m", "\x1b[3m", "\x1b[0m"  # on a terminal, as rich styles them
#: A cell's text as drawn: printable ASCII, each character one column wide.
_ASCII = frozenset(map(chr, range(0x20, 0x7F)))


def print_table(
    title: str, header: Sequence[str], rows: Sequence[Sequence[str]], justify: Sequence[str]
) -> None:
    """Print the table: `justify` holds "left" or "right" for each column."""
    tty = sys.stdout.isatty()
    width = _terminal_width() if tty else 160
    styled = tty and os.environ.get("TERM") != "dumb"
    text = plain(title, header, rows, justify, width, styled)
    if text is None:
        _rich(title, header, rows, justify, None if tty else 160)
    else:
        sys.stdout.write(text)
        sys.stdout.flush()


def plain(
    title: str,
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    justify: Sequence[str],
    width: int,
    styled: bool = False,
) -> str | None:
    """The table as rich prints it at `width` columns, or None where rich would wrap or
    measure text (the table or its title wider than `width`, text beyond ASCII)."""
    cells = [list(header), *(list(row) for row in rows)]
    if any(set(cell) - _ASCII for row in cells for cell in row) or set(title) - _ASCII:
        return None
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    total = sum(widths) + 3 * len(widths) + 1
    if total > width or len(title) > total:
        return None

    def line(row: Sequence[str], edge: str, bold: bool = False) -> str:
        parts = []
        for text, size, side in zip(row, widths, justify, strict=True):
            padded = text.ljust(size) if side == "left" else text.rjust(size)
            if bold and styled:  # rich's bold: the padding and the text, one by one
                parts.append(f"{BOLD} {RESET}{BOLD}{padded}{RESET}{BOLD} {RESET}")
            else:
                parts.append(f" {padded} ")
        return edge + edge.join(parts) + edge

    def rule(left: str, fill: str, cross: str, right: str) -> str:
        return left + cross.join(fill * (size + 2) for size in widths) + right

    heading = title.ljust(total)
    lines = [
        f"{ITALIC}{heading}{RESET}" if styled else heading,
        rule("┏", "━", "┳", "┓"),
        line(header, "┃", bold=True),
        rule("┡", "━", "╇", "┩"),
        *(line(row, "│") for row in rows),
        rule("└", "─", "┴", "┘"),
    ]
    return "\n".join(lines) + "\n"


def _terminal_width() -> int:
    from ezkit.terminal import terminal_width

    return terminal_width()


def _rich(
    title: str,
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    justify: Sequence[str],
    width: int | None,
) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    table = Table(title=escape(title), title_justify="left")
    for heading, side in zip(header, justify, strict=True):
        table.add_column(escape(heading), justify="left" if side == "left" else "right")
    for row in rows:
        table.add_row(*map(escape, row))
    Console(width=width).print(table)
