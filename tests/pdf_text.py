"""A printed PDF's text, page by page, read back with PDFium (pypdfium2).

Why not pypdf, which the font tests still use: its text extraction parses every content
stream in Python, and took as long to read a deck as WeasyPrint to draw it (3.5 s for the
Bakeries' 36 pages, against 0.06 s here). Lines end in "\n", as pypdf gave them."""

from __future__ import annotations

from pathlib import Path


def page_texts(path: Path) -> list[str]:
    """Each page's text, its lines in reading order."""
    import pypdfium2

    document = pypdfium2.PdfDocument(path)
    try:
        return [_text(document[index]) for index in range(len(document))]
    finally:
        document.close()


def _text(page: object) -> str:
    textpage = page.get_textpage()  # type: ignore[attr-defined]
    try:
        return textpage.get_text_bounded().replace("\r\n", "\n")
    finally:
        textpage.close()
        page.close()  # type: ignore[attr-defined]


def page_count(path: Path) -> int:
    import pypdfium2

    document = pypdfium2.PdfDocument(path)
    try:
        return len(document)
    finally:
        document.close()
