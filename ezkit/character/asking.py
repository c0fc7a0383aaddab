"""The asking interface of `ezkit char new`: an `Asker` (`ask`, `say`), the `Console` over
click, yes/no questions, and the `_Tape` that keeps every answer so that `back` replays all
but the last (the walk starts over)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ezkit.character.model import (
    Character,
)
from ezkit.records import record


class Asker(Protocol):
    """Where the questions go: `ask` returns the answer ("" for a blank one), `say` prints."""

    def ask(self, text: str, default: str = "") -> str: ...

    def say(self, text: str) -> None: ...


@record(frozen=False)
class Console:
    """An Asker over two functions: the CLI passes click.prompt and click.echo."""

    prompt: Callable[[str, str], str]
    echo: Callable[[str], None]

    def ask(self, text: str, default: str = "") -> str:
        return self.prompt(text, default)

    def say(self, text: str) -> None:
        self.echo(text)


def yes_no(io: Asker, text: str, default: bool) -> bool:
    while True:
        answer = io.ask(text, "y" if default else "n").strip().lower()
        if answer in ("y", "yes"):
            return True
        if answer in ("n", "no"):
            return False
        io.say(f"  answer y or n, not {answer!r}")


BACK = "back"
HELP = (
    "Answer each question and press Enter; Enter alone takes the [default] or ends a list.\n"
    f"Type {BACK} at any question to go back to the question before and answer it again; "
    "? shows this help."
)


class _Back(Exception):
    """The player typed `back`: the walk starts over, replaying every answer but the undone."""


@record
class _Answer:
    question: str
    answer: str
    draft: Character  # the draft as it was when the question was asked


class _Tape:
    """The Walk's Asker: keeps every answer, so that `back` can replay all but the last.

    Replaying from the start, rather than undoing each change, keeps one way through the
    steps: whatever the answers did (budgets, swaps, sub-questions) is done again exactly."""

    def __init__(self, io: Asker, draft: Callable[[], Character]) -> None:
        self.io, self.draft = io, draft
        self.answers: list[_Answer] = []
        self.replay: list[str] = []

    def ask(self, text: str, default: str = "") -> str:
        if self.replay:
            answer = self.replay.pop(0)
        else:
            answer = self.io.ask(text, default)
            while answer.strip().lower() in (BACK, "?"):
                if answer.strip() == "?":
                    self.io.say(HELP)
                elif self.undo(text):
                    raise _Back
                else:
                    self.io.say(f"  nothing to go {BACK} to: this is the first question")
                answer = self.io.ask(text, default)
        self.answers.append(_Answer(text, answer, self.draft()))
        return answer

    def say(self, text: str) -> None:
        if not self.replay:  # a replay is silent: it was all said before
            self.io.say(text)

    def undo(self, question: str) -> bool:
        """Forget the last accepted answer, and the refused tries around it. False: none."""

        # A refused answer changed nothing and its question was asked again at once.
        def refused(a: _Answer, question: str, draft: Character) -> bool:
            return a.question == question and a.draft == draft

        kept, draft = list(self.answers), self.draft()
        while kept and refused(kept[-1], question, draft):
            kept.pop()
        if not kept:
            return False
        last = kept.pop()
        while kept and refused(kept[-1], last.question, last.draft):
            kept.pop()
        self.answers = kept
        return True

    def rewind(self) -> None:
        """Replay the answers kept, from the first question."""
        self.replay, self.answers = [a.answer for a in self.answers], []
