"""The card games of the rule books, on one engine."""
