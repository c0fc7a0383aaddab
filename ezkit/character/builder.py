"""Make a character one question at a time: the "Make A Character" flowchart, or point-buy.

Two layers:

- small pure functions that take a character (the draft so far) and return it changed, or raise
  BuildError naming the rule the change breaks (`set_role`, `set_attribute`, `add_gift`,
  `apply_swap`, ...). They price everything with check.py's own functions (`flowchart_budgets`,
  `build_points`, `role_cost` through them, `gift_weight`) and judge legality with check.py's own
  rules, so a choice the builder accepts is one `ezkit char check` accepts;
- `walk`, which asks the questions in the flowchart's order through an `Asker` (anything with
  `ask(text, default)` and `say(text)`), says what each step has left to spend and what each
  rank it offers costs (only ranks the change functions accept are offered), checks the budget
  before asking a role's or gift's details, and on an illegal answer says why, with the rule's
  ID, and asks again. `back` at any question goes back to the question before: the walk starts
  over and replays, silently, every answer but the last one accepted. The CLI hands it a
  `Console` over click.prompt and click.echo; tests hand it a script.

The draft is a `Character` from the first answer on, so every budget is the checker's.

This module holds the character file the builder writes (`file_name`, `to_document`, `to_yaml`,
`output_path`); the rest lives beside it: `draft` (the change functions and budgets), `walk`
(the questions) and `asking` (`Asker`, `Console`, and the answers kept for `back`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ezkit import strict

# The builder's modules, by concept: what other code imports from here is re-exported.
from ezkit.character.asking import BACK, HELP, Asker, Console, yes_no  # noqa: F401
from ezkit.character.draft import (  # noqa: F401
    ORDER,
    POINTS,
    BuildError,
    Left,
    add_fault,
    add_gift,
    add_weapon,
    apply_swap,
    attribute_offers,
    budgets,
    describe,
    describe_offers,
    drop_gift,
    find_role,
    overspent,
    role_offers,
    set_armor,
    set_attribute,
    set_fudge_points,
    set_people,
    set_role,
    start,
    swap_options,
)
from ezkit.character.model import Character
from ezkit.character.walk import Walk, walk, walk_then  # noqa: F401
from ezkit.errors import EzkitError
from ezkit.yamlio import dump_yaml

# --- the file -----------------------------------------------------------------------------------


def file_name(name: str) -> str:
    """`Jason Free` -> `jason-free.yaml`; at most 60 characters before `.yaml` (a file name
    has a limit, 255 bytes on most systems, and a long name had lost the whole walk)."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:60].strip("-")
    return f"{slug or 'character'}.yaml"


def to_text(c: Character, path: Path) -> str:
    """The character file for `path`: JSON when it ends in .json (as `char export`), else
    YAML (a .json file of YAML is one ezkit cannot read back)."""
    if path.suffix.lower() == ".json":
        import json

        return json.dumps(to_document(c), indent=2, ensure_ascii=False) + "\n"
    return to_yaml(c)


_ALWAYS = {"schema_version", "name", "build", "attributes", "fudge_points"}


def to_document(c: Character) -> dict[str, Any]:
    """The character file's content: defaults left out, except what a reader wants to see."""
    full = c.to_document()
    lean = strict.dump(Character, c, lean=True)
    return {key: lean.get(key, full[key]) for key in full if key in lean or key in _ALWAYS}


def to_yaml(c: Character) -> str:
    header = f"# {c.name}, made with `ezkit char new` ({c.build}).\n"
    return header + dump_yaml(to_document(c))


def output_path(io: Asker, path: Path, refuse: Callable[[Path], None] | None = None) -> Path | None:
    """Where to write: `path`, unless it exists and the user does not confirm (None: nowhere),
    or `refuse(path)` raises an EzkitError saying why ezkit cannot write there (a folder, a
    read-only file, the campaign): then the reason is said and another file asked for, so a
    character made question by question is never lost to a bad file name."""
    while True:
        why = ""
        if refuse is not None:
            try:
                refuse(path)
            except EzkitError as error:
                why = str(error)
        if why:
            io.say(f"  cannot write there: {why}")
        elif not path.exists() or yes_no(io, f"{path} exists. Overwrite it?", False):
            return path
        answer = io.ask("File to write instead (Enter to write nothing)", "").strip()
        if not answer:
            return None
        path = Path(answer)
