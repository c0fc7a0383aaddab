"""The README tells the truth: every console example in it runs as printed.

- A console block (```console) is run command by command and its output compared exactly; it
  must succeed (exit 0), except an example whose output is an `Error:` line, which shows a
  usage error and must exit 2 (as the README says of usage errors).
- An inline example (`ezkit ...` in the text or a table) is run too, without its optional
  parts ([--option ...]), and must succeed, unless what is left still names a placeholder
  (NAME, FILE, N, a|b, ...) or asks questions at the terminal (`game play`, `char new`). A
  table cell's further forms (`ezkit score auntie 4 4 3 0` / `ezkit score auntie --player
  ...`) are written out whole, so that each is run as printed: a bare `standings "..."` was
  run by nobody (and was wrong: FZ-1 has no green token).
- Other code blocks are not ezkit examples: `sh` shows make targets, `yaml` shows files.

Every example runs against an empty campaign in a temporary folder (EZKIT_DB), never the
user's.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from ezkit.cli import cli

README = Path(__file__).resolve().parent.parent / "README.md"
TEXT = README.read_text()
FENCED = re.compile(r"```(\w*)\n(.*?)```", re.S)
#: A word written for the reader to fill in: NAME, FILE, FILE.pdf, N, A, B, ID, RANK...
PLACEHOLDER_WORD = re.compile(r"[A-Z][A-Z0-9_]*(\.[a-z]+)?")
#: An optional part of a synopsis: `[--seed N]`, `[--hand "..."]`.
OPTIONAL = re.compile(r"\s*\[[^\[\]]*\]")
#: Commands that ask at the terminal: run by their own tests with scripted answers.
INTERACTIVE = ("ezkit game play ", "ezkit game resume ", "ezkit char new")


def console_examples() -> list[tuple[str, str]]:
    examples = []
    for kind, block in FENCED.findall(TEXT):
        if kind != "console":
            continue
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, output = chunk.partition("\n")
            examples.append((command, output.rstrip("\n")))
    return examples


def _inline_chains() -> list[list[str]]:
    """The inline code spans outside fenced blocks, as chains: a span and the spans joined to
    it by ` / ` (a table cell's further forms of one command)."""
    prose = FENCED.sub("", TEXT)
    chains = []
    for match in re.finditer(r"`[^`\n]+`(?: / `[^`\n]+`)*", prose):
        chains.append(re.findall(r"`([^`\n]+)`", match.group(0)))
    return chains


def has_placeholder(command: str) -> bool:
    if any(mark in command for mark in ("[", "|", "..")):
        return True
    return any(PLACEHOLDER_WORD.fullmatch(word) for word in shlex.split(command))


def without_options(command: str) -> str:
    """The command without its optional parts: `ezkit dice compare [--json]` runs as
    `ezkit dice compare`."""
    while (shorter := OPTIONAL.sub("", command)) != command:
        command = shorter
    return command


def inline_examples() -> list[str]:
    """Every inline `ezkit ...` command, without its optional parts, that has nothing left
    for the reader to fill in and asks nothing at the terminal."""
    found = []
    for chain in _inline_chains():
        if not chain[0].startswith("ezkit "):
            continue
        for command in map(without_options, chain):
            if not command.startswith("ezkit ") or has_placeholder(command):
                continue
            if not (command + " ").startswith(INTERACTIVE):
                found.append(command)
    return list(dict.fromkeys(found))


def _run(command: str, tmp_path: Path) -> tuple[int, str]:
    argv = shlex.split(command)
    assert argv[0] == "ezkit", f"not an ezkit command: {command}"
    env = {"EZKIT_DB": str(tmp_path / "campaign.json"), "EZKIT_RULES": None, "EZKIT_DEBUG": None}
    result = CliRunner().invoke(cli, argv[1:], env=env)
    return result.exit_code, result.output


@pytest.mark.parametrize(("command", "expected"), console_examples())
def test_readme_example(command: str, expected: str, tmp_path: Path) -> None:
    code, output = _run(command, tmp_path)
    assert output.rstrip("\n") == expected
    assert code == (2 if expected.startswith("Error:") else 0), output


@pytest.mark.parametrize("command", inline_examples())
def test_readme_inline_example_runs(command: str, tmp_path: Path) -> None:
    code, output = _run(command, tmp_path)
    assert code == 0, output
    assert "Error" not in output


def test_every_further_form_in_a_table_cell_is_a_whole_command() -> None:
    """`ezkit score foozle group "..."` / `standings "..."`: the second is run by nobody, and
    it was wrong (no green token, FZ-1). A further form with nothing to fill in is written out
    whole (it then runs above); one with placeholders is a synopsis and may stay short."""
    for chain in _inline_chains():
        if not chain[0].startswith("ezkit "):
            continue
        for further in chain[1:]:
            assert further.startswith("ezkit ") or has_placeholder(without_options(further)), (
                further
            )


def test_readme_has_examples() -> None:
    assert len(console_examples()) >= 8
    assert len(inline_examples()) >= 10
    commands = [c for c, _ in console_examples()] + inline_examples()
    assert 'ezkit score foozle standings "Ann=red,blue,white Bob=black"' in commands
    assert 'ezkit score bakeries sale --chef 5 --cake "bundt cake" --slot 8' in commands


def test_placeholders_are_told_from_examples() -> None:
    assert has_placeholder("ezkit char heal NAME --weeks N")
    assert has_placeholder("ezkit print sheet --blank -o FILE.pdf")
    assert has_placeholder("ezkit fight melee A B")
    assert has_placeholder("ezkit game play auntie [--seed N]")
    assert has_placeholder("ezkit --debug ...")
    assert without_options("ezkit dice compare [--json]") == "ezkit dice compare"
    assert without_options("ezkit x [--a N | --b [--c]]") == "ezkit x"
    assert not has_placeholder(
        'ezkit fight melee x.yaml --foe "Bandit: Fair Fighter, INJ 3, CPD 2"'
    )
    assert not has_placeholder('ezkit score foozle standings "Ann=red,blue,white Bob=black"')
