"""`ezkit fight scene`: a whole fight from a scene file, round by round (EZ-14..EZ-20), with
the GM's orders between rounds (--step), a stopped scene saved and resumed, and its wounds
and spent Fudge Points applied to the campaign (--apply)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ezkit import rules as rules_data
from ezkit.character.files import in_campaign, parse_character
from ezkit.character.model import Character
from ezkit.cli.params import (
    SAVED_ID,
    Command,
    db_option,
    emit_json,
    json_option,
    pick_seed,
    rules_option,
    seed_option,
)
from ezkit.errors import DocumentError, EzkitError, RuleError
from ezkit.store import open_campaign
from ezkit.terminal import safe_line

SCENE_EXAMPLE = """\b
Examples:
  ezkit fight scene examples/scenes/tavern-brawl.yaml --seed 1
  ezkit fight scene examples/scenes/tavern-brawl.yaml --seed 1 --brief
  ezkit fight scene examples/scenes/warehouse-shootout.yaml --seed 4 --json
  ezkit fight scene my-scene.yaml --seed 7 --apply --db campaign.json
  ezkit fight scene my-scene.yaml --step          (orders between rounds; stop to save)
  ezkit fight scene --resume 1 --step             (go on with a stopped scene)"""


@click.command("scene", cls=Command, epilog=SCENE_EXAMPLE)
@click.argument(
    "file", required=False, type=click.Path(exists=True, dir_okay=False, path_type=Path)
)
@seed_option
@click.option(
    "--step",
    is_flag=True,
    help="Round by round: before each round the GM may change what a fighter does "
    "(NAME ACTION, NAME tactic T; `help` lists them), or `stop`: the scene is saved in the "
    "campaign, to go on with --resume ID.",
)
@click.option("--brief", is_flag=True, help="A line per exchange, the tracks once a round.")
@click.option(
    "--resume",
    "resume_id",
    type=SAVED_ID,
    metavar="ID",
    help="Go on with a scene stopped with --step (its id in the campaign; the seed, the "
    "rules and the PCs as they were are saved with it).",
)
@click.option(
    "--apply",
    is_flag=True,
    help="At the end: mark the campaign PCs' wounds, take their spent Fudge Points off.",
)
@db_option
@rules_option
@json_option
def scene_command(
    file: Path | None,
    seed: int | None,
    step: bool,
    brief: bool,
    resume_id: int | None,
    apply: bool,
    db: Path | None,
    house_rules: Path | None,
    as_json: bool,
) -> None:
    """Fight a whole scene from FILE, round by round in the book's order (EZ-14..EZ-20).

    FILE lists two sides: PCs from the campaign (pc: NAME) or character files (file: PATH),
    and NPC stat lines (npc: "NAME: RANK TRAIT, INJ N, CPD N"), each with a range, a default
    action and optional scripted rounds; the format is described in examples/scenes/. A PC
    with no default action is asked what to do when ezkit runs at a terminal.
    """
    import sys

    from ezkit.character.asking import Console
    from ezkit.combat import saved
    from ezkit.combat import scene as scenes

    if (file is None) == (resume_id is None):
        raise click.UsageError(
            "give the scene FILE, or --resume ID to go on with a stopped scene (not both)"
        )
    if resume_id is not None and seed is not None:
        raise click.UsageError("--resume fights on with the scene's saved seed: leave out --seed")
    if as_json and (step or brief):
        raise click.UsageError("--step and --brief are for the text: --json prints everything")

    record: dict[str, Any] | None = None
    if resume_id is not None:
        record = saved.get(db, resume_id)
        if record.get("status") == "over":
            winner = record.get("winner")
            if winner in (scenes.STALEMATE, scenes.DRAW):
                how = f"a {winner}"
            elif isinstance(winner, str) and winner:
                how = f"{safe_line(winner)} won"
            else:  # a record kept without its winner (edited by hand): no "None won"
                how = "it ended"
            raise RuleError(
                f"saved scene {resume_id} ({record.get('title')}) is over: {how} after "
                f"{record['rounds']} rounds; nothing to resume"
            )
        if house_rules is not None and str(house_rules) != record.get("rules"):
            raise click.UsageError(
                f"--resume fights on with the rules the scene began with "
                f"({record.get('rules') or 'the book'}): leave out --rules"
            )
        rules = rules_data.load(record.get("rules"))
        loaded = scenes.from_snapshots(
            record["document"], record["characters"], rules, f"saved scene {resume_id}"
        )
        seed = int(record["seed"])
        apply = apply or bool(record.get("apply"))
    else:
        assert file is not None
        rules = rules_data.load(house_rules)

        def lookup(name: str) -> Character:
            with open_campaign(db) as campaign:
                doc = campaign.get_character(name)
                return parse_character(doc, in_campaign(doc))

        loaded = scenes.load(file, rules, lookup)
        seed = pick_seed(seed)
    rules_file = record.get("rules") if record else (str(house_rules) if house_rules else None)
    asker = None
    if not as_json and sys.stdin.isatty():
        asker = Console(
            lambda text, default: click.prompt(text, default=default, show_default=bool(default)),
            click.echo,
        )
    echo = None if as_json else click.echo
    fight_ = scenes.Fight(loaded, rules, seed, asker, echo, brief)
    fight_.steering = step

    def keep(status: str, winner: str | None = None) -> dict[str, Any]:
        return {
            "title": loaded.title,
            "file": str(file) if file is not None else (record or {}).get("file"),
            "seed": seed,
            "rules": rules_file,
            "document": loaded.document,
            "characters": loaded.snapshots,
            "orders": fight_.orders,
            "rounds": len(fight_.rounds),
            "apply": apply,
            "status": status,
            "winner": winner,
        }

    if record is not None:
        fight_.echo = None
        fight_.start()
        try:
            notes = fight_.replay(record["orders"], int(record["rounds"]))
        except EzkitError as error:
            raise DocumentError(
                f"saved scene {resume_id} cannot be fought again: {error}"
            ) from None
        _resume_notes(record, resume_id, notes)
        fight_.echo = echo
        if echo is not None:
            echo(
                f"Scene {resume_id}: {loaded.title} (seed {seed}), resumed after round "
                f"{len(fight_.rounds)}"
            )
            for side in loaded.sides:
                echo(f"  {fight_.side_line(side)}")
    else:
        fight_.start()
    begun = (len(fight_.rounds), len(fight_.orders))
    while not fight_.over():
        if step:
            try:
                go_on = _steer(fight_)
            except (click.Abort, EOFError):
                if (len(fight_.rounds), len(fight_.orders)) == begun:  # nothing new to keep
                    kept = f"it stays saved as scene {resume_id}" if resume_id else "nothing saved"
                    click.echo(f"\nInput ended before the round: {kept}", err=True)
                    sys.exit(1)
                scene_id = saved.save(db, keep("stopped"), resume_id)
                click.echo(
                    f"\nInput ended: the scene is saved as scene {scene_id}; go on with: "
                    f"ezkit fight scene --resume {scene_id} --step",
                    err=True,
                )
                sys.exit(1)
            if not go_on:
                scene_id = saved.save(db, keep("stopped"), resume_id)
                later = " (--apply is kept: applied when it ends)" if apply else ""
                click.echo(
                    f"Stopped after round {len(fight_.rounds)}: saved in the campaign as scene "
                    f"{scene_id}; go on with: ezkit fight scene --resume {scene_id} --step{later}"
                )
                return
        fight_.play_round()
    result = fight_.finish()
    applied: dict[str, str] = {}
    if apply or record is not None:
        with open_campaign(db) as campaign:  # one write: the wounds, the points, the record
            if apply:
                applied = scenes.apply_in(campaign, result, rules)
            if record is not None and resume_id is not None:
                saved.save_in(campaign, keep("over", result.winner), resume_id)
    skipped = [
        m.name
        for m in result.members
        if apply and m.source == "file" and (m.taken or m.fudge_spent)
    ]
    if as_json:
        emit_json({**result.as_dict(), "applied": applied})
        return
    for name, track in applied.items():
        click.echo(f"applied to the campaign: {name}: {track}")
    for name in skipped:
        click.echo(f"not applied: {name} was read from a file, not the campaign")


def _resume_notes(record: dict[str, Any], scene_id: int, notes: list[str]) -> None:
    """On stderr (the JSON stays whole): a scene saved under other rules (its rounds were
    fought again by these), and the saved orders these rules read otherwise."""
    from ezkit.combat import saved

    for line in saved.revision_warning(record, scene_id):
        click.echo(safe_line(line), err=True)
    for note in notes:
        click.echo(f"Saved scene {scene_id}, {safe_line(note)}", err=True)


def _steer(fight_: Any) -> bool:
    """The GM's turn before a round: orders until Enter (True) or `stop` (False)."""
    from ezkit.combat import scene as scenes

    number = len(fight_.rounds) + 1
    while True:
        line = click.prompt(
            f"Round {number}: Enter to fight it, or an order (help)",
            default="",
            show_default=False,
        )
        kind = scenes.command_kind(line)
        if kind == scenes.GO:
            return True
        if kind == scenes.STOP:
            return False
        if kind == scenes.HELP:
            click.echo(scenes.STEER_HELP)
            continue
        try:
            click.echo(f"  {fight_.steer(line)}")
        except EzkitError as error:
            click.echo(f"  {error}")
