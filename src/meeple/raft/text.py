"""Reading seed 001's strings: `Text`, a slice of a larger text that points every
error into the whole document (the notation and the component data share it)."""

from __future__ import annotations

from meeple.errors import Locator, NotationError


class Text:
    """A slice [start, end) of a larger text, so errors point into the whole document.

    The slices of one text share `locate`, which finds an error's line: a record with a
    problem on every line is then located once, not from the start for each problem.
    """

    def __init__(
        self, text: str, start: int, end: int, source: str, locate: Locator | None = None
    ) -> None:
        self.text, self.start, self.end, self.source = text, start, end, source
        self.locate = locate or Locator(text, source)

    def part(self, start: int, end: int) -> Text:
        """The slice [start, end) of the same text."""
        return Text(self.text, start, end, self.source, self.locate)

    def error(self, offset: int, message: str) -> NotationError:
        return NotationError(message, self.locate(offset))

    def found(self, offset: int) -> str:
        if offset >= self.end:
            return "the end of the string"
        char = self.text[offset]
        return "a line break" if char in "\r\n" else repr(char)

    def expect(self, offset: int, allowed: str, what: str) -> str:
        """The character at `offset`, which must be one of `allowed`."""
        if offset < self.end and self.text[offset] in allowed:
            return self.text[offset]
        raise self.error(offset, f"expected {what}, found {self.found(offset)}")

    def number(self, offset: int, what: str) -> int:
        """A two-digit coordinate at `offset`."""
        for at in (offset, offset + 1):
            self.expect(at, "0123456789", f"two digits for the {what}")
        return int(self.text[offset : offset + 2])

    def finish(self, offset: int, what: str) -> None:
        if offset < self.end:
            raise self.error(offset, f"unexpected {self.found(offset)} after the {what}")


def spanning(text: str, source: str) -> Text:
    """The whole of `text` as a `Text`."""
    return Text(text, 0, len(text), source)
