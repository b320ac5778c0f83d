"""How a count is written in meeple's messages and pictures: `1 point`, `2 points`.

Only the rule that a count of one takes the singular; each game keeps its own nouns.
"""

from __future__ import annotations


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """`count` and `noun`, in the plural (`plural`, else `noun` + s) unless it is 1."""
    return f"{count} {noun}" if count == 1 else f"{count} {plural or noun + 's'}"
