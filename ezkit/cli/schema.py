"""`ezkit schema`: the JSON Schema of ezkit's documents."""

from __future__ import annotations

import click

from ezkit.cli.params import emit_json


@click.group("schema")
def schema() -> None:
    """JSON Schemas of the files ezkit reads, for editors and other tools."""


@schema.command("character", epilog="Example: ezkit schema character > character.schema.json")
def character() -> None:
    """The JSON Schema of a character file (YAML or JSON)."""
    from ezkit.character.model import Character

    document = Character.model_json_schema(mode="validation")
    document["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    document["title"] = "EZFudge character (ezkit)"
    emit_json(document)


@schema.command("people", epilog="Example: ezkit schema people")
def people() -> None:
    """The JSON Schema of a people package file (EZ-8)."""
    from ezkit.character.model import PeoplePackage

    document = PeoplePackage.model_json_schema(mode="validation")
    document["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    emit_json(document)
