"""Whole numbers as quibbble's Go code reads them (`strconv`): a `seed` tag's value, an
action's numeric details.

An optional sign, then decimal digits, leading zeros however many; a value beyond a
64-bit int is refused. This module reads numbers only: what a number means is each
game's notation.
"""

from __future__ import annotations

from meeple.errors import NotationError

INT64_DIGITS = 19  # 2**63 has 19 digits


def read_seed(text: str) -> int:
    """A `seed` tag's value as quibbble reads it (Go's strconv.ParseInt, base 10, 64
    bits); NotationError otherwise."""
    if not is_whole_number(text):
        raise NotationError(f"the seed tag must be a whole number, not {text!r}")
    value = go_int(text)
    if value is None:
        raise NotationError(f"the seed {shown(text)} does not fit in 64 bits")
    return value


def go_int(text: str) -> int | None:
    """A whole number (an optional sign, then decimal digits) as Go's strconv reads it
    into an int64: leading zeros however many, None when it does not fit. Python's int()
    refuses a text of more than 4,300 digits, so the digits are counted first."""
    digits = text.lstrip("+-").lstrip("0")
    if len(digits) > INT64_DIGITS:
        return None
    value = int(text[:1] + digits) if text[:1] == "-" and digits else int(digits or "0")
    return value if -(2**63) <= value < 2**63 else None


def is_whole_number(text: str) -> bool:
    """Whether `text` is an optional sign, then ASCII decimal digits."""
    body = text[1:] if text[:1] in "+-" else text
    return body.isascii() and body.isdigit()


def shown(number: str) -> str:
    """A number as an error message shows it: whole, or its length when it is long."""
    return number if len(number) <= 2 * INT64_DIGITS else f"of {len(number)} characters"
