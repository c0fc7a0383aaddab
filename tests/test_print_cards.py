"""`ezkit print deck|cheatsheet|scorepad`: the four card games on paper, read back."""

from __future__ import annotations

import math
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from ezkit.cli import cli
from ezkit.games import decks

GAMES = decks.GAMES


def pages(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(path).pages]


def run(*argv: str) -> str:
    result = CliRunner().invoke(cli, ["print", *argv])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module", params=GAMES)
def deck_pdf(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple:
    game = request.param
    out = tmp_path_factory.mktemp("deck") / f"{game}.pdf"
    said = run("deck", game, "-o", str(out), "--backs")
    return game, out, said


def test_deck_pages_faces_and_backs(deck_pdf: tuple) -> None:
    game, out, said = deck_pdf
    deck = decks.deck(game)
    text = pages(out)
    assert len(text) == 2 * math.ceil(deck.size() / 9)
    assert f"{deck.size()} cards, {len(text)} pages" in said
    # every copy's small print on its face page, none on the backs
    found = Counter(re.findall(rf"{game}·([a-z0-9-]+)", " ".join(text[0::2])))
    assert found == Counter(deck.expand())
    assert not any(f"{game}·" in page for page in text[1::2])
    assert all(deck.name.split(":")[0] in " ".join(page.split()) for page in text[1::2])


def test_deck_counts() -> None:
    assert decks.deck("foozle").size() == 174
    assert decks.deck("bakeries").size("case") == 22


def test_a_bleed_that_does_not_fit_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, ["print", "deck", "auntie", "-o", str(tmp_path / "x.pdf"), "--bleed", "9"]
    )
    assert result.exit_code != 0 and "--bleed" in result.output
    assert not (tmp_path / "x.pdf").exists()


def test_deck_without_backs_on_a4_with_bleed(tmp_path: Path) -> None:
    out = tmp_path / "dudab.pdf"
    run("deck", "dudab", "-o", str(out), "--paper", "a4", "--bleed", "2")
    reader = PdfReader(out)
    assert len(reader.pages) == math.ceil(96 / 9)
    assert round(float(reader.pages[0].mediabox.width) / 72 * 25.4) == 210


OPTIONS = {"auntie": "no-draw,rounds", "bakeries": "", "dudab": "jungle,baby", "foozle": ""}


@pytest.mark.parametrize("game", GAMES)
def test_cheatsheet_names_every_card_type(game: str, tmp_path: Path) -> None:
    out = tmp_path / f"{game}.pdf"
    argv = ["cheatsheet", game, "-o", str(out)]
    if OPTIONS[game]:
        argv += ["--options", OPTIONS[game]]
    run(*argv)
    text = pages(out)
    assert 1 <= len(text) <= 2
    flat = " ".join(" ".join(text).split())
    deck = decks.deck(game)
    if game in ("auntie", "bakeries"):
        names = [c.name for c in deck.cards if c.kind not in ("fudge", "cake", "case", "chef")]
    else:
        names = [c.name for c in deck.cards if c.kind not in ("number", "shaman", "suited")]
    for name in names:
        assert name in flat, name
    for title in deck.titles.values():
        first = title.split(" (")[0].split()[0]
        assert first in flat, title


def test_cheatsheet_options(tmp_path: Path) -> None:
    out = tmp_path / "dudab.pdf"
    run("cheatsheet", "dudab", "-o", str(out))
    plain = " ".join(pages(out))
    assert "Jungle (expansion 1)" not in plain and "Baby (Buba)" not in plain
    run("cheatsheet", "auntie", "-o", str(out), "--options", "rounds")
    assert "5 to 8 rounds" in " ".join(" ".join(pages(out)).split())
    bad = CliRunner().invoke(
        cli, ["print", "cheatsheet", "foozle", "-o", str(out), "--options", "x"]
    )
    assert bad.exit_code != 0 and "no option 'x'" in bad.output


@pytest.mark.parametrize("game", GAMES)
def test_scorepad_renders(game: str, tmp_path: Path) -> None:
    out = tmp_path / f"{game}.pdf"
    run("scorepad", game, "-o", str(out))
    text = " ".join(pages(out))
    assert "Player 1" in text and decks.deck(game).name.split(":")[0] in text
    expected = {
        "auntie": "Round 20",
        "bakeries": "Sale 7",
        "dudab": "Shaman left",
        "foozle": "Hand 14",
    }
    assert expected[game] in text
