"""GT-1 in Dudab's story: a log holds only what a seat may still see now. A card played on a
column is named while it lies there; once the column is taken to an own pile (which the others
never see) or pushed under a Baby (which nobody sees, DU-5), the story of the round no longer
names it (ezkit.games.dudab.narration.ColumnStory). Checked at every decision of seeded games,
for every seat, against what the engine says the seat sees (`seen`)."""

from __future__ import annotations

import random
import re

import pytest

from ezkit.games import engine
from ezkit.games.dudab.narration import name

#: The printed names of the Number and Shaman cards (Dudab!, Jungle and Baby are named by the
#: moves themselves: "says Dudab!", "lays the Jungle").
NAMED = re.compile(r"\b(?:Red|Blue|Green|Yellow) (?:\d+ (?:Club|Hand|Hide|Mammoth)|Shaman)\b")


def _round_story(state: engine.State, seat: int) -> list[str]:
    """The public lines of this round's story as `seat`'s log shows them while the game is on."""
    begun = max(i for i, e in enumerate(state.log) if re.match(r"Round \d+ of \d+ begins", e.text))
    lines = (e.logged_for(seat, over=False) for e in state.log[begun:] if e.seats is None)
    return [line for line in lines if line]


@pytest.mark.parametrize("options", [{}, {"jungle": True, "baby": True}], ids=["base", "j+b"])
def test_the_story_names_no_card_a_seat_no_longer_sees(options: dict[str, bool]) -> None:
    game = engine.make("dudab", {"players": ["Ann", "Bob", "Cat"], **options})
    by_name = {name(card): card for card in game.ids}
    covered = 0
    for seed in range(6):
        state = game.new(seed)
        rng = random.Random(seed)
        while state.to_move() is not None:
            for seat in range(3) if len(state.moves) % 2 == 0 else ():  # every other decision
                sees = state.seen(seat)
                for line in _round_story(state, seat):
                    for shown in NAMED.findall(line):
                        assert sees[by_name[shown]] > 0, (seed, seat, line)
            covered += any(" plays a card on column" in e.covered for e in state.log if e.covered)
            legal = state.legal_moves()
            state.play(legal[rng.randrange(len(legal))])
        # the game over, the whole story is told again
        assert not any(
            " plays a card on column" in (e.logged_for(0, over=True) or "") for e in state.log
        )
    assert covered  # the plays of taken columns were covered, not merely never told


def test_a_taken_columns_plays_read_a_card_and_the_others_stay_named() -> None:
    game = engine.make("dudab", {"players": ["Ann", "Bob", "Cat"]})
    state = game.new(1)
    rng = random.Random(1)
    while not any(" takes " in e.text for e in state.log):
        legal = state.legal_moves()
        state.play(legal[rng.randrange(len(legal))])
    (taking,) = [e for e in state.log if " takes " in e.text]
    column = re.search(r"from column (\d+)", taking.text).group(1)
    for e in state.log:
        if f" on column {column} (on " in e.text:
            assert e.covered and e.covered.endswith(f"plays a card on column {column}")
        elif " on column " in e.text and "(on " in e.text:
            assert e.covered is None  # still face up: still named


def test_game_log_reads_the_covered_story_too() -> None:
    """`game log --seat` tells the game move by move from a replay: a later capture covers
    events told by earlier moves, so the log reads them as they stand, not as first told."""
    from ezkit.games.table import narrate

    game = engine.make("dudab", {"players": ["Ann", "Bob", "Cat"]})
    by_name = {name(card): card for card in game.ids}
    for seed in range(4):
        state = game.new(seed)
        rng = random.Random(seed)
        while state.to_move() is not None and not any(" takes " in e.text for e in state.log):
            legal = state.legal_moves()
            state.play(legal[rng.randrange(len(legal))])
        record = {**state.save(), "seats": [{"name": n, "kind": "human"} for n in game.players]}
        for seat in range(3):
            lines = narrate(record, seat)
            begun = max(i for i, line in enumerate(lines) if " begins" in line)
            sees = state.seen(seat)
            for line in lines[begun:]:
                if line.startswith("   ") and " draws " not in line and " dealt " not in line:
                    for shown in NAMED.findall(line):
                        assert sees[by_name[shown]] > 0, (seed, seat, line)
                elif not line.startswith("   "):  # a move's heading: its own text, by card id
                    for word in line.partition(": ")[2].split():
                        if word in game.ids and NAMED.fullmatch(name(word)):
                            assert sees[word] > 0, (seed, seat, line)
