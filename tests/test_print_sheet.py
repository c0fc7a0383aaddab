"""`ezkit print sheet`: character sheets as PDF, read back; the render module's safety."""

from __future__ import annotations

import io
import re
from functools import cache
from pathlib import Path

import print_cache
import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from pdf_fonts import whole_or_subset
from pdf_text import page_texts
from print_cache import Printed
from pypdf import PdfReader

from ezkit import render
from ezkit.cli import cli

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "characters"
ALL = sorted(EXAMPLES.glob("*.yaml"))


def pages(path: Path) -> list[str]:
    return page_texts(path)


def flat(text: str) -> str:
    return " ".join(text.split())


def footer_name(page: str) -> str:
    """Whose page it is: the name in its footer ("Name, page 1 of 2")."""
    return page.strip().splitlines()[-1].split(", page ")[0]


@print_cache.group("sheet batch")
def test_one_page_per_character_with_their_numbers() -> None:
    """The examples, printed with the batch's characters (print_batch): one page each."""
    printed = print_batch()
    files, pages = len(batch_files()), len(printed.pages)
    assert f"{files} sheets, {pages} pages" in printed.result.stdout
    expected = {
        "Gruk Underbridge": [
            "Brawler",
            "Great +3",
            "Forager",
            "Mass Scale 1",
            "CPD",
            "Bridge club",
        ],
        "Jason Free": [
            "Quarterstaff for Hire",
            "Great +3",
            "the East March",
            "quarterstaff (Quarterstaff for Hire) Body +3 + Mass Scale +0 + damage factor +2 5",
            "knife Body +3 + Mass Scale +0 + damage factor +1 4",
            "leather jacket (+1)",
        ],
        "Dr. Mara Kell": [
            "Doctor",
            "Surgery",
            "Forensic Pathology",
            "small handgun (Marksman) table INJ 2",
        ],
        "Wren Hollowell": ["Witch", "Witchcraft", "(supernormal)", "damage factor +1 2"],
    }
    examples = [page for page in printed.pages if footer_name(page) in expected]
    assert sorted(footer_name(page) for page in examples) == sorted(expected)  # a page each
    for page in map(flat, examples):
        (name,) = [n for n in expected if page.count(n)]
        for fragment in expected[name]:
            assert fragment in page, (name, fragment)


@print_cache.group("sheet batch")
def test_jason_free_sheet_parts() -> None:
    (jason,) = [flat(t) for t in print_batch().pages if footer_name(t) == "Jason Free"]
    for part in [
        "ROLES",
        "ATTRIBUTES",
        "GIFTS",
        "FAULTS",
        "FUDGE POINTS",
        "EXPERIENCE",
        "RESILIENCE",
        "REFLEXES",
        "CPD",
        "WEAPONS",
        "ARMOR",
        "TOOLS AND KIT",
        "WOUNDS",
        "DESCRIPTION",
        "BACKGROUND",
        "Superb",
        "Terrible",
        "Near Death",
        "9+",
    ]:
        assert part in jason, part
    # Resilience, Reflexes and CPD in their boxes; Fudge Points and Experience to keep in pencil
    assert "+2 RESILIENCE +2 REFLEXES 4 CPD" in jason
    assert "FUDGE POINTS 3 when printed" in jason and "EXPERIENCE 0 when printed" in jason


@print_cache.group("sheet batch")
def test_long_text_flows_to_a_second_page(batch: tuple) -> None:
    """Jason Long of the batch below: his background runs on to pages of his own."""
    text, _ = batch
    long = [page for page in text if page.strip().splitlines()[-1].startswith("Jason Long,")]
    assert len(long) >= 2
    assert "Paragraph 3" in flat(" ".join(long))  # nothing cut


def test_a_blank_sheet_with_names_is_refused_as_either_or(tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    result = CliRunner().invoke(cli, ["print", "sheet", "jason", "--blank", "-o", str(out)])
    assert result.exit_code == 2 and "not both" in result.output, result.output
    assert not out.exists()


def test_blank_sheet(tmp_path: Path) -> None:
    out = tmp_path / "blank.pdf"
    result = CliRunner().invoke(cli, ["print", "sheet", "--blank", "-o", str(out), "--paper", "a4"])
    assert result.exit_code == 0, result.output
    (text,) = [flat(t) for t in pages(out)]
    # every field of a filled sheet, the Name first
    for part in [
        "NAME",
        "PLAYER",
        "PEOPLE",
        "IDEA",
        "ROLES Role Specialty Rank",
        "ATTRIBUTES Body Agility Mind Will Mass Scale",
        "RESILIENCE",
        "REFLEXES",
        "CPD = armor + Mass Scale + Resilience + other",
        "FUDGE POINTS",
        "EXPERIENCE",
        "GIFTS",
        "FAULTS",
        "WEAPONS Weapon INJ",
        "ARMOR",
        "TOOLS AND KIT",
        "WOUNDS",
        "Near Death",
        "DESCRIPTION",
        "BACKGROUND",
        "EZFudge character sheet, page 1 of 1",
    ]:
        assert part in text, part
    box = PdfReader(out).pages[0].mediabox
    assert round(float(box.width) / 72 * 25.4) == 210  # A4


def test_spare_rows_and_pencil_boxes() -> None:
    from ezkit import rules as rules_data
    from ezkit.cli.char import load_character
    from ezkit.printing import sheet

    rules = rules_data.load(None)
    wren = sheet.sheet(load_character(str(EXAMPLES / "wren.yaml"), None), rules)
    names = [r["name"] for r in wren["roles"]]
    assert len(names) >= 6 + 2 and names[6:] == [""] * (len(names) - 6)  # room for new roles
    assert [g["name"] for g in wren["gifts"]][1:] == ["", ""]
    assert wren["fudge_held"] == "■■■" and len(wren["fudge_held"] + wren["fudge_empty"]) >= 10
    assert [x.strip("\u2007") for x in wren["xp_boxes"]] == ["0", "", "", "", ""]
    empty = sheet.blank(rules)
    assert len(empty["roles"]) >= 9 and len(empty["gifts"]) >= 4 and len(empty["weapons"]) >= 4
    assert len(empty["armor"]) >= 2 and empty["fudge_held"] == ""
    # a tally too long to count (and 100,000 boxes never finished printing) is a number
    from dataclasses import replace

    plenty = load_character(str(EXAMPLES / "wren.yaml"), None)
    held = [sheet.sheet(replace(plenty, fudge_points=n), rules)["fudge_held"] for n in (40, 41)]
    assert held == ["■" * 40, "■ × 41 "]


def test_wounds_when_printed_are_grey_marks_in_their_boxes() -> None:
    from ezkit import rules as rules_data
    from ezkit.character.model import WoundMark
    from ezkit.printing import sheet

    rules = rules_data.load(None)
    track = [
        WoundMark(level="Scratch", rolled="Scratch"),
        WoundMark(level="Scratch", rolled="Scratch", stun=True),
        WoundMark(level="Hurt", rolled="Hurt"),
    ]
    rows = {row["level"]: row for row in sheet.wound_rows(track, rules)}
    assert (rows["Scratch"]["marked"], rows["Scratch"]["empty"]) == ("■▣", "□")
    assert (rows["Hurt"]["marked"], rows["Hurt"]["empty"]) == ("■", "")
    assert (rows["Very Hurt"]["marked"], rows["Very Hurt"]["empty"]) == ("", "□")


def variant(tmp_path: Path, file: str, **changes: object) -> Path:
    """Jason Free's file with some parts changed."""
    document = yaml.safe_load((EXAMPLES / "jason-free.yaml").read_text())
    document.update(changes)
    path = tmp_path / f"{file}.yaml"
    path.write_text(yaml.safe_dump(document))
    return path


TEN_ROLES = [
    {"name": n, "rank": "Mediocre"} for n in ("Sailor", "Merchant", "Thief", "Healer", "Bard")
]
FIVE_WEAPONS = ["quarterstaff", "knife", "short sword", "club", "hand axe"]
DESCRIPTION_577 = ("A tall, sunburnt man with a quick grin and a battered quarterstaff. " * 9)[:577]
LONG_NAME = "Jasonfreeofthewesternmarchesandthesilverhillsbeyondtheriver"
LADDER = "Superb +4 Great +3 Good +2 Fair +1 Mediocre 0 Poor -1 Terrible -2"


#: A YAML folded block (`>`) with a blank line between paragraphs reaches ezkit as one line
#: break (test_a_note_keeps_its_paragraphs_and_line_breaks).
FOLDED = "background: >\n  First paragraph.\n\n  Second paragraph,\n  folded.\n"
NOTES = "Tall.\n\n\nQuiet.\n  Patient.  "


@cache
def batch_files() -> list[Path]:
    """The examples, and Jason Free's file changed: ten roles and five weapons, a long
    description, a long name, a long background, notes in paragraphs."""
    folder = print_cache.folder() / "batch"
    folder.mkdir()
    jason = yaml.safe_load((EXAMPLES / "jason-free.yaml").read_text())
    return [
        *ALL,
        variant(
            folder,
            "many",
            name="Jason Many",
            roles=jason["roles"] + TEN_ROLES,
            weapons=FIVE_WEAPONS,
        ),
        variant(folder, "described", name="Jason Described", description=DESCRIPTION_577),
        variant(folder, "long-name", name=LONG_NAME),
        variant(
            folder,
            "long-background",
            name="Jason Long",
            background="\n\n".join(f"Paragraph {i}: " + "He walked on. " * 120 for i in range(4)),
        ),
        variant(
            folder,
            "notes",
            name="Jason Notes",
            background=yaml.safe_load(FOLDED)["background"],
            description=NOTES,
        ),
    ]


def print_batch() -> Printed:
    """Every example character and the batch's changed ones, printed on letter paper once
    (print_cache), the layout kept (the test of what sticks out reads it)."""
    return print_cache.printed("sheet", *map(str, batch_files()), keep=True)


@pytest.fixture
def batch() -> tuple[list[str], list[Path]]:
    return list(print_batch().pages), batch_files()


@print_cache.group("sheet batch")
def test_every_page_names_its_character_and_numbers_its_own_pages(batch: tuple) -> None:
    text, files = batch
    footers = [page.strip().splitlines()[-1] for page in text]
    seen: dict[str, list[tuple[int, int]]] = {}
    for footer in footers:
        name, number, total = re.fullmatch(r"(.+), page (\d+) of (\d+)", footer).groups()
        seen.setdefault(name, []).append((int(number), int(total)))
    assert len(seen) == len(files)  # a footer per character, each character named
    for name, numbers in seen.items():
        total = len(numbers)
        assert numbers == [(n, total) for n in range(1, total + 1)], name
    assert seen["Jason Long"][0][1] >= 2  # the long background flows on, numbered 1 of n...
    assert seen["Wren Hollowell"] == [(1, 1)]  # ...and the next character starts again at 1


@print_cache.group("sheet batch")
def test_no_page_without_content(batch: tuple) -> None:
    text, _ = batch
    for page in text:
        body = flat(page).replace(LADDER, "").replace("THE LADDER", "")
        body = body.rsplit(" ", 4)[0] if ", page " in body else body  # less the footer
        words = set(re.findall(r"[A-Za-z]+", body)) - {"DESCRIPTION", "BACKGROUND", "page", "of"}
        assert len(words) > 3, page


@print_cache.group("sheet batch")
def test_ten_roles_five_weapons_a_long_description_and_a_long_name_fit_one_page(
    batch: tuple,
) -> None:
    text, _ = batch
    by_name: dict[str, list[str]] = {}
    for page in text:
        by_name.setdefault(page.strip().splitlines()[-1].split(", page ")[0], []).append(flat(page))
    (many,) = by_name["Jason Many"]  # the wound track stays on the page, the weapons together
    assert "Bard" in many and "hand axe" in many and "Near Death" in many
    assert many.count("WEAPONS Weapon (INJ worked out) INJ") == 1
    (described,) = by_name["Jason Described"]
    assert DESCRIPTION_577[-40:] in described
    (long_name,) = by_name[LONG_NAME]
    assert long_name.startswith(LONG_NAME)  # whole, in a size that fits
    from ezkit.printing.sheet import name_size

    assert name_size("Wren Hollowell") == "18pt" and name_size(LONG_NAME) == "11pt"


def test_hostile_text_is_printed_as_text_and_fetches_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []
    real = render.allowed
    monkeypatch.setattr(render, "allowed", lambda url: asked.append(url) or real(url))
    document = yaml.safe_load((EXAMPLES / "jason-free.yaml").read_text())
    document["description"] = '<img src="file:///etc/passwd"> <script>alert(1)</script>'
    document["name"] = "Jason <b>Bold</b>"
    hostile = tmp_path / "hostile.yaml"
    hostile.write_text(yaml.safe_dump(document))
    out = tmp_path / "hostile.pdf"
    result = CliRunner().invoke(cli, ["print", "sheet", str(hostile), "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = flat(" ".join(pages(out)))
    assert '<img src="file:///etc/passwd">' in text and "<script>alert(1)</script>" in text
    assert "Jason <b>Bold</b>" in text
    assert not any("passwd" in url for url in asked)
    assert all(url.startswith(("file:", "data:")) for url in asked)


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        "http://example.invalid/x.png",
        "https://example.invalid/",
        "file:///work/../etc/hosts",
        "ftp://example.invalid/f",
    ],
)
def test_the_fetcher_refuses_everything_but_its_own_files(url: str) -> None:
    assert not render.allowed(url)


def test_the_fetcher_allows_its_fonts_and_data() -> None:
    from ezkit import resources

    assert render.allowed((resources.templates() / "base.css").as_uri())
    assert render.allowed((resources.templates() / "fonts" / "DejaVuSansCondensed.ttf").as_uri())
    assert render.allowed("data:text/plain,hi")


def test_a_template_asking_for_a_local_file_gets_nothing(tmp_path: Path) -> None:
    import weasyprint

    secret = tmp_path / "secret.css"
    secret.write_text("body { color: red }")
    html = f'<link rel="stylesheet" href="{secret.as_uri()}"><p>hi</p>'
    fetcher = render.safe_fetcher()
    with pytest.raises(render.FetchRefused):
        fetcher.fetch(secret.as_uri())
    weasyprint.HTML(string=html, url_fetcher=fetcher).write_pdf(io.BytesIO())  # renders, no fetch


@print_cache.group("sheet batch")
def test_fonts_are_embedded() -> None:
    out = print_batch().path
    fonts = set()
    for page in PdfReader(out).pages:
        for font in page["/Resources"]["/Font"].values():
            descriptor = font.get_object().get("/FontDescriptor")
            if descriptor is None:
                for child in font.get_object().get("/DescendantFonts", []):
                    descriptor = child.get_object()["/FontDescriptor"]
            descriptor = descriptor.get_object()
            fonts.add(str(descriptor["/FontName"]))
            assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
    assert any("EZ-Sans" in f for f in fonts)  # the bundled DejaVu, under its @font-face name


@print_cache.group("sheet batch")
def test_a_sheet_in_the_bundled_fonts_embeds_them_whole() -> None:
    """The bundled fonts are already cut to what ezkit prints: a page they cover embeds them
    as shipped, not subset again (WeasyPrint's full_fonts; the speed issue's point 3)."""
    assert whole_or_subset(print_batch().path) == "whole"


@pytest.mark.parametrize(
    ("where", "nets"),
    [
        # the bundled fonts', but drawn as an emoji
        ({"tools": ["a cup of tea ☕"]}, ("list", "after drawing")),
        ({"tools": ["potion 1\u200d2"]}, ("after drawing",)),  # a joiner: an emoji sequence
        ({"name": "Wren ♠\u200d♥"}, ("after drawing",)),  # the same in bold
    ],
    ids=["emoji", "joiner", "joiner-bold"],
)
def test_a_character_drawn_in_another_font_is_subset_not_embedded_whole(
    tmp_path: Path,
    where: dict[str, object],
    nets: tuple[str, ...],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A character drawn in a system font: every font is subset, so no whole system font
    (megabytes for a CJK one) goes into the PDF. With the list of characters Pango draws
    elsewhere emptied, the fonts used are still checked after drawing (the safety net). A
    glyph the bundled fonts lack (a CJK one) is subset whatever the list holds: the sheet in
    another script below. The list's way (render.DRAWN_ELSEWHERE: subset at once) is printed
    for the emoji; that it holds the joiner too is test_bundled_fonts_cover's (the same way,
    and a joiner's sheet printed with the list in place is subset by either net)."""
    document = yaml.safe_load((EXAMPLES / "wren.yaml").read_text())
    document.update(where)
    odd = tmp_path / "odd.yaml"
    odd.write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    for net in nets:
        if net == "after drawing":
            monkeypatch.setattr(render, "DRAWN_ELSEWHERE", frozenset())
        out = tmp_path / f"odd-{net}.pdf"
        result = CliRunner().invoke(cli, ["print", "sheet", str(odd), "-o", str(out)])
        assert result.exit_code == 0, result.output
        assert whole_or_subset(out) == "subset", net


@pytest.mark.parametrize(
    ("text", "covered"),
    [
        ("Gruk the Bold, Łukasz Żółć, Renée: +2 Great, 4 ± 1 — ■ ▣ ∞ ♠ ☼ ❀", True),
        ("line\nbreak\ttab", True),  # laid out, never drawn
        ("straße", True),  # capitals (text-transform) are SS
        ("Gruk 王", False),
        ("tea ☕", False),  # drawn as an emoji all the same
        ("1\u200d2", False),  # a joiner: an emoji sequence
        ("a &#x738B; entity", False),  # entities are read
        ("\U0001f600", False),
        ("", True),
    ],
)
def test_bundled_fonts_cover(text: str, covered: bool) -> None:
    assert render.bundled_fonts_cover(text) is covered


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("Gruk the Bold, Łukasz Żółć, Renée: +2 Great ■ ▣", None),
        ("tea ☕", None),  # the fonts have it (Pango draws it as an emoji)
        ("Gruk 王 &#x738B; 王 子", "have no 王 子:"),  # in the page's order, once each
        ("Ἀ\u0342", "have no Ἀ:"),  # a combining mark is named with its letter
        (
            "".join(chr(0x4E00 + i) for i in range(15)),
            "一 丁 丂 七 丄 丅 丆 万 丈 三 上 下 and 3 more",
        ),
    ],
)
def test_characters_the_fonts_lack_are_named(text: str, named: str | None) -> None:
    warning = render.missing_glyphs_warning(text)
    assert (warning is None) if named is None else (named in (warning or "")), warning


@print_cache.group("sheet batch")
def test_a_sheet_in_another_script_prints_with_a_warning(tmp_path: Path) -> None:
    """ezkit's fonts are cut to what it prints: a name in another script is drawn in the
    system's fonts, if it has them, else as empty boxes. The printer is told which characters;
    the examples print without a word. Its fonts are subset: no whole system font (megabytes
    for a CJK one) goes into the PDF."""
    path = variant(tmp_path, "hanako", name="山田 Hanako 🐉")
    out = tmp_path / "hanako.pdf"
    result = CliRunner().invoke(cli, ["print", "sheet", str(path), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        "warning: ezkit's fonts have no 山 田 🐉: printed in this system's fonts, and as empty "
        "boxes where it has none\n"
    )
    assert result.stdout == f"wrote {out}: 1 sheet, 1 page\n"
    assert whole_or_subset(out) == "subset"
    examples = print_batch().result  # every example printed (and the batch's own)
    assert examples.exit_code == 0 and examples.stderr == "", examples.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["print", "sheet", "-o", "x.pdf"], "name one or more characters"),
        (["print", "sheet", "--blank", "Jason", "-o", "x.pdf"], "not both"),
        (
            ["print", "sheet", "Nobody", "-o", "x.pdf", "--db", "{db}"],
            "no character named 'Nobody'",
        ),
    ],
)
def test_print_errors(tmp_path: Path, args: list[str], message: str) -> None:
    args = [a.replace("{db}", str(tmp_path / "c.json")) for a in args]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code in (1, 2) and message in result.stderr


def test_commands_without_pdfs_never_import_weasyprint() -> None:
    import subprocess
    import sys

    jason = str(EXAMPLES / "jason-free.yaml")
    code = (
        "import sys; from ezkit.cli import cli\n"
        f"for args in (['roll'], ['char', 'check', {jason!r}], ['odds']):\n"
        "    try: cli.main(args)\n"
        "    except SystemExit: pass\n"
        "print('weasyprint' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "False"


def test_print_sheet_reads_characters_while_weasyprint_loads(tmp_path: Path) -> None:
    """WeasyPrint's import is started before the character model, pydantic, YAML and Jinja are
    imported (they load while it waits on its library lookups), and the page's HTML and
    fontTools' subsetter are made ready before WeasyPrint is needed; the cycle collector
    pauses meanwhile and through the layout, and collects again once the command ends."""
    import subprocess
    import sys

    watched = ("pydantic", "yaml", "jinja2", "ezkit.character.model", "fontTools.subset")
    wren, out = str(EXAMPLES / "wren.yaml"), str(tmp_path / "w.pdf")
    code = (
        "import gc, sys\n"
        "import ezkit.render as render\n"
        "seen = {}\n"
        "real_preload = render.preload\n"
        "def preload():\n"
        f"    seen['preload'] = [m for m in {watched!r} if m in sys.modules]\n"
        "    real_preload()\n"
        "render._import_weasyprint = lambda: None  # the import happens when pdf asks\n"
        "real_html = render.html\n"
        "def html(*args, **kwargs):\n"
        "    seen['html'] = 'weasyprint' in sys.modules\n"
        "    seen['collecting meanwhile'] = gc.isenabled()\n"
        "    return real_html(*args, **kwargs)\n"
        "render.preload, render.html = preload, html\n"
        "import builtins\n"
        "real_import = builtins.__import__\n"
        "def spy(name, *args, **kwargs):\n"
        "    if name == 'weasyprint' and 'weasyprint' not in sys.modules:\n"
        "        seen['fontTools first'] = 'fontTools.subset' in sys.modules\n"
        "    return real_import(name, *args, **kwargs)\n"
        "builtins.__import__ = spy\n"
        "from ezkit.cli import cli\n"
        f"args = ['print', 'sheet', {wren!r}, '-o', {out!r}]\n"
        "try: cli.main(args)\n"
        "except SystemExit: pass\n"
        "seen['collecting after'] = gc.isenabled()\n"
        "print(seen)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    seen = done.stdout.strip().splitlines()[-1]
    expected = {"preload": [], "html": False, "collecting meanwhile": False}
    expected |= {"fontTools first": True, "collecting after": True}
    assert seen == str(expected), done.stdout
    assert (tmp_path / "w.pdf").stat().st_size > 0


@print_cache.group("sheet batch")
def test_a_weapon_tied_to_a_role_says_so_on_the_sheet() -> None:
    """EZ-24: Wren's knife is used with Brawler, and her sheet names it."""
    (wren,) = [page for page in print_batch().pages if "Wren Hollowell" in page]
    assert "knife (Brawler)" in wren


@print_cache.group("sheet batch")
def test_nothing_sticks_out_of_its_column_on_a_crowded_sheet(tmp_path: Path) -> None:
    """Found by a look at printed sheets: 14 Fudge Points or more ran their row of boxes into
    the Experience column, and a word longer than a line (a web address) ran off the page.
    Both now wrap. The check reads WeasyPrint's boxes: any text past its block's edge. The
    examples (and the batch's characters) as `ezkit print sheet` laid them out (print_batch)."""
    from pdf_layout import laid_out, sticking_out

    from ezkit import rules as rules_data
    from ezkit.cli.params import load_character
    from ezkit.printing import sheet as sheets

    crowded = variant(
        tmp_path,
        "crowded",
        fudge_points=40,
        description="See https://example.org/" + "maps/" * 40 + " for the road.",
        background="He walked the East March road. " * 12 + "A" * 150,
        # a hunt: a one-word idea of 600 letters ran off the page, and a one-word name of
        # 100 (the longest) started the footer left of the paper's edge
        idea="I" * 600,
        name="W" * 100,
    )
    rules = rules_data.load(None)
    views = [sheets.sheet(load_character(str(crowded), None), rules), sheets.blank(rules)]
    print_batch()
    batch = [sheets.sheet(load_character(str(p), None), rules) for p in batch_files()]
    assert set(ALL) <= set(batch_files())
    for paper, printed, what in (
        ("letter", views, "crowded and blank"),
        ("a4", views[:1], "crowded"),  # A4: narrower, the crowded one
        ("letter", batch, "the examples and the batch's"),
    ):
        laid = laid_out("sheet.html", paper, **sheets.batch(printed, paper))
        assert sticking_out(laid) == [], (paper, what)


@print_cache.group("sheet batch")
def test_a_note_keeps_its_paragraphs_and_line_breaks() -> None:
    """A YAML folded block (`>`) with a blank line between paragraphs reaches ezkit as one
    line break: the sheet had run the paragraphs together. A blank line parts paragraphs, a
    line break within one is kept. (Jason Notes of the batch: FOLDED and NOTES.)"""
    assert yaml.safe_load(FOLDED)["background"] == "First paragraph.\nSecond paragraph, folded.\n"
    (page,) = [page for page in print_batch().pages if footer_name(page) == "Jason Notes"]
    lines = [line.strip() for line in page.splitlines()]
    for line in ("First paragraph.", "Second paragraph, folded.", "Tall.", "Quiet.", "Patient."):
        assert line in lines, line


@given(st.text(alphabet=st.sampled_from("ab \t\n."), max_size=40))
def test_paragraphs_keep_every_word_in_order(text: str) -> None:
    from ezkit.printing.sheet import paragraphs

    found = paragraphs(text)
    assert [w for p in found for line in p for w in line.split()] == text.split()
    assert all(p and p[0] and p[-1] for p in found)  # no paragraph starts or ends blank
