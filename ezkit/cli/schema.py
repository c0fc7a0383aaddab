"""`ezkit schema`: the JSON Schema of ezkit's documents.

The schemas are made from the character's records by pydantic (`generated`) and kept, as printed, in
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
    """A schema made from its records now, by pydantic, as `ezkit schema NAME` prints it."""
    import json

    from pydantic import TypeAdapter

    from ezkit.character.model import Character, PeoplePackage

    document = TypeAdapter(Character if name == "character" else PeoplePackage).json_schema(
        mode="validation"
    )
    document["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    if name == "character":
        document["title"] = "EZFudge character (ezkit)"
    return json.dumps(_one_line(document), indent=2, ensure_ascii=False) + "\n"


def _one_line(value: object) -> object:
    """Descriptions on one line: a field's docstring wraps at the code's width."""
    if isinstance(value, dict):
        return {
            key: " ".join(item.split()) if key == "description" and isinstance(item, str)
            else _one_line(item)
            for key, item in value.items()
        }  # fmt: skip
    if isinstance(value, list):
        return [_one_line(item) for item in value]
    return value
