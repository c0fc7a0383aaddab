"""What the print tests print, printed once per test process.

A deck takes WeasyPrint a second or two, the play aid most of one: several tests, in several
files, read the same PDF (its text, its fonts) or the same laid-out document (its boxes).
`printed(...)` runs `ezkit print ...` (the command itself, in this process, as CliRunner runs
it) once per process for each set of arguments; `laid_out(...)` is the document of a template,
taken from a print that kept its layouts (`keep=True`) when that print laid out the very same
page, else laid out afresh. A kept document is handed out once, and let go: each is read by one
test, and the boxes of a deck kept to the end of a worker would be walked by every full sweep
of the cycle collector in the tests after (a later call lays the page out again). A kept
document has been written to its PDF already: read its boxes, never write it again (WeasyPrint
keeps the fonts it subset in the document: a second write_pdf(full_fonts=True) gave subset fonts).

The tests that read one print name it in their `xdist_group` (`group`): `make test` (pytest-xdist,
--dist loadgroup) runs them on one worker, which prints it once. The cycle collector is paused
while a page is laid out, as `ezkit print` pauses it (ezkit.cli.printing._preload): WeasyPrint's
boxes would only be walked over and over.
"""

from __future__ import annotations

import atexit
import gc
import itertools
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from pdf_text import page_texts

_NUMBERS = itertools.count(1)

#: The documents laid out by prints that kept them, by their page's HTML, until laid_out
#: hands them out.
_KEPT: dict[str, Any] = {}


def group(name: str) -> pytest.MarkDecorator:
    """The xdist group of the tests that read one print (see the module's docstring)."""
    return pytest.mark.xdist_group(f"print {name}")


@cache
def folder() -> Path:
    """Where the prints are written: one folder for the process, removed when it ends."""
    made = Path(tempfile.mkdtemp(prefix="ezkit-print-tests-"))
    atexit.register(shutil.rmtree, made, ignore_errors=True)
    return made


@contextmanager
def collector_paused() -> Iterator[None]:
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


@dataclass
class Printed:
    """A print: its PDF, the command's Result (exit code, stdout, stderr)."""

    path: Path
    result: Result
    argv: tuple[str, ...] = field(default=())

    @cached_property
    def pages(self) -> tuple[str, ...]:
        """Each page's text (read once: several tests read it)."""
        return tuple(page_texts(self.path))


@cache
def printed(*argv: str, keep: bool = False) -> Printed:
    """`ezkit print *argv -o FILE` (a new file in folder()), run once per process; it must
    succeed. With keep, the documents the command laid out are kept for laid_out."""
    from ezkit import render
    from ezkit.cli import cli

    out = folder() / f"{next(_NUMBERS)}-{argv[0]}.pdf"
    real = render._lay_out

    def keeping(page: str) -> Any:
        document = _KEPT[page] = real(page)
        return document

    if keep:
        render._lay_out = keeping
    try:
        # the rules as shipped, whatever the environment names (--rules names house rules)
        argv_out = ["print", *argv, "-o", str(out)]
        result = CliRunner().invoke(cli, argv_out, env={"EZKIT_RULES": None})
    finally:
        render._lay_out = real
    assert result.exit_code == 0, result.output
    return Printed(out, result, argv)


def laid_out(template: str, paper: str = "letter", **context: Any) -> Any:
    """The WeasyPrint document of a template, as `ezkit print` lays it out: a kept print's
    when it laid out this very page (handed out once), else laid out now."""
    from ezkit import render

    page = render.html(template, paper=render.PAPER[paper], **context)
    if page in _KEPT:
        return _KEPT.pop(page)
    with collector_paused():
        return render._lay_out(page)


#: The decks the tests print, each with its backs: the Dudab deck with both expansions on A4
#: with a 2 mm bleed (a deck takes seconds: one print for its options, its backs, its bleed).
DECK_EXPANSIONS = {"dudab": ("jungle", "baby")}
DECK_OPTIONS = {"dudab": ("--options", "jungle,baby", "--paper", "a4", "--bleed", "2")}


def deck(game: str) -> Printed:
    """`ezkit print deck GAME --backs` (and DECK_OPTIONS); the Foozle deck's layout is kept
    (test_render_styles reads its boxes)."""
    return printed("deck", game, "--backs", *DECK_OPTIONS.get(game, ()), keep=game == "foozle")


def aid() -> Printed:
    """`ezkit print aid`: the play aid as shipped, on letter paper, its layout kept
    (test_render_styles lays the same page out with WeasyPrint's own stylesheet)."""
    return printed("aid", keep=True)
