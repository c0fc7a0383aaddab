"""The exceptions ezkit raises, under one root.

    EzkitError                  anything ezkit reports to a person (exit 1 by default)
    ├── InputError              a value typed on the command line is wrong (exit 2)
    │   ├── RankError           not a rank on the Ladder (EZ-1)
    │   └── DiceError           not a dice expression or method, or a roll out of range
    ├── RuleError               a request the rules refuse: too few XP, an illegal move (exit 1)
    ├── UnreadableError         a file cannot be read or parsed, or passes a limit (exit 2)
    ├── UnwritableError         a path ezkit will not write: a device, a read-only file (exit 2)
    └── DocumentError           a file (character, save, rules) is invalid (exit 1)

The core never imports click: it raises these, and the CLI turns each into one
line and an exit code in one place (`ezkit.cli`).
"""

from __future__ import annotations


class EzkitError(Exception):
    """Root of every error ezkit reports to a person."""

    exit_code = 1


class InputError(EzkitError, ValueError):
    """A value given on the command line is not acceptable: a usage error."""

    exit_code = 2


class RankError(InputError):
    """Text that names no rank on the Ladder (EZ-1)."""


class DiceError(InputError):
    """An unknown dice method, a malformed expression, or a roll out of range."""


class RuleError(EzkitError):
    """A request the rules refuse: points the character lacks, a move not allowed."""

    exit_code = 1


class UnreadableError(EzkitError):
    """A file that cannot be read or does not parse (YAML, JSON): nothing to validate."""

    exit_code = 2


class UnwritableError(EzkitError):
    """A path ezkit will not write over: not a regular file, read-only, the campaign itself."""

    exit_code = 2


class DocumentError(EzkitError):
    """An invalid document: a character, a saved game, a rules file."""

    exit_code = 1
