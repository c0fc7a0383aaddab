"""The Bakeries bots (registered in ezkit.games.bots, which imports this module when asked).

    BakeriesBot    remembers the board cards its views showed it (the "heuristic" bot never
                   forgets; "forgetful" loses each card with a chance per turn, `forgetful:0.25`
                   to set it), hires a set it knows, places and stales by expected value, plays
                   the consolation round sensibly
    forgetful()    the factory of the "forgetful" bot (ezkit.games.bots.TUNABLE)

A bot sees exactly what its seat may see, `state.view(seat)`, and the legal moves (BK-3: memory
is the player's own; GT-1).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ezkit.errors import InputError
from ezkit.games.bakeries.tables import BakeriesTables
from ezkit.games.engine import Move

#: The moves it names itself, made once (a Move is cheap, but made at every turn).
HIRE, ROLL, BONUS, FIRST = Move("hire"), Move("roll"), Move("bonus"), Move("first")
STOP, CONTINUE = Move("stop"), Move("continue")


class BakeriesBot:
    """A Bakeries player that reads only its view (BK-3: memory is the player's own).

    Memory: the view shows only the board cards face up now, so the bot keeps, per seat, what
    its views showed it this round ({position: card id}); with `forget` > 0 each remembered
    card is lost with that chance per phase-one turn gone by (the "forgetful" bot, default
    0.1). One bot object may serve both seats and game after game: memory is kept per seat and
    starts afresh at a new round or a new game (the view's round and move clock go back).

    Phase one: hires as soon as it remembers a whole set (the highest), chef first; rolls
    otherwise, turns over cards it has not seen, takes the 5-bonus from `bonus_at` dollars;
    the second chance goes for the allowed set it knows best. Phase two: a cake dearer than the
    store's average goes where it earns most on its own case, a cheaper one where it costs the
    opponent most, weighed by chef multipliers and each slot's multiplier times the chance its
    number comes up in a round. Phase three: a Stale card on the opponent's unsold cake worth
    most (value times that chance). Consolation: goes for 80% only when, in the last round,
    60% loses the game and 80% does not.
    """

    name = "heuristic"
    reads_view = True
    #: It learns from every view, also at a decision with one legal move (the `stop` after
    #: the last card it turned): a caller that skips forced decisions should still ask it.
    sees_forced = True
    #: It keeps memory between calls: a saved game reloaded must show it the game again.
    remembers = True
    #: rolls a player makes in a typical cake sale (phase three), for "the chance a number
    #: comes up"
    ROLLS = 12

    def __init__(self, forget: float = 0.0, bonus_at: int = 1000) -> None:
        from ezkit.games import decks

        if not 0.0 <= forget <= 1.0:
            raise InputError(f"a forgetting chance is 0..1, not {forget}")
        self.forget = forget
        self.bonus_at = bonus_at
        if forget:
            self.name = "forgetful"
        deck = decks.deck("bakeries")
        tables = deck.tables
        assert isinstance(tables, BakeriesTables)
        self.tables = tables
        #: card id -> (kind, multiplier, multipliers a wild stands in)
        self.cards: dict[str, tuple[str, int, frozenset[int]]] = {}
        for card in deck.of("chef"):
            kind = str(card.component) if card.component in ("chef", "wild") else "component"
            self.cards[card.id] = (kind, int(card.multiplier or 0), frozenset(card.wild_for or ()))
        self.components = {
            m: sum(1 for k, x, _ in self.cards.values() if k == "component" and x == m)
            for m in (s.multiplier for s in tables.chef_sets)
        }
        cakes = deck.of("cake")
        self.price = {c.id: int(c.price or 0) for c in cakes}
        self.count = {c.id: c.count for c in cakes}
        self.cakes = sum(self.count.values())
        self.prices = sum(self.price[c] * k for c, k in self.count.items())
        ways = {n: 6 - abs(n - 7) for n in range(2, 13)}  # 2d6: ways out of 36
        self.chance = {n: 1 - (1 - ways[n] / 36) ** self.ROLLS for n in ways}
        #: per slot (as a move names it), its multiplier times the chance of rolling it: what
        #: a cake placed there is worth, per dollar of its price and chef multiplier
        self.worth = {str(row.slot): row.multiplier * self.chance[row.slot] for row in tables.case}
        self.memory: dict[int, dict[str, Any]] = {}
        #: a board position's cell in the view's rows: `B3` is row 1, column 2
        self.cell = {
            f"{chr(65 + r)}{c + 1}": (r, c)
            for r in range(tables.board["rows"])
            for c in range(tables.board["columns"])
        }

    @staticmethod
    def learns_from(move: Move) -> bool:
        """Whether the view at a forced `move` teaches it anything: its memory is of phase
        one's board, and a forced roll, placing or Stale card is the cake sale's (phase one's
        turn always offers roll and hire). Showing it those views changes no choice and draws
        no random number (_observe reads only phase one); skipping them saves a fifth of
        the views a simulation builds."""
        return move.action not in ("roll", "place", "stale")

    # --- memory ---------------------------------------------------------------------------

    def _observe(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        seat = view["seat"]
        mem = self.memory.get(seat)
        if mem is None or mem["round"] != view["round"] or view["moves"] < mem["moves"]:
            mem = {"round": view["round"], "moves": 0, "turn": 0, "cards": {}}
            self.memory[seat] = mem
        mem["moves"] = view["moves"]
        if view["phase"] != 1:
            return mem
        cards: dict[str, str] = mem["cards"]
        turn = view["turn"]
        if self.forget and turn > mem["turn"] and cards:
            keep = (1.0 - self.forget) ** (turn - mem["turn"])
            for pos in list(cards):
                if rng.random() >= keep:
                    del cards[pos]
        mem["turn"] = turn
        cards.update(view["face_up"])
        return mem

    def _on_board(self, view: dict[str, Any], pos: str) -> bool:
        r, c = self.cell[pos]
        return view["board"][r][c] != ""

    def _fits(self, ids: list[str], m: int) -> bool:
        chefs = components = wilds = 0
        for cid in ids:
            kind, mult, wild_for = self.cards[cid]
            if kind == "wild":
                if m not in wild_for:
                    return False
                wilds += 1
            elif mult != m:
                return False
            elif kind == "chef":
                chefs += 1
            else:
                components += 1
        return (
            chefs <= 1
            and wilds <= self.tables.wilds_per_set
            and components + wilds <= self.components.get(m, 0)
        )

    def _plan(
        self, known: dict[str, str], m: int, done: list[str], places: set[str]
    ) -> list[str] | None:
        """Positions still to turn for the m set, given those turned (`done`), from what it
        remembers among `places`; None if memory does not hold a whole set."""
        ids = [known[p] for p in done if p in known]
        need_chef = not any(self.cards[c][0] == "chef" for c in ids)
        wilds_left = self.tables.wilds_per_set - sum(self.cards[c][0] == "wild" for c in ids)
        others = self.components.get(m, 0) - sum(self.cards[c][0] != "chef" for c in ids)
        chef: list[str] = []
        parts: list[str] = []
        wilds: list[str] = []
        for pos, cid in known.items():
            if pos in done or pos not in places:
                continue
            kind, mult, wild_for = self.cards[cid]
            if kind == "chef" and mult == m and need_chef:
                chef = [pos]
            elif kind == "component" and mult == m:
                parts.append(pos)
            elif kind == "wild" and m in wild_for:
                wilds.append(pos)
        if need_chef and not chef:
            return None
        parts = parts[:others]
        if len(parts) < others and wilds_left > 0 and wilds:
            parts.append(wilds[0])
        if len(parts) < others:
            return None
        return chef + parts

    def _knows_a_set(self, view: dict[str, Any], known: dict[str, str]) -> bool:
        """Whether memory holds a whole set on the board: `_plan(known, m, [], on board)` is
        not None for some multiplier m, counted in one pass over what it remembers. With
        nothing hired yet a plan needs the set's chef, and its other cards from the set's
        components, one wild standing in for a missing one."""
        chefs: set[int] = set()
        parts: dict[int, int] = {}
        wilds: dict[int, int] = {}
        board, cell, cards = view["board"], self.cell, self.cards
        for pos, cid in known.items():
            r, c = cell[pos]
            if board[r][c] == "":
                continue  # gone from the board (hired)
            kind, mult, wild_for = cards[cid]
            if kind == "chef":
                chefs.add(mult)
            elif kind == "component":
                parts[mult] = parts.get(mult, 0) + 1
            elif kind == "wild":
                for m in wild_for:
                    wilds[m] = wilds.get(m, 0) + 1
        one_wild = 1 if self.tables.wilds_per_set > 0 else 0
        for m in self.components:
            if m not in chefs:
                continue
            have, others = parts.get(m, 0), self.components[m]
            if have >= others or (wilds.get(m) and have + one_wild >= others):
                return True
        return False

    # --- choosing ---------------------------------------------------------------------------

    def choose(self, view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
        mem = self._observe(view, rng)
        if len(legal) == 1:
            return legal[0]
        step = view["step"]
        if step == "turn":
            return HIRE if self._knows_a_set(view, mem["cards"]) else ROLL
        if step in ("flip", "five"):
            if step == "five" and (view["bonus"] or 0) >= self.bonus_at:
                return BONUS
            return self._explore(mem, legal, rng)
        if step == "hire":
            return self._hire(view, mem, legal, rng)
        if step == "second-chance":
            return self._second(view, mem, legal, rng)
        if step == "place":
            return self._place(view, legal, rng)
        if step == "stale":
            return self._stale(view, legal, rng)
        if step == "consolation":
            return self._consolation(view, legal)
        if step == "order":
            return FIRST
        return legal[0]

    def _explore(self, mem: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
        """Turn over a card it has not seen; stop only when nothing may be turned."""
        seen = mem["cards"]
        fresh = [m for m in legal if m.action == "flip" and m.args[0] not in seen]
        pool = fresh or [m for m in legal if m.action == "flip"] or list(legal)
        return rng.choice(pool)  # as pool[rng.randrange(len(pool))]: the same draw

    def _hire(
        self, view: dict[str, Any], mem: dict[str, Any], legal: Sequence[Move], rng: random.Random
    ) -> Move:
        known: dict[str, str] = mem["cards"]
        done: list[str] = view["hire"]
        places = {m.args[0] for m in legal if m.action == "flip"}
        if done:
            chef = known.get(done[0])
            targets = [self.cards[chef][1]] if chef else []
        else:
            targets = sorted(self.components, reverse=True)
        for m in targets:
            plan = self._plan(known, m, done, places)
            if plan:
                return Move("flip", (plan[0],))
        return self._explore(mem, legal, rng)

    def _second(
        self, view: dict[str, Any], mem: dict[str, Any], legal: Sequence[Move], rng: random.Random
    ) -> Move:
        known: dict[str, str] = mem["cards"]
        done: list[str] = view["hire"]
        # in the legal moves' order: a set's order hangs on Python's string hashing, which
        # differs from one process to the next (the same seed must play the same game)
        flips = [m.args[0] for m in legal if m.action == "flip"]
        places = set(flips)
        ids = [known[p] for p in done if p in known]
        best: tuple[int, int, float, list[str]] | None = None
        for m in view["second_chance"]["multipliers"]:
            if not self._fits(ids, m):
                continue
            plan = self._plan(known, m, done, places)
            if plan is not None:
                key = (1, m, 0.0, plan)
            else:  # what it remembers of that set, turned first; then a guess
                fits = [p for p in flips if p in known and self._fits([*ids, known[p]], m)]
                key = (0, len(fits), rng.random(), fits)  # GT-2: equal sets at random
            if best is None or key[:3] > best[:3]:
                best = key
        if best is not None and best[3]:
            return Move("flip", (best[3][0],))
        return self._explore(mem, legal, rng)

    def _place(self, view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
        me = view["seat"]
        mine, theirs = view["multipliers"][me], view["multipliers"][1 - me]
        price = self.price[view["drawn"]]
        # the store's average price: the deck less every cake on the cases and the one drawn
        # (whole numbers taken from the deck's totals: the same sums as cake by cake)
        n = self.cakes - 1
        total = self.prices - price
        for case in view["cases"]:
            for cake in case:
                if cake is not None:
                    n -= 1
                    total -= self.price[cake]
        mean = total / n if n else price
        worth = self.worth
        mine_by, theirs_by = price - mean, mean - price
        draw = rng.random
        best: Move | None = None
        best_gain = best_draw = 0.0
        for move in legal:  # the highest (gain, a draw for ties); a draw for every move (GT-2)
            args = move.args
            if args[2] == "mine":
                gain = mine * worth[args[3]] * mine_by
            else:
                gain = theirs * worth[args[3]] * theirs_by
            drawn = draw()
            if best is None or gain > best_gain or (gain == best_gain and drawn > best_draw):
                best, best_gain, best_draw = move, gain, drawn
        assert best is not None
        return best

    def _stale(self, view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
        roller = view["stale_for"]
        case, stale = view["cases"][roller], view["stale"][roller]
        index = {slot: i for i, slot in enumerate(view["slots"])}
        step = self.tables.sale.stale_percent / 100

        def worth(move: Move) -> tuple[float, float]:
            slot = int(move.args[0])
            i = index[slot]
            value = self.price[case[i]] * view["slot_multipliers"][i] * (1 - step * stale[i])
            return value * self.chance[slot], rng.random()  # GT-2: equal slots at random

        return max(legal, key=worth)

    def _consolation(self, view: dict[str, Any], legal: Sequence[Move]) -> Move:
        c, me = view["consolation"], view["seat"]
        stop, go = STOP, CONTINUE
        if stop not in legal or go not in legal:
            return legal[0]
        if view["round"] < view["rounds"]:
            return stop  # a hit is at most 1 in 6: keeping 60% is worth more than a try
        shares = self.tables.sale.consolation_percent
        mine, theirs = view["scores"][me], view["scores"][1 - me]
        now = mine + c["total"] * c["percent"] / 100
        better = mine + c["total"] * shares[min(c["hits"], len(shares) - 1)] / 100
        return go if now < theirs <= better else stop


def forgetful(game: str, parameter: str | None = None) -> BakeriesBot:
    if game != "bakeries":
        raise InputError(f"the forgetful bot plays Bakeries only, not {game!r}; try 'random'")
    if parameter is None:
        return BakeriesBot(forget=FORGET)
    try:
        chance = float(parameter)
    except ValueError:
        raise InputError(f"forgetful:{parameter}: the chance to forget is a number 0..1") from None
    bot = BakeriesBot(forget=chance)
    bot.name = f"forgetful:{parameter}"
    return bot


#: The forgetful bot's chance to lose a remembered card per phase-one turn.
FORGET = 0.1
