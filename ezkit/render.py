"""HTML templates to PDF: the one place ezkit renders, and the only one that imports WeasyPrint.

Templates are Jinja with autoescaping, so a character's text is always text.
The URL fetcher lets a document load only the package's own templates folder
(stylesheets, fonts) and `data:` URIs: a description holding
`<img src="file:///etc/passwd">` is printed as those characters, and even a
template that asked for a local file or a network address would get nothing.
"""

from __future__ import annotations

import os
import re
import threading
from bisect import bisect_right
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from ezkit import resources
from ezkit.errors import EzkitError
from ezkit.fileio import write_atomic_bytes

PAPER = {"letter": "letter", "a4": "A4"}


class FetchRefused(EzkitError):
    """A document asked for something outside the package's own files."""


#: What WeasyPrint imports only after it has found its C libraries (fontTools' subsetter, for
#: the fonts it embeds: about 0.08 s). A search for a library WeasyPrint asks for under another
#: name runs ldconfig, the C compiler and the linker, so a preloading import spends much of its
#: time waiting on them; `pdf` imports these meanwhile, once its own work is done.
AFTER_LIBRARIES = ("fontTools.subset", "fontTools.varLib.instancer")


def preload() -> None:
    """Start importing WeasyPrint in the background (half a second, mostly spent finding
    its C libraries) while the caller reads and checks characters."""
    import threading

    threading.Thread(target=_import_weasyprint, daemon=True).start()


def _import_weasyprint() -> None:
    """The preloading thread's import: a failure is left to the printing thread's own import,
    which tries again and says what failed."""
    from contextlib import suppress

    with suppress(Exception):
        _weasyprint()


def _weasyprint() -> Any:
    """WeasyPrint, imported with its C libraries looked up in the linker's cache alone
    (quick_library_lookup); imported again with every lookup if that does not load them.
    An import that fails leaves none of WeasyPrint's modules behind: one imported before the
    failure keeps the failed module half made (its html module, say), and the next import
    would reuse it and fail when printing."""
    import sys

    with _IMPORTING:
        if "weasyprint" in sys.modules:
            return sys.modules["weasyprint"]
        try:
            try:
                with quick_library_lookup():
                    import weasyprint
            except OSError:  # a library only the compiler or the linker finds: look as ever
                _forget_weasyprint()
                import weasyprint
        except BaseException:
            _forget_weasyprint()
            raise
        return weasyprint


def _forget_weasyprint() -> None:
    import sys

    for name in [n for n in sys.modules if n.split(".")[0] == "weasyprint"]:
        del sys.modules[name]


_IMPORTING = threading.Lock()  # the preloading thread's import and the printing one's


@contextmanager
def quick_library_lookup() -> Iterator[None]:
    """ctypes.util.find_library answering from the dynamic linker's cache (`ldconfig -p`,
    read once), on Linux, while WeasyPrint loads its libraries.

    Why: WeasyPrint tries six names for each library (gobject, pango, harfbuzz, ...), those
    of Windows and macOS first; cffi asks find_library for every name it cannot load, and
    find_library runs ldconfig, then the C compiler and the linker, for each name not in the
    cache: some 45 programs, about 0.2 s of `import weasyprint` (more on a machine without
    HarfBuzz's subset library, where all six of its names miss). The
    cache is where find_library looks first; the names it misses there are the other
    systems' (the Linux ones, `libpango-1.0.so.0`, are loaded by the loader directly)."""
    import ctypes.util
    import sys

    if not sys.platform.startswith("linux") or not Path(LDCONFIG).exists():
        yield
        return
    cached = _linker_cache()
    full = ctypes.util.find_library
    ctypes.util.find_library = lambda name: _soname(cached, name)
    try:
        yield
    finally:
        ctypes.util.find_library = full


LDCONFIG = "/sbin/ldconfig"


def _linker_cache() -> bytes:
    """What `ldconfig -p` lists (the libraries in the dynamic linker's cache), as ctypes
    asks for it; empty if it cannot be run."""
    import subprocess

    try:
        return subprocess.run(
            [LDCONFIG, "-p"],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            env={"LC_ALL": "C", "LANG": "C"},
            timeout=10,
            check=False,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return b""


def _soname(cached: bytes, name: str) -> str | None:
    """The soname of library `name` (`gobject-2.0` -> libgobject-2.0.so.0) in the linker's
    cache, as ctypes.util.find_library's first search reads it; None if not there."""
    found = re.search(rb"\s(lib%s\.\S+)\s+\(" % re.escape(os.fsencode(name)), cached)
    return os.fsdecode(found.group(1)) if found else None


def _import_after_libraries() -> None:
    import importlib

    for name in AFTER_LIBRARIES:
        importlib.import_module(name)


def environment() -> Any:
    """The Jinja environment over templates/, autoescaping everything; each template is
    loaded already compiled when it can be (ezkit.compiled_templates)."""
    import jinja2

    from ezkit.compiled_templates import Loader

    return jinja2.Environment(
        loader=Loader(resources.templates()),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def html(template: str, **context: Any) -> str:
    """The template rendered to HTML with the context (view models, no arithmetic)."""
    return environment().get_template(template).render(**context)


def allowed(url: str) -> bool:
    """Only data: URIs and files inside the package's templates folder."""
    parsed = urlparse(url)
    if parsed.scheme == "data":
        return True
    if parsed.scheme == "file" and not parsed.netloc:
        root = resources.templates().resolve()
        path = Path(unquote(parsed.path)).resolve()
        return path.is_relative_to(root) and path.is_file()
    return False


def safe_fetcher() -> Any:
    """WeasyPrint's URL fetcher, refusing everything `allowed` does not allow."""
    from weasyprint.urls import URLFetcher

    class SafeFetcher(URLFetcher):
        def fetch(self, url: str, headers: Any = None) -> Any:
            if not allowed(url):
                raise FetchRefused(
                    f"refused to fetch {url!r}: only ezkit's own templates and data: URIs"
                )
            return super().fetch(url, headers)

    return SafeFetcher(allowed_protocols=("file", "data"))


@cache
def _covered() -> tuple[list[int], list[int]]:
    """The code points every bundled font has (templates/fonts/subset.json "covered"), as the
    firsts and lasts of their ranges."""
    import json

    record = json.loads((resources.templates() / "fonts" / "subset.json").read_text("utf-8"))
    ranges = record["covered"]
    return [first for first, _ in ranges], [last for _, last in ranges]


#: Characters the bundled fonts have that Pango still draws in another font: ☕ is an emoji
#: by default (Unicode's Emoji_Presentation), and a zero-width joiner makes an emoji sequence
#: of its neighbours (found by printing every covered character in each face).
DRAWN_ELSEWHERE = frozenset("\u2615\u200d")


def bundled_fonts_cover(page: str) -> bool:
    """Whether every character the page can print has a glyph in each bundled font, capitals
    too (text-transform), entities read, and is drawn in it (not DRAWN_ELSEWHERE).

    Why it matters: the bundled fonts are already cut to the characters ezkit prints
    (templates/fonts/make_subset.py), so such a page embeds them whole instead of having
    WeasyPrint subset them again (with fontTools on a machine without HarfBuzz's subset
    library: about 80 ms of a sheet's 0.6 s). A page with any other character (a name in
    another script) is subset as before, or it would embed the whole system font Pango
    falls back to. `pdf_bytes` checks the fonts used too."""
    return not uncovered(page) and not DRAWN_ELSEWHERE & _printable(page)


def uncovered(page: str) -> list[str]:
    """The characters the page can print that the bundled fonts have no glyph for (drawn in a
    font of the system's, if it has one, else as an empty box), in the order the page first
    prints them; capitals made by text-transform after all the others."""
    from html import unescape

    firsts, lasts = _covered()

    def missing(char: str) -> bool:
        code = ord(char)
        at = bisect_right(firsts, code) - 1
        return code >= 0x20 and (at < 0 or code > lasts[at])

    text = unescape(page)
    return [char for char in dict.fromkeys(text + text.upper()) if missing(char)]


def _printable(page: str) -> set[str]:
    """Every character a page can print: entities read, capitals too (text-transform); not
    line breaks and tabs (laid out, never drawn)."""
    from html import unescape

    text = unescape(page)
    return {char for char in set(text) | set(text.upper()) if ord(char) >= 0x20}


def missing_glyphs_warning(page: str, shown: int = 12) -> str | None:
    """What to tell the person printing when the page has characters the bundled fonts lack."""
    import unicodedata

    # a combining mark alone (a Greek accent, U+0342) shows nothing: named with its letter
    missing = [c for c in uncovered(page) if not unicodedata.combining(c)]
    if not missing:
        return None
    more = f" and {len(missing) - shown} more" if len(missing) > shown else ""
    from ezkit.terminal import safe_line  # a C1 control character is named, never sent

    named = safe_line(" ".join(missing[:shown]))
    return (
        f"ezkit's fonts have no {named}{more}: printed in this system's fonts, and as empty "
        "boxes where it has none"
    )


@cache
def _bundled_fonts() -> frozenset[bytes]:
    return frozenset(path.read_bytes() for path in resources.templates().glob("fonts/*.ttf"))


def pdf_bytes(document: Any, page: str) -> bytes:
    """The rendered document as a PDF: the bundled fonts embedded whole when the page's
    characters are theirs and no other font was used after all (Pango's choice has the last
    word: an emoji font, a fallback this system makes); else every font subset to its glyphs."""
    if bundled_fonts_cover(page):
        whole = document.write_pdf(full_fonts=True)
        if all(font.file_content in _bundled_fonts() for font in document.fonts.values()):
            return whole
    return document.write_pdf()


#: The pseudo-elements of WeasyPrint's footnotes and notes (`float: footnote`), which no ezkit
#: template uses.
NOTES = frozenset({"footnote-call", "footnote-marker", "note-call", "note-marker", "note-callback"})

#: The elements that are list items in WeasyPrint's stylesheet for HTML (`li { display:
#: list-item }`), the only ones whose ::marker is printed (no template makes another a list item).
LIST_ITEMS = ("li",)


@cache
def _user_agent_stylesheets() -> tuple[Any, Any]:
    """WeasyPrint's own stylesheet for HTML, and it less its rules for NOTES' pseudo-elements
    and with its ::marker rule for LIST_ITEMS alone (itself again if they are not where this
    reads them: another cssselect2's matcher).

    Why: those rules (`::footnote-call { ... }`, `::marker { ... }`) name no element, so every
    element of a page matches them, and WeasyPrint computes a style for each of them, element
    by element (six an element; the elements' own styles are shared, these are not): 4.5% of
    six character sheets' render for the notes'. Without them a page prints the same: no
    template has a note, and only a list item has a marker box (its number or bullet)."""
    import copy

    from weasyprint.html import UA_STYLESHEET as own

    try:
        kept = [s for s in own.matcher.other_selectors if s[3] not in NOTES]
        markers = [s for s in kept if s[3] == "marker"]
        by_name = dict(own.matcher.lower_local_name_selectors)
        for name in LIST_ITEMS:
            # in the order of the stylesheet, as WeasyPrint sorts equal specificities
            by_name[name] = sorted([*by_name.get(name, []), *markers], key=lambda s: s[2])
    except (AttributeError, TypeError, IndexError):
        return own, own
    if len(own.matcher.other_selectors) - len(kept) != len(NOTES) or len(markers) != 1:
        return own, own
    trimmed = copy.copy(own)
    trimmed.matcher = copy.copy(own.matcher)
    trimmed.matcher.other_selectors = [s for s in kept if s[3] != "marker"]
    trimmed.matcher.lower_local_name_selectors = by_name
    return own, trimmed


class _Patterns(dict):  # type: ignore[type-arg]
    """A cache of tinyhtml5's chars_until patterns kept under the key they are looked up by
    (the characters to read up to, or to read while `opposite`), each made as tinyhtml5 makes it."""

    def __missing__(self, key: tuple[Any, bool]) -> Any:
        value = self[key] = self.made(*key)
        return value

    @staticmethod
    def made(characters: Any, opposite: bool) -> Any:
        pattern = "".join(f"\\x{ord(character):02x}" for character in characters)
        return re.compile(f"[{pattern}]+" if opposite else f"[^{pattern}]+")


def _cache_html_patterns() -> None:
    """tinyhtml5 (WeasyPrint's HTML parser) with a cache of its text patterns that finds them.

    Why: tinyhtml5 2.1's chars_until looks a pattern up by the characters it reads up to but
    stores it by the pattern (`characters = cache[(characters, opposite)] = regex` binds
    `characters` first), so each call makes its pattern again: a fifth of the time a page
    takes to parse, some 2% of a deck's render. With _Patterns each is made once. Only where
    a probe finds tinyhtml5 making the very patterns _Patterns makes; else left as it is."""
    try:
        from tinyhtml5 import inputstream

        own = inputstream.characters_until_regex
        if type(own) is not dict:
            return
        probes = ((("<", "\u0000"), False), (frozenset(" \t"), True))
        inputstream.characters_until_regex = found = {}
        try:
            for characters, opposite in probes:
                inputstream.HTMLUnicodeInputStream("a <").chars_until(characters, opposite)
        finally:
            inputstream.characters_until_regex = own
        theirs = sorted(pattern.pattern for pattern in found.values())
        ours = sorted(_Patterns.made(*probe).pattern for probe in probes)
    except Exception:  # another tinyhtml5: parsed as it parses
        return
    if theirs == ours:
        inputstream.characters_until_regex = _Patterns()


@cache
def _html() -> Any:
    """weasyprint.HTML with _user_agent_stylesheets' trimmed stylesheet for its own, parsing
    with _cache_html_patterns' cache."""
    _cache_html_patterns()

    class HTML(_weasyprint().HTML):
        def _ua_stylesheets(self, forms: bool = False) -> list[Any]:
            own, trimmed = _user_agent_stylesheets()
            return [trimmed if s is own else s for s in super()._ua_stylesheets(forms)]

    return HTML


def _lay_out(page: str) -> Any:
    """WeasyPrint's document of an HTML page: laid out, not yet written (by _html)."""
    import logging

    # WeasyPrint reports a refused fetch as a warning; a refusal is the point, not news.
    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    return _html()(
        string=page,
        base_url=resources.templates().as_uri() + "/",
        url_fetcher=safe_fetcher(),
    ).render()


def pdf(
    template: str,
    output: Path,
    paper: str = "letter",
    warn: Callable[[str], None] | None = None,
    refit: Callable[[Any], dict[str, Any] | None] | None = None,
    **context: Any,
) -> int:
    """Render a template to a PDF file (written atomically); returns the page count. `warn`
    is told of characters the bundled fonts lack (missing_glyphs_warning). `refit(document)`
    may ask for a second layout with some of the context changed (a score pad's rows made
    taller to fill its page): kept when it takes no more pages than the first."""
    # Work that needs no WeasyPrint first: a preloading import may still be waiting on its lookups.
    page = html(template, paper=PAPER[paper], **context)
    if warn is not None and (warning := missing_glyphs_warning(page)):
        warn(warning)
    _import_after_libraries()
    document = _lay_out(page)
    if refit is not None and (changes := refit(document)):
        second = html(template, paper=PAPER[paper], **{**context, **changes})
        again = _lay_out(second)
        if len(again.pages) <= len(document.pages):
            page, document = second, again
    write_atomic_bytes(output, pdf_bytes(document, page))
    return len(document.pages)
