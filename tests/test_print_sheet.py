"""`ezkit print sheet`: character sheets as PDF, read back; the render module's safety."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from pypdf import PdfReader

from ezkit import render
from ezkit.cli import cli

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "characters"
ALL = sorted(EXAMPLES.glob("*.yaml"))


def pages(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(path).pages]


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def party(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("print") / "party.pdf"
    result = CliRunner().invoke(cli, ["print", "sheet", *map(str, ALL), "-o", str(out)])
    return out, result.output


def test_one_page_per_character_with_their_numbers(party: tuple[Path, str]) -> None:
    out, said = party
    text = [flat(t) for t in pages(out)]
    assert len(text) == len(ALL) and f"{len(ALL)} sheets, {len(ALL)} pages" in said
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
            "quarterstaff Body +3 + Mass Scale +0 + damage factor +2 5",
            "knife Body +3 + Mass Scale +0 + damage factor +1 4",
            "leather jacket (+1)",
        ],
        "Dr. Mara Kell": ["Doctor", "Surgery", "Forensic Pathology", "small handgun table INJ 2"],
        "Wren Hollowell": ["Witch", "Witchcraft", "(supernormal)", "damage factor +1 2"],
    }
    for page in text:
        (name,) = [n for n in expected if page.count(n)]
        for fragment in expected[name]:
            assert fragment in page, (name, fragment)


def test_jason_free_sheet_parts(party: tuple[Path, str]) -> None:
    out, _ = party
    (jason,) = [flat(t) for t in pages(out) if "Jason Free" in t]
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
    # Fudge Points, Experience, Resilience, Reflexes and CPD in their boxes
    assert "3 FUDGE POINTS 0 EXPERIENCE +2 RESILIENCE +2 REFLEXES 4 CPD" in jason


def test_long_text_flows_to_a_second_page(tmp_path: Path) -> None:
    document = yaml.safe_load((EXAMPLES / "jason-free.yaml").read_text())
    document["background"] = "\n\n".join(
        f"Paragraph {i}: " + "He walked the East March road again. " * 40 for i in range(6)
    )
    long = tmp_path / "long.yaml"
    long.write_text(yaml.safe_dump(document))
    out = tmp_path / "long.pdf"
    result = CliRunner().invoke(cli, ["print", "sheet", str(long), "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = pages(out)
    assert len(text) >= 2
    assert "Paragraph 5" in flat(" ".join(text))  # nothing cut


def test_blank_sheet(tmp_path: Path) -> None:
    out = tmp_path / "blank.pdf"
    result = CliRunner().invoke(cli, ["print", "sheet", "--blank", "-o", str(out), "--paper", "a4"])
    assert result.exit_code == 0, result.output
    (text,) = [flat(t) for t in pages(out)]
    assert "ROLES" in text and "Near Death" in text and "Player" in text
    box = PdfReader(out).pages[0].mediabox
    assert round(float(box.width) / 72 * 25.4) == 210  # A4


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


def test_fonts_are_embedded(party: tuple[Path, str]) -> None:
    out, _ = party
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


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["print", "sheet", "-o", "x.pdf"], "name one or more characters"),
        (["print", "sheet", "--blank", "Jason", "-o", "x.pdf"], "name one or more characters"),
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
