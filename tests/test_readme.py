"""The README tells the truth: every console example in it is run and compared."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from ezkit.cli import cli

README = Path(__file__).resolve().parent.parent / "README.md"


def console_examples() -> list[tuple[str, str]]:
    examples = []
    for block in re.findall(r"```console\n(.*?)```", README.read_text(), re.S):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, output = chunk.partition("\n")
            examples.append((command, output.rstrip("\n")))
    return examples


@pytest.mark.parametrize(("command", "expected"), console_examples())
def test_readme_example(command: str, expected: str) -> None:
    argv = shlex.split(command)
    assert argv[0] == "ezkit"
    result = CliRunner().invoke(cli, argv[1:])
    assert result.output.rstrip("\n") == expected


def test_readme_has_examples() -> None:
    assert len(console_examples()) >= 4
