"""The legal moves of Dudab and why a move is refused (mixed into DudabState); the moves
as typed are listed in the package's docstring (ezkit.games.dudab).

A reaction is the reacting seat's decision: after a Shaman the next player is to move and is
offered their Shamans and Dudabs for that column and `pass`. With an open Dudab request the
player to move meets it on the open Dudab or replaces it with a Dudab; only one who cannot
meet it shows the hand and draws (DU-3).

Each phase has its builder (`_turn_moves`, `_request_moves`, ...); what a move does is the
rules' `act_of[move]` (read by `apply`); `parse` reads a typed move and `why_illegal` says why one
is refused, with the seed section or ruling.
"""

from __future__ import annotations

import itertools
from bisect import bisect_left

from ezkit.games.dudab.rules import (
    _P_BABY,
    _P_CAPTURE,
    _P_JUNGLE,
    _P_REQUEST,
    _P_SHAMAN,
    _P_TRIM,
    DISCARD,
    DRAW,
    DUDAB,
    DUDAB_WORD,
    NUMBER,
    PASS,
    PLAY,
    SHAMAN,
)
from ezkit.games.engine import Move, menu_number


class LegalMoves:
    """The legal moves of each phase and the reasons for refusals, as methods of DudabState."""

    def _capture_moves(self) -> list[Move]:
        return self._discard_moves(len(self.hands[self._to_move or 0]) - 2)

    def _trim_moves(self) -> list[Move]:
        """One card at a time to the own pile, down to 5 (seed 002)."""
        return list(map(self.game.m_trim.__getitem__, sorted(set(self.hands[self._to_move or 0]))))

    def _jungle_moves(self) -> list[Move]:
        return list(map(self.game.m_jungle.__getitem__, self._jungle_columns()))

    def _baby_moves(self) -> list[Move]:
        return list(map(self.game.m_baby.__getitem__, self._baby_columns()))

    def _no_moves(self) -> list[Move]:
        return []

    def _allowed(self, c: int, reaction: bool = False) -> frozenset[int]:
        """The kinds of card that may be played on column c now (rules.played: not a Dudab,
        which goes on any column, DU-3): those the top card takes (seed 002; an open
        request, DU-3; a Shaman answering a Shaman goes on top of it, DU-3) and below a
        Jungle those the mirror rule lets through (DU-5)."""
        game = self.game
        col = self.cols[c]
        j = self.jungle[c]
        rows = game.answering if reaction else game.fitting
        if j < 0:
            if c == self.req_col:
                return game.meeting[self.req]
            return rows[col[-1]]
        below = len(col) - j - 1
        # DU-5: the mirror rule while there is a mirrored card, alone for the first card below
        mirror = game.mirroring[col[j - 1 - below]] if below < j else game.played
        top = col[-1]
        if below == 0 or game.type[top] == DUDAB:  # "any card may be played on a Dudab card"
            return mirror
        return mirror & rows[top]

    def _fits(self, k: int, c: int, reaction: bool = False) -> bool:
        """May card k (not a Dudab) be played on column c now?"""
        return k in self._allowed(c, reaction)

    def _turn_moves(self) -> list[Move]:
        """Each card of the hand on each column it fits, by card then column (a Dudab on any
        column, calling for nothing below a Jungle, seed 002); a draw below 5 cards, and with
        5 only when nothing can be played, with one card to the own pile (seed 002)."""
        game = self.game
        hand = self.hands[self.active]
        held = set(hand)
        columns, cols, jungle, fitting = game.columns, self.cols, self.jungle, game.fitting
        found: list[int] = []  # k * columns + c: card k on column c, in the menu's order
        jungled = 0  # bit c: column c holds a Jungle
        for c in range(columns):
            if jungle[c] < 0:
                fits = fitting[cols[c][-1]]
            else:  # DU-5: the mirror rule below a Jungle
                jungled |= 1 << c
                fits = self._allowed(c)
            if not fits.isdisjoint(held):  # (most columns take no card of the hand: asked first)
                for k in fits & held:
                    found.append(k * columns + c)
        found.sort()
        moves = list(map(game.m_play_at.__getitem__, found))
        if game.dudab_kind in held:  # in its place among the cards, by kind
            at = bisect_left(found, game.dudab_kind * columns)
            moves[at:at] = game.m_dudab_all[jungled]
        if len(hand) < game.hand_max:
            moves.append(game.m_draw)
        elif not moves:  # seed 002, Card draw: with 5 cards, only when none can be played
            moves += map(game.m_draw_discarding.__getitem__, sorted(held))
        return moves

    def _request_moves(self) -> list[Move]:
        """DU-3: meet the open request on the open Dudab, or replace it with a Dudab; only a
        player who cannot meet it shows his hand and draws."""
        game = self.game
        hand = self.hands[self.active]
        held = set(hand)
        c = self.req_col
        meeting = sorted(game.meeting[self.req] & held)  # a Dudab meets no call
        moves = [game.m_play[k][c] for k in meeting]
        if game.dudab_kind in held:  # in its place among the cards, by kind
            at = bisect_left(meeting, game.dudab_kind)
            moves[at:at] = game.m_dudab_req[c]
        if not meeting:
            if len(hand) < game.hand_max:
                moves.append(game.m_draw)
            else:
                moves += map(game.m_draw_discarding.__getitem__, sorted(held))
        return moves

    def _shaman_moves(self) -> list[Move]:
        """Seed 002, Shaman cards: another Shaman or a Dudab on it, or `pass` (reveal, draw)."""
        game = self.game
        c = self.shaman_col
        held = set(self.hands[self.active])
        answers = sorted(self._allowed(c, reaction=True) & held & game.shamans)
        moves = [game.m_play[k][c] for k in answers]
        if game.dudab_kind in held:  # in its place among the cards, by kind
            at = bisect_left(answers, game.dudab_kind)
            moves[at:at] = game.m_dudab_req[c] if self.jungle[c] < 0 else [game.m_dudab[c]]
        moves.append(game.m_pass)
        return moves

    def _discard_moves(self, count: int) -> list[Move]:
        """After a capture: `count` cards of the hand to discard, all to the discard pile or
        all to the own pile (seed 002, Placing cards)."""
        rules = self.game.rules
        made, make = rules.pairs, rules.discard_pair
        hand = sorted(self.hands[self._to_move or 0])
        moves: list[Move] = []
        for cards in dict.fromkeys(itertools.combinations(hand, count)):
            moves += made.get(cards) or make(cards)  # to the discard pile, to the own pile
        return moves

    def _jungle_columns(self) -> list[int]:
        """DU-7: every column without a (visible) Jungle, whatever its top card waits for."""
        return [c for c, j in enumerate(self.jungle) if j < 0]

    def _baby_columns(self) -> list[int]:
        pending = self._pending()
        return [c for c in range(self.game.columns) if c != pending]

    # --- reasons (why a move is refused) ----------------------------------------------------

    def parse(self, text: str) -> Move:
        """A typed move; `color` is read as `colour`, and the cards of a discard in any order."""
        words = text.lower().replace("color", "colour").split()
        if words[:1] == [DISCARD] and "to" in words:
            at = words.index("to")
            order = self.game.kind_of
            cards = sorted(words[1:at], key=lambda w: order.get(w, len(order)))
            words = [DISCARD, *cards, *words[at:]]
        return super().parse(" ".join(words))

    def why_illegal(self, move: Move) -> str:
        if self._to_move is None:
            return "the game is over (DU-2: every round has been played): no more moves"
        words = move.text().lower().split()
        reason = self._reason(words[0] if words else "", words[1:])
        legal = self._legal_list()
        shown = ", ".join(m.text() for m in legal[:12])
        more = " ..." if len(legal) > 12 else ""
        return f"{move.text()!r}: {reason}; {self._name(self._to_move)} may: {shown}{more}"

    def _reason(self, word: str, rest: list[str]) -> str:
        s, phase = self._to_move or 0, self.phase
        name = self._name(s)
        if word not in (PLAY, DUDAB_WORD, DRAW, PASS, DISCARD, "jungle", "baby"):
            return "not a move of Dudab (play, dudab, draw, pass, discard, jungle, baby)"
        if phase == _P_CAPTURE:
            return (
                f"{name} took a column and discards down to 2 cards, all to one pile: "
                f"'discard CARDS to discard-pile' or '... to own-pile' (seed 002, Placing cards)"
            )
        if phase == _P_TRIM:
            end = "; the round is scored after (DU-6)" if not self.deck else ""
            return f"{name} holds more than 5 cards: 'discard CARD to own-pile' (seed 002{end})"
        if phase == _P_JUNGLE:
            return f"{name} drew a Jungle and places it: 'jungle on N', a column without one (DU-7)"
        if phase == _P_BABY:
            pending = self._pending()
            if word == "baby" and rest[:2] == ["on", str(pending + 1)]:
                return (
                    f"column {pending + 1} waits for an answer (an open request or a Shaman): "
                    "a Baby goes on another column (DU-5, the module's reading)"
                )
            return f"{name} drew a Baby and places it at once: 'baby on N' (DU-5)"
        if word in ("jungle", "baby"):
            return f"a {word} card is placed when it is drawn, not played from the hand (DU-5)"
        if word == DISCARD:
            return "cards are discarded after taking a column or above 5 cards in hand"
        if phase == _P_SHAMAN:
            k = self.game.kind_of.get(rest[0]) if word == PLAY and rest else None
            at = rest[1:3] == ["on", str(self.shaman_col + 1)]
            if at and k is not None and k in self.hands[s] and self.game.type[k] == SHAMAN:
                return self._misfit(k, self.shaman_col)  # a Shaman on it, but not fitting
            return (
                f"{name} must answer the Shaman on column {self.shaman_col + 1}: a Shaman or a "
                "Dudab on it, or 'pass' to reveal and draw (seed 002, Shaman cards; DU-3)"
            )
        if word == PASS:
            return "'pass' answers a Shaman; nobody played one to answer"
        if word == DRAW:
            return self._draw_reason(rest)
        return self._place_reason(word, rest)

    def _draw_reason(self, rest: list[str]) -> str:
        hand = self.hands[self.active]
        full = len(hand) >= self.game.hand_max
        legal = self._legal_list()
        if self.phase == _P_REQUEST and any(m.action == PLAY for m in legal):
            return f"a card in hand meets the request {self._request_text()}: it must be played"
        if full and not any(m.action == DRAW for m in legal):
            # seed 002, Card draw: the five-card rule comes first; naming a card won't help
            return "with 5 cards a player may draw only when no card can be played (seed 002)"
        if full and rest[:1] != ["discarding"]:
            return "with 5 cards, name the card for the own pile: 'draw discarding CARD'"
        if full:  # the draw is allowed (a Dudab in hand does not forbid it, DU-3)
            return f"{' '.join(rest[1:])!r} is not a card in hand"
        return "with fewer than 5 cards just type 'draw'"

    def _place_reason(self, word: str, rest: list[str]) -> str:
        game = self.game
        name = self._name(self.active)
        if word == DUDAB_WORD:
            card, where = "dudab", rest
        else:
            card, where = (rest[0] if rest else ""), rest[1:]
        k = game.kind_of.get(card)
        if k is None:
            return f"{card!r} is not a Dudab card (e.g. red-3-hand, shaman-blue, dudab)"
        if k not in self.hands[self.active]:
            return f"{name} holds no {card}"
        if word == PLAY and k == game.dudab_kind:
            return "a Dudab is played as 'dudab on N request colour|value|symbol X'"
        column = menu_number(where[1]) if len(where) >= 2 and where[0] == "on" else None
        if column is None:
            return f"say where: '{word} {card} on N'" if word == PLAY else "say 'dudab on N ...'"
        c = column - 1
        if not 0 <= c < game.columns:
            return f"there is no column {where[1]}; the columns are 1..{game.columns}"
        if self.phase == _P_REQUEST and c != self.req_col:
            return (
                f"the request {self._request_text()} must be met first: no other card may be "
                "played (seed 002, Dudab cards)"
            )
        if word == DUDAB_WORD:
            if self.jungle[c] >= 0:
                return "below a Jungle a Dudab calls for nothing: 'dudab on N' (seed 002)"
            return "call for a card: 'dudab on N request colour red|value 3|symbol hand' (DU-3)"
        if self.phase == _P_REQUEST:
            return f"{card} does not meet the request {self._request_text()} (DU-3)"
        return self._misfit(k, c)

    def _misfit(self, k: int, c: int) -> str:
        game = self.game
        col = self.cols[c]
        card, top = game.ids[k], game.ids[col[-1]]
        j = self.jungle[c]
        if j >= 0:
            below = len(col) - j - 1
            if below < j and not game.mirror[col[j - 1 - below]][k]:
                mirrored = game.ids[col[j - 1 - below]]
                return (
                    f"below the Jungle {card} must mirror {mirrored}, the card at the same "
                    "distance above it (DU-5)"
                )
        t, u = game.type[k], game.type[col[-1]]
        if t == SHAMAN:
            return f"a Shaman goes on a Number card of its colour, not on {top} (seed 002)"
        if u == SHAMAN:
            return f"a Number card goes on a Shaman of its colour, not on {top} (seed 002)"
        if u == NUMBER:
            return (
                f"{card} cannot go on {top}: one higher or lower, another colour and another "
                "symbol (seed 002, Number cards)"
            )
        return f"{card} cannot go on {top} (seed 002)"
