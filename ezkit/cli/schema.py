"""`ezkit schema`: the JSON Schema of ezkit's documents.

The schemas are made from the pydantic models (`generated`) and kept, as printed, in
ezkit/data/schemas/: printing one then imports no pydantic (about 40 ms instead of 150).
tests/test_startup.py checks that the kept files are what the models make now;
`EZKIT_SNAPSHOTS=update pytest tests/test_startup.py -k schema` writes them anew.
"""

from __future__ import annotations

import os

import click

SCHEMAS = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "schemas")


@click.group("schema")
def schema() -> None:
    """JSON Schemas of the files ezkit reads, for editors and other tools."""


@schema.command("character", epilog="Example: ezkit schema character > character.schema.json")
def character() -> None:
    """The JSON Schema of a character file (YAML or JSON)."""
    click.echo(stored("character"), nl=False)


@schema.command("people", epilog="Example: ezkit schema people")
def people() -> None:
    """The JSON Schema of a people package file (EZ-8)."""
    click.echo(stored("people"), nl=False)


def stored(name: str) -> str:
    """A schema as `ezkit schema NAME` prints it, from ezkit/data/schemas/NAME.json."""
    with open(os.path.join(SCHEMAS, f"{name}.json"), encoding="utf-8") as handle:
        return handle.read()


def generated(name: str) -> str:
    """A schema made from its pydantic model now, as `ezkit schema NAME` prints it."""
    import json

    from ezkit.character.model import Character, PeoplePackage

    if name == "character":
        document = Character.model_json_schema(mode="validation")
        document["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        document["title"] = "EZFudge character (ezkit)"
    else:
        document = PeoplePackage.model_json_schema(mode="validation")
        document["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
