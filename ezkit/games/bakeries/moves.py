"""Typing a Bakeries move and the reasons one is refused: the parser (positions by name or
number, cakes by name or left out, words shortened where that leaves one move) and
`why_illegal`, which names the rule. Methods of BakeriesState (state.py)."""

from __future__ import annotations

from collections.abc import Sequence

from ezkit.games import decks
from ezkit.games.bakeries.rules import (
    CONSOLE,
    FIVE,
    FLIP,
    GAME_INFO,
    HIRE,
    MINE,
    ORDER,
    PLACE,
    SECOND,
    STALE,
    THEIRS,
    Bakeries,
    counted,
)
from ezkit.games.engine import IllegalMove, Move, menu_number


class Typing:
    """Parsing and refusing moves, mixed into BakeriesState."""

    game: Bakeries

    # --- typing -----------------------------------------------------------------------------

    def parse(self, text: str) -> Move:
        """A move as typed: its text in any case, or its number in the menu (1-based); also
        `flip 8` (a position by number) and `place on mine 8` or `place Wedding Cake on theirs
        12` (the cake by name, or left out).

        Words and numbers match whole, word for word: a word may be shortened where that leaves
        one move (`ro`, `place on m 8`), a number or a position never (`place on mine 1` is no
        slot, not slot 10; `stale 1` neither), and a wrong one is refused with its range."""
        legal = self._legal_list()
        words = text.lower().split()
        n = menu_number(words[0]) if len(words) == 1 else None
        if n is not None:  # a number from the menu (ASCII digits: `²` and `１` are none)
            if 1 <= n <= len(legal):
                return legal[n - 1]
            raise IllegalMove(
                f"{text.strip()!r}: the menu has moves 1..{len(legal)}; "
                + self.why_illegal(Move(words[0]))
            )
        if not words:
            raise IllegalMove(self.why_illegal(Move("(nothing)")))
        # the move word shortened (`ro`): made whole, among the legal moves' first
        actions = [m.action for m in legal]
        words[0] = _expand(words[0], actions) or _expand(words[0], GAME_INFO["moves"]) or words[0]
        if len(words) == 2 and words[0] == "flip":
            p = self.game.position(words[1])
            if p is not None:
                words[1] = self.game.pos_names[p].lower()
        elif words and words[0] == "place" and "on" in words:
            on = words.index("on")
            cake = "-".join(words[1:on]) if on > 1 else None
            if cake is None and self.drawn >= 0:
                cake = self.game.cake_ids[self.drawn]
            if cake is not None:
                words = ["place", decks.normalise(cake), *words[on:]]
        whole = [m for m in legal if m.text().lower().split() == words]
        if whole:
            return whole[0]
        short = [m for m in legal if _fits(words, m.text().lower().split())]
        if len(short) == 1:
            return short[0]
        if short:
            options = ", ".join(repr(m.text()) for m in short[:8])
            raise IllegalMove(f"{text!r} could be several moves: {options}")
        raise IllegalMove(self.why_illegal(Move(words[0], tuple(words[1:]))))

    def why_illegal(self, move: Move) -> str:
        if self._to_move is None:
            return "the game is over (BK-1): no more moves"
        words = move.text().lower().split()
        word, rest = (words[0], words[1:]) if words else ("", [])
        reason = self._reason(word, rest)
        legal = self.legal_moves()
        shown = ", ".join(m.text() for m in legal[:12]) + (" ..." if len(legal) > 12 else "")
        return f"{move.text()!r}: {reason}; {self._name(self._to_move)} may: {shown}"

    def _flip_range(self) -> str:
        """How many cards this die turns over, in words: `exactly 1 card`, `exactly 3 cards`,
        `1 to 4 cards` (a 6, BK-3); fewer when fewer are face down."""
        lo, hi = self.flip_lo, self.flip_hi
        text = f"exactly {counted(lo, 'card')}" if lo == hi else f"{lo} to {counted(hi, 'card')}"
        if self.die and hi < self.game.die[self.die][1]:
            text += f" (only {hi} face down)"
        return text

    def _reason(self, word: str, rest: list[str]) -> str:
        game, step = self.game, self.step
        name = self._name(self._to_move or 0)
        if word not in GAME_INFO["moves"]:
            return "not a move of Bakeries"
        if word in ("first", "second"):
            return "the roll-off winner chooses first or second at the start of a round (BK-3)"
        if step == ORDER:
            return f"{name} won the roll-off and chooses 'first' or 'second' (BK-3)"
        if step == FLIP and not self.die and word in ("flip", "roll", "hire"):
            # a failed hire (no die was rolled this turn): the turn ends, the next is lost
            return f"the hire failed: 'stop' ends the turn, and {name} loses the next (BK-3)"
        if word == "flip":
            if step not in (FIVE, FLIP, HIRE, SECOND):
                return "cards are turned over only in phase one, after a roll or to hire (BK-3)"
            if len(rest) != 1 or game.position(rest[0]) is None:
                return f"name one board position, A1..{game.pos_names[-1]} or 1..{game.size}"
            p = game.position(rest[0])
            assert p is not None
            if self.board[p] < 0:
                return f"there is no card at {game.pos_names[p]} any more"
            if self.face_up[p]:
                return f"{game.pos_names[p]} is face up already"
            if step == FLIP and self.flipped >= self.flip_hi:
                allows = counted(self.flip_hi, "card")
                return f"the die allows {allows} and all are turned: 'stop' (BK-3)"
            return "not allowed now"
        if word == "stop":
            if step == FLIP:
                return (
                    f"a {self.die} turns over {self._flip_range()}: "
                    f"{counted(self.flipped, 'card')} turned so far (BK-3)"
                )
            if step == CONSOLE:
                return "the consolation round stops only after a hit (BK-6)"
            if step == HIRE:
                return (
                    "a hire goes on until the set is complete or a card shows it impossible (BK-3)"
                )
            if step == SECOND:
                return (
                    "the one chance is declined with 'pass' before its first card; then it goes"
                    " on until a set is complete or none can be (BK-3)"
                )
            if step == FIVE:
                return "after a 5: take the 5-bonus, or turn over 2 cards (BK-3)"
            return "nothing to stop now"
        if word == "bonus":
            return "the 5-bonus is taken instead of flipping, right after rolling a 5 (BK-3)"
        if word in ("roll", "hire"):
            if step in (FIVE, FLIP, HIRE, SECOND):
                return f"{name} is turning cards over: one roll or hire a turn (BK-3)"
            if word == "hire":
                return "a chef is hired in phase one, on one's turn instead of rolling (BK-3)"
            return f"{name} does not roll now"
        if word == "pass":
            return "only the second-chance player may pass, before their first card (BK-3)"
        if word == "place":
            if step != PLACE:
                return "cakes are placed in phase two, one drawn cake at a time (BK-4)"
            cake = game.cake_ids[self.drawn]
            if len(rest) != 4 or rest[1] != "on" or rest[2] not in (MINE, THEIRS):
                return f"type 'place {cake} on mine N' or 'place {cake} on theirs N' (BK-4)"
            if rest[0] != cake:
                return f"the cake drawn is {cake}, not {rest[0]}"
            slot = menu_number(rest[3])
            if slot not in game.slot_index:
                return "a case slot is 2..12"
            owner = self.active if rest[2] == MINE else 1 - self.active
            if self.cases[owner][game.slot_index[slot]] >= 0:
                return f"{self._name(owner)}'s slot {rest[3]} holds a cake already (BK-4)"
            return "not allowed now"
        if word == "stale":
            if step != STALE:
                return "a Stale card is played only after the opponent rolls a repeat (BK-5)"
            slot = menu_number(rest[0]) if len(rest) == 1 else None
            if slot not in game.slot_index:
                return "name the slot, 2..12: 'stale N'"
            i = game.slot_index[slot]
            r = self.active
            if self.sold[r][i]:
                return f"{self._name(r)}'s cake on slot {rest[0]} is sold already (BK-5)"
            return f"a cake carries at most {game.sale.stale_per_cake} Stale cards (BK-5)"
        if word in ("draw", "continue"):
            if step != CONSOLE:
                return "the consolation round (BK-6) is not being played"
            if word == "continue":
                return "'continue' comes after a hit of the consolation round (BK-6)"
            return "the number is drawn once; after a hit: 'stop' or 'continue' (BK-6)"
        return "not allowed now"


def _expand(word: str, words: Sequence[str]) -> str | None:
    """A typed move word, made whole if it is one of `words` or starts exactly one (`ro`)."""
    if word in words:
        return word
    found = {w for w in words if w.startswith(word)}
    return found.pop() if len(found) == 1 else None


def _fits(typed: Sequence[str], words: Sequence[str]) -> bool:
    """Whether what was typed is this move word for word: equal, or a word shortened (no word
    with a digit: a number or a position matches whole, `1` is never `10`)."""
    if len(typed) != len(words):
        return False
    for t, w in zip(typed, words, strict=True):
        if t == w:
            continue
        if menu_number(t) is not None and menu_number(t) == menu_number(w):
            continue
        if not t or any(ch.isdigit() for ch in t + w) or not w.startswith(t):
            return False
    return True
