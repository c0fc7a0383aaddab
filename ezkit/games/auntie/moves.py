"""Why a move is refused: the reasons a person reads when a typed move is not legal now.

`Reasons` is a part of AuntieState (state.py), mixed into it. Moves are parsed by the
engine (`State.parse`: the move's text, an abbreviation or a menu number); here each
refusal names the rule it follows and what the seat may do instead.
"""

from __future__ import annotations

from ezkit.games.auntie.rules import (
    _P_ASK,
    _P_DEFLECT,
    _P_EVENT,
    _P_INTERRUPT,
    ACTIONS,
    ASK_AUNTIE,
    BURDEN,
    DEFLECT,
    EVENT_GIVE_WORDS,
    EXCUSES,
    GIVE,
    INTERRUPT,
    PASS,
    STOP,
    SWAP,
    Auntie,
)
from ezkit.games.engine import Move


class Reasons:
    """Why a move is not legal now (a part of AuntieState)."""

    game: Auntie

    def why_illegal(self, move: Move) -> str:
        if self._to_move is None:
            return "the game is over (AU-9): no more moves"
        words = move.text().split()
        word, rest = (words[0].lower(), words[1:]) if words else ("", [])
        reason = self._reason(word, rest)
        legal = ", ".join(m.text() for m in self.legal_moves()[:12])
        more = " ..." if len(self.legal_moves()) > 12 else ""
        return f"{move.text()!r}: {reason}; {self._name(self._to_move)} may: {legal}{more}"

    def _reason(self, word: str, rest: list[str]) -> str:
        game, s, a, phase = self.game, self._to_move, self.active, self.phase
        assert s is not None
        name, active = self._name(s), self._name(a)
        if word not in (*ACTIONS, STOP, PASS, *EVENT_GIVE_WORDS.values()):
            return "not a move of Auntie's Fudge"
        if phase == _P_INTERRUPT:
            if word in EXCUSES or word == STOP:
                return f"{active} must wait: {name} is asked first whether to Interrupt (AU-4)"
            if word == INTERRUPT and rest:
                return "type just 'interrupt' (AU-4)"
            if word == DEFLECT:
                return "no Excuse has been played to deflect yet (AU-5)"
            return f"{name} is asked whether to Interrupt {active}'s turn: 'interrupt' or 'pass'"
        if phase == _P_DEFLECT:
            if word == DEFLECT:
                if len(rest) < 2 or rest[0] != "to":
                    return "name the new target: 'deflect to NAME' (AU-5)"
                t = game.seat(" ".join(rest[1:]))
                if t is None:
                    return f"no player named {' '.join(rest[1:])!r}"
                if t == s:
                    return "a Deflect names a new target other than yourself (AU-5)"
            if word == INTERRUPT:
                return "an Interrupt is played only before the first Excuse of a turn (AU-4)"
            return f"{name} is targeted and may 'deflect to NAME' or 'pass' (AU-5)"
        if phase == _P_ASK:
            if word == DEFLECT and rest:
                return (
                    "a Deflect against Ask Auntie only cancels your own draw: type 'deflect' (AU-5)"
                )
            return f"{name} may Deflect Ask Auntie to skip the draw: 'deflect' or 'pass' (AU-5)"
        if phase == _P_EVENT:
            e = self.event
            assert e is not None
            verb = EVENT_GIVE_WORDS[game.event_target[e]]
            if word == DEFLECT:
                return "Event cards cannot be deflected (AU-5)"
            if word != verb or len(rest) != 1:
                return f"{active} plays out {game.event_names[e]}: '{verb} V' (AU-7)"
            k = game.fudge_index.get(rest[0])
            if k is None:
                return f"{rest[0]!r} is not a fudge card (0..4 points)"
            return f"{active} holds no {rest[0]} fudge to give (AU-7)"
        # the active player's Excuse
        if word == INTERRUPT:
            return "Interrupt is played by a non-active player before the first Excuse (AU-4)"
        if word == DEFLECT:
            return "Deflect is played by the player an Excuse targets, not the active one (AU-5)"
        if word == PASS:
            return f"{active} plays an Excuse or types 'stop' to end the turn"
        if word in EVENT_GIVE_WORDS.values():
            return "that is how a Give event is played out, after Ask Auntie draws one (AU-7)"
        if self.played >= self.allowed:
            return f"{active} has played all {self.allowed} Excuses allowed this turn (AU-4)"
        return self._excuse_reason(word, rest)

    def _excuse_reason(self, word: str, rest: list[str]) -> str:
        game, a = self.game, self.active
        active = self._name(a)
        if word == STOP:
            return "type just 'stop'"
        if word == ASK_AUNTIE:
            if rest:
                return "Ask Auntie targets every other player: type just 'ask-auntie' (AU-6)"
            return f"{active} holds no Ask Auntie card"
        index = ACTIONS.index(word)
        card = game.action_names[index]
        if word == BURDEN:
            target_words = rest
        else:
            link = "to" if word == GIVE else "with"
            if len(rest) < 3 or rest[1] != link:
                return f"type '{word} V {link} NAME' (V: the fudge card's points)"
            if rest[0] not in game.fudge_index:
                return f"{rest[0]!r} is not a fudge card (0..4 points)"
            target_words = rest[2:]
        if not target_words:
            return f"name the target: '{word} NAME'"
        t = game.seat(" ".join(target_words))
        if t is None:
            return f"no player named {' '.join(target_words)!r}; players: {', '.join(game.players)}"
        if not self.hands[a][index]:
            return f"{active} holds no {card} card"
        if t == a:
            return "an Excuse targets another player, not yourself (AU-4)"
        if t == self.named:
            return (
                f"the second Excuse must name a different target than the first "
                f"({self._name(t)}) (AU-4)"
            )
        if word != BURDEN:
            if not self.fudge[a][game.fudge_index[rest[0]]]:
                return f"{active} holds no {rest[0]} fudge to {word} (AU-6)"
            if word == SWAP and not any(self.fudge[t]):
                return f"{self._name(t)} has no fudge to swap with (AU-6)"
        return "not allowed now"
