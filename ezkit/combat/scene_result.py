"""A fought scene's record: each `Round` (intents, exchanges, wounds, tracks) and the whole
`Result` (winner, fighters, log), with `as_dict()` for `ezkit fight scene --json`."""

from __future__ import annotations

from dataclasses import field
from typing import Any

from ezkit import strict
from ezkit.character.model import WoundMark
from ezkit.combat.scene_members import Member, find_member
from ezkit.records import record


@record(frozen=False)
class Round:
    """What happened in one round: intents, exchanges (melee and ranged), wounds, tracks."""

    number: int
    intents: dict[str, str] = field(default_factory=dict)
    rolls: dict[str, dict[str, int]] = field(default_factory=dict)
    exchanges: list[dict[str, Any]] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    wounds: list[dict[str, Any]] = field(default_factory=list)
    tracks: dict[str, str] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)
    brief: list[str] = field(default_factory=list)  # a line per exchange, the tracks once
    terrain: list[dict[str, Any]] = field(default_factory=list)  # terrain tests (EZ-18)
    down: list[str] = field(default_factory=list)  # who went down this round

    def as_dict(self) -> dict[str, Any]:
        return {
            "round": self.number,
            "intents": self.intents,
            "rolls": self.rolls,
            "exchanges": self.exchanges,
            "terrain_tests": self.terrain,
            "actions": self.actions,
            "wounds": self.wounds,
            "down": self.down,
            "tracks": self.tracks,
            "log": self.log,
        }


@record(frozen=False)
class Result:
    title: str
    seed: int
    sides: tuple[str, str]
    rounds: list[Round]
    winner: str  # a side's name, "stalemate" or "draw"
    members: list[Member]
    tracks: dict[str, str]
    log: list[str]
    round_cap: int
    brief: list[str] = field(default_factory=list)

    def fighter(self, name: str) -> Member:
        return find_member(self.members, name)

    def as_dict(self) -> dict[str, Any]:
        return {
            "scene": self.title,
            "seed": self.seed,
            "sides": list(self.sides),
            "winner": self.winner,
            "rounds_fought": len(self.rounds),
            "round_cap": self.round_cap,
            "rounds": [r.as_dict() for r in self.rounds],
            "tracks": self.tracks,
            "fudge_points_spent": {m.name: m.fudge_spent for m in self.members if m.fudge_spent},
            "fighters": [
                {
                    "name": m.name,
                    "side": m.side,
                    "pc": m.pc,
                    "source": m.source,
                    "status": m.status,
                    "track": self.tracks[m.name],
                    "marks": [strict.dump(WoundMark, mark) for mark in m.track],
                    # the trait each fights with, and why (EZ-24)
                    "melee_trait": m.melee.trait_info().as_dict(),
                    "ranged_trait": m.ranged.trait_info().as_dict() if m.ranged else None,
                    # ruling EZ-12: a PC's budget for the scene and what he spent of it
                    "fudge_points": (
                        {
                            "budget": m.fudge_points,
                            "spent": m.fudge_spent,
                            "left": m.fudge_left,
                            "policy": m.fudge_policy,
                        }
                        if m.pc
                        else None
                    ),
                }
                for m in self.members
            ],
            "log": self.log,
        }
