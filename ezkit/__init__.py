"""ezkit: a game master's toolkit for EZFudge."""

__version__ = "0.1.0"
