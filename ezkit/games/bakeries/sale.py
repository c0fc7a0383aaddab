"""Phases two and three (BK-4..BK-6): the cakes drawn and placed, the Cake Sale, the Stale
cards, the round's end and the consolation round. Methods of BakeriesState (state.py)."""

from __future__ import annotations

from ezkit.games.bakeries.rules import CONSOLE, MINE, PLACE, ROLL, STALE, Bakeries, half_up
from ezkit.games.engine import Event, Move


class CakeSale:
    """The moves of phases two and three, mixed into BakeriesState."""

    game: Bakeries

    # --- phase two (BK-4) -------------------------------------------------------------------

    @property
    def filled(self) -> list[int]:
        """How many cakes each case holds."""
        slots = len(self.game.slots)
        return [slots - len(self.open_slots[0]), slots - len(self.open_slots[1])]

    def _draw(self, seat: int, events: list[Event]) -> None:
        self.drawn = self.store.pop()
        self.active = seat
        self.step, self._to_move = PLACE, seat
        if self.narrate:
            cake = self.drawn
            name, price = self.game.cake_names[cake], self.game.cake_prices[cake]
            events.append(Event(f"{self._name(seat)} draws a {name} (${price})"))

    def _place(self, move: Move, events: list[Event]) -> None:
        game, me = self.game, self.active
        _, _, whose, slot = move.args
        owner = me if whose == MINE else 1 - me
        i = game.slot_index[int(slot)]
        self.cases[owner][i] = self.drawn
        self._case_ids[owner][i] = game.cake_ids[self.drawn]
        self.open_slots[owner].remove(i)
        if self.narrate:
            cake = game.cake_names[self.drawn]
            if owner == me:
                text = f"{self._name(me)} puts the {cake} on their own slot {slot}"
            else:
                text = (
                    f"{self._name(me)} puts the {cake} on {self._name(owner)}'s slot {slot}: "
                    '"YOU TAKE THE CAKE!"'
                )
            events.append(Event(text))
        self.drawn = -1
        full = [not self.open_slots[0], not self.open_slots[1]]
        if full[0] and full[1]:
            self._start_sale(events)
            return
        if full[0] or full[1]:
            # BK-4: one case is full: the other player draws and fills their own alone.
            self._draw(1 if full[0] else 0, events)
            return
        self._draw(1 - me, events)

    # --- phase three (BK-5, BK-6) ----------------------------------------------------------

    def _start_sale(self, events: list[Event]) -> None:
        first = self.first_hirer
        assert first is not None
        self.cur["phase_three_first"] = first
        self.active = first
        self.step, self._to_move = ROLL, first
        if self.narrate:
            events.append(
                Event(f"Phase three, the Cake Sale: {self._name(first)} rolls first (BK-5)")
            )

    def _stale_slots(self, seat: int) -> list[int]:
        """The roller's unsold cakes that may take one more Stale card (BK-5)."""
        most = self.game.sale.stale_per_cake
        sold, stale = self.sold[seat], self.stale[seat]
        return [i for i in range(len(sold)) if not sold[i] and stale[i] < most]

    def sale_value(self, seat: int, i: int) -> int:
        """What the cake on slot index i of seat's case sells for now (BK-5), whole dollars."""
        game = self.game
        price = game.cake_prices[self.cases[seat][i]]
        share = 100 - game.sale.stale_percent * self.stale[seat][i]
        return half_up(self.mult[seat] * price * game.slot_mult[i] * share)

    def _sale_roll(self, events: list[Event]) -> None:
        game, r = self.game, self.active
        a, b = self._d6(), self._d6()
        self.last_roll = (a, b)
        self.cur["rolls"] += 1
        n = a + b
        i = game.slot_index[n]
        if not self.sold[r][i]:
            value = self.sale_value(r, i)
            self.sold[r][i] = True
            self.sold_counts[r] += 1
            self.totals[r] += value
            self.sold_kinds[r].append(self.cases[r][i])
            if self.narrate:
                cake = game.cake_names[self.cases[r][i]]
                events.append(
                    Event(
                        f"{self._name(r)} rolls {n}: sells the {cake} for ${value:,} "
                        f'("Hey Bakery Customer, YOU TAKE THE CAKE!"); '
                        f"{self.sold_counts[r]} sold, ${self.totals[r]:,}"
                    )
                )
            if self.sold_counts[r] >= game.sale.cakes_to_win:
                self._round_won(r, events)
                return
        else:
            self.repeat = n
            if self.narrate:
                events.append(Event(f"{self._name(r)} rolls {n}, already sold (BK-5)"))
            if self.stale_deck > 0 and self._stale_slots(r):
                self.step, self._to_move = STALE, 1 - r
                return
            if self.narrate:
                why = "the Stale deck is empty" if not self.stale_deck else "no cake can take one"
                events.append(Event(f"No Stale card: {why} (BK-5)"))
        self._next_roller(events)

    def _next_roller(self, events: list[Event]) -> None:
        r = 1 - self.active
        self.active = r
        self.step, self._to_move = ROLL, r

    def _put_stale(self, move: Move, events: list[Event]) -> None:
        game, r = self.game, self.active
        i = game.slot_index[int(move.args[0])]
        self.stale[r][i] += 1
        self.stale_deck -= 1
        self.cur["stale_cards"][r] += 1
        if self.narrate:
            cake = game.cake_names[self.cases[r][i]]
            events.append(
                Event(
                    f"{self._name(1 - r)} puts a Stale card on {self._name(r)}'s {cake} "
                    f"(slot {move.args[0]}, now {self.stale[r][i]}); "
                    f"{self.stale_deck} left (BK-5)"
                )
            )
        self._next_roller(events)

    def _round_won(self, w: int, events: list[Event]) -> None:
        sale, cur = self.game.sale, self.cur
        loser = 1 - w
        distinct = len(set(self.sold_kinds[w])) == len(self.sold_kinds[w])
        bonus = sale.great_chef_bonus_percent if distinct else 0
        won = half_up(self.totals[w] * (100 + bonus))
        self.money[w] += won
        cur["winner"] = w
        cur["great_chef_bonus"] = distinct
        cur["sold"] = list(self.sold_counts)
        cur["sale_totals"] = list(self.totals)
        cur["sale_money"][w] = won
        if self.narrate:
            extra = f" + the Great Chef Bonus ({bonus}%) = ${won:,}" if distinct else ""
            events.append(
                Event(
                    f"{self._name(w)} sold {sale.cakes_to_win} cakes first: "
                    f"${self.totals[w]:,}{extra} (BK-6)"
                )
            )
        if self.mult[w] - self.mult[loser] >= sale.consolation_gap:
            # BK-6: a multiplier 3 or more below the winner's plays the consolation round.
            cur["consolation_played"] = True
            self.console = {
                "seat": loser,
                "total": self.totals[loser],
                "hits": 0,
                "percent": sale.loser_keeps_percent,
                "drawn": None,
                "roll": None,
            }
            self.active = loser
            self.step, self._to_move = CONSOLE, loser
            if self.narrate:
                events.append(
                    Event(
                        f"{self._name(loser)} ({self.mult[loser]}x against {self.mult[w]}x) plays "
                        "the Catch Up Consolation Clearance Cake Sale Round (BK-6)"
                    )
                )
            return
        self._settle(loser, sale.loser_keeps_percent, events)

    def _consolation(self, move: Move, events: list[Event]) -> None:
        game, sale = self.game, self.game.sale
        c = self.console
        assert c is not None
        s = c["seat"]
        if move.action == "stop":
            self._settle(s, c["percent"], events)
            return
        unsold = [game.slots[i] for i, sold in enumerate(self.sold[s]) if not sold]
        # the unsold numbers shuffled, the top one drawn: one of them at random
        if self._draws:
            self.reveal()  # GT-1: a draw, arranged (tests) or not, is final
            slot = self._draws.pop(0)
        else:
            slot = unsold[int(self.rng.random() * len(unsold))]
        a, b = self._d6(), self._d6()
        c["drawn"], c["roll"] = slot, a + b
        hit = a + b == slot
        if self.narrate:
            outcome = "a hit" if hit else "a miss"
            events.append(
                Event(f"{self._name(s)} draws slot {slot} and rolls {a + b}: {outcome} (BK-6)")
            )
        if not hit:
            c["hits"] = 0  # BK-6: a miss leaves (or drops them back to) 40%
            c["percent"] = sale.loser_keeps_percent
            self._settle(s, c["percent"], events)
            return
        c["hits"] += 1
        c["percent"] = sale.consolation_percent[c["hits"] - 1]
        if c["hits"] >= len(sale.consolation_percent):
            self._settle(s, c["percent"], events)

    def _settle(self, loser: int, percent: int, events: list[Event]) -> None:
        """The loser keeps their share of their cake sale total (BK-6); the round ends."""
        kept = half_up(self.totals[loser] * percent)
        self.money[loser] += kept
        cur = self.cur
        cur["sale_money"][loser] = kept
        cur["sold"] = list(self.sold_counts)
        cur["sale_totals"] = list(self.totals)
        if self.console is not None:
            cur["consolation"] = {
                "seat": loser,
                "hits": self.console["hits"],
                "percent": percent,
            }
        if self.narrate:
            events.append(
                Event(
                    f"{self._name(loser)} keeps {percent}% of ${self.totals[loser]:,}: "
                    f"${kept:,} (BK-6)"
                )
            )
        self.console = None
        self._end_round(events)
