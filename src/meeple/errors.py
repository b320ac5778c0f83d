"""Errors and findings that point at the text they are about.

Every problem meeple reports carries a source name, a 1-based line and column,
a one-line message and the offending line, and renders like a compiler:

    game.qgn:3:14: expected '"' to close the tag value
        [teams "red, blue]
                 ^

`NotationError` means the text is malformed; `RuleError` means a well-formed
record breaks the game's rules. `Finding` is the non-fatal kind (a warning or
lint from `meeple check`). `Diagnosis` is what every game's lenient reading
(`<game>.notation.diagnose`) returns. This module knows nothing about any notation.
"""

from __future__ import annotations

import bisect
import copy
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Generic, Literal, NamedTuple, Self, TypeVar

DEFAULT_SOURCE = "<string>"

# The line-end rule of every line-based notation (docs/formats/*.md): LF, CRLF and a
# lone CR each end a line.
_LONE_CR = re.compile(r"\r(?!\n)")


def line_ends(text: str) -> str:
    """`text` with every lone CR (an old Mac line end) as LF.

    The result has the same length, so every offset still points at the same character,
    and a reader that splits at LF (dropping the CR of a CRLF) sees every line.
    """
    return _LONE_CR.sub("\n", text) if "\r" in text else text


def line_ends_of_pieces(pieces: Iterable[str]) -> Iterator[str]:
    """`line_ends` over a text given in pieces: a CR that ends a piece waits for the
    next one, since it is half of a CRLF when that piece starts with LF."""
    held = ""
    for piece in pieces:
        piece = held + piece
        held = "\r" if piece.endswith("\r") else ""
        if held:
            piece = piece[:-1]
        if piece:
            yield line_ends(piece)
    if held:
        yield "\n"


ModelT = TypeVar("ModelT")


class Location(NamedTuple):
    """Where in a text something is: source name, 1-based line and column, the line's text."""

    source: str = DEFAULT_SOURCE
    line: int = 1
    column: int = 1
    line_text: str = ""

    @classmethod
    def of(cls, text: str, offset: int, source: str = DEFAULT_SOURCE) -> Location:
        """The location of character `offset` (0-based) in `text`; past the end points after it."""
        offset = max(0, min(offset, len(text)))
        text = line_ends(text)
        line_start = text.rfind("\n", 0, offset) + 1
        line_end = text.find("\n", offset)
        if line_end == -1:
            line_end = len(text)
        return cls(
            source=source,
            line=text.count("\n", 0, line_start) + 1,
            column=offset - line_start + 1,
            line_text=text[line_start:line_end].rstrip("\r"),
        )

    def render(self, message: str) -> str:
        """`source:line:col: message`, then the line and a caret under the column.

        A long line is shown as a window around the column, and control characters as
        their visible pictures, so one report stays one screen of plain text.
        """
        head = f"{self.source}:{self.line}:{self.column}: {message}"
        if not self.line_text and self.column <= 1:
            return head
        shown, column = _window(self.line_text, self.column - 1)
        shown = shown.translate(_PICTURES)
        # Keep tabs in the caret line so the caret stays under the right character.
        lead = "".join(c if c == "\t" else " " for c in shown[:column])
        lead += " " * max(0, column - len(shown))
        return f"{head}\n    {shown}\n    {lead}^"


class Locator:
    """`Location.of` for many offsets of one text, linear in the text overall.

    A reader that goes on after each problem may report thousands of them; finding each
    one's line from the start of the text would cost the text's length every time.
    Offsets that come in order are located by scanning on from the last one; an offset
    before it by a binary search of the line starts, listed once, on the first such.
    """

    def __init__(self, text: str, source: str = DEFAULT_SOURCE) -> None:
        self.text = text
        self._lines = line_ends(text)  # what lines are counted in; `text` is kept as given
        self.source = source
        self._offset = 0  # the last offset located, and its line:
        self._line = 1
        self._line_start = 0
        self._line_text: str | None = None
        self._starts: list[int] | None = None  # every line's start, once needed

    def __call__(self, offset: int) -> Location:
        text = self._lines
        offset = max(0, min(offset, len(text)))
        if offset < self._offset:
            return self._located(self._line_starts(), offset)
        newlines = text.count("\n", self._offset, offset)
        if newlines:
            self._line += newlines
            self._line_start = text.rfind("\n", self._offset, offset) + 1
            self._line_text = None
        self._offset = offset
        if self._line_text is None:
            self._line_text = self._text_of(self._line_start)
        column = offset - self._line_start + 1
        return Location(self.source, self._line, column, self._line_text)

    def _line_starts(self) -> list[int]:
        if self._starts is None:
            self._starts = [0, *(found.end() for found in _NEWLINE.finditer(self._lines))]
        return self._starts

    def _located(self, starts: list[int], offset: int) -> Location:
        """The location of an offset found by a binary search of the line `starts`."""
        line = bisect.bisect_right(starts, offset)
        start = starts[line - 1]
        return Location(self.source, line, offset - start + 1, self._text_of(start))

    def _text_of(self, line_start: int) -> str:
        """The text of the line that starts at `line_start`, without its line end."""
        line_end = self._lines.find("\n", line_start)
        line_end = len(self._lines) if line_end == -1 else line_end
        return self._lines[line_start:line_end].rstrip("\r")


_NEWLINE = re.compile("\n")


WINDOW = 100  # characters of a long line shown around the caret
ELLIPSIS = "..."
# C0 controls and DEL as their Unicode control pictures (U+2400...); tabs stay tabs.
_PICTURES = {code: 0x2400 + code for code in range(0x20) if code != 0x09} | {0x7F: 0x2421}


def _window(line: str, column: int) -> tuple[str, int]:
    """At most WINDOW characters of `line` around 0-based `column`, marked where cut."""
    if len(line) <= WINDOW:
        return line, column
    start = max(0, min(column - WINDOW // 2, len(line) - WINDOW))
    end = start + WINDOW
    shown = line[start:end]
    if start > 0:
        shown, column = ELLIPSIS + shown, column - start + len(ELLIPSIS)
    if end < len(line):
        shown += ELLIPSIS
    return shown, column


class MeepleError(ValueError):
    """A problem with a record, located in its text.

    `step`, when the reader knows it, is the index (0-based) of the move the problem is
    in, so the same error can be shown at that move in another notation of the record
    (the action of a QGN record). `part`, where a step holds several moves (an Atlantis
    turn), is the index of the one at fault: the detail of that QGN action. `rule`, on a
    RuleError, is the short stable name of the rule broken (`occupied-hex`); notation
    errors have none. `tag`, for a problem about a tag of the record's QGN form rather
    than a move (a `variant` no game has), names that tag (`quibbble.at_tag`).
    """

    def __init__(
        self,
        message: str,
        location: Location | None = None,
        *,
        step: int | None = None,
        rule: str | None = None,
        part: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.location = location or Location()
        self.step = step
        self.rule = rule
        self.part = part
        self.tag: str | None = None

    def __copy__(self) -> Self:
        """A copy with its own attributes: `at_step`, `moved_to` and the like mark the copy
        only, even where a library (tblib, under Dask) has registered a reducer for
        exceptions that hands the copy the original's attribute dict."""
        twin = type(self).__new__(type(self), *self.args)
        twin.__dict__.update(self.__dict__)
        return twin

    def at_step(self, step: int, part: int | None = None) -> Self:
        """The same error, marked as being in move number `step` (0-based), in its
        move number `part` where a step holds several."""
        marked = copy.copy(self)
        marked.step, marked.part = step, part
        return marked

    @classmethod
    def at(
        cls,
        text: str,
        offset: int,
        message: str,
        source: str = DEFAULT_SOURCE,
        rule: str | None = None,
    ) -> Self:
        """An error about character `offset` of `text` (breaking `rule`, if named)."""
        return cls(message, Location.of(text, offset, source), rule=rule)

    @property
    def source(self) -> str:
        return self.location.source

    @property
    def line(self) -> int:
        return self.location.line

    @property
    def column(self) -> int:
        return self.location.column

    def with_source(self, source: str) -> Self:
        """The same error, named after `source` (a file name known only to the caller)."""
        return self.moved_to(self.location._replace(source=source))

    def retold(self, place: Callable[[int], str]) -> Self:
        """The same error, naming the earlier move its message refers to (if any) by
        `place`: a move's index -> where that move is written ("line 4")."""
        return self

    def moved_to(self, location: Location) -> Self:
        """The same error (with every attribute it carries) at another location."""
        moved = copy.copy(self)
        moved.location = location
        return moved

    def __str__(self) -> str:
        return self.location.render(self.message)

    def report(self) -> str:
        """How the command line prints it: like `str()`, with an `error:` label as
        warnings and lints have theirs (`game.qgn:3:14: error: ...`)."""
        return self.location.render(f"error: {self.message}")

    def __repr__(self) -> str:
        loc = self.location
        return f"{type(self).__name__}({self.message!r}, {loc.source}:{loc.line}:{loc.column})"


class NotationError(MeepleError):
    """The text does not follow the notation."""


class RuleError(MeepleError):
    """The record is well formed but breaks the rules of the game.

    Its `step`, when a replay knows it, is how many moves were played before the one
    that breaks the rule.
    """


class Unsupported(MeepleError, TypeError):
    """A valid record asked for what its kind has not: a bag of roles has no picture
    and no QGN form, as a grimoire has no legal moves. A usage mistake (the CLI exits
    2), not an invalid record. Also a TypeError, as the front door's missing picture
    was before it was this (`meeple.render` of a record with no picture)."""


class ConversionError(Unsupported):
    """A record that cannot be written in the notation asked for: another game's, or
    a QGN file of several games where one game's record is wanted."""


class LossError(NotationError):
    """A valid record that the notation asked for cannot hold whole (an Atlantis
    transcript's comments in JSON, its unknown keys in QGN): refused, the message naming
    what would be lost and the option that allows the loss. `kept` is what the notation
    can hold, written when that option is given (None: the writer writes it itself)."""

    def __init__(self, message: str, kept: Any = None) -> None:
        super().__init__(message)
        self.kept = kept


class Unplaced(MeepleError):
    """An error about no place in a record's text (an option's value, a step number):
    `str()` is its message alone."""

    def __str__(self) -> str:
        return self.message


class OptionError(Unplaced):
    """An option value given to a notation's method is malformed (a usage mistake, exit 2).

    Raised by notations' methods for values such as a `--bag` that does not parse; the CLI reports
    it as a usage error instead of counting the record as invalid.
    """


class StepOutOfRange(Unplaced):
    """A step past the end of a record (a usage mistake: the record itself is fine)."""

    def __init__(self, asked: int, played: int, noun: str) -> None:
        plural = "s" if played != 1 else ""
        super().__init__(f"step {asked}: the record has {played} {noun}{plural}")
        self.asked, self.played = asked, played


Severity = Literal["error", "warning", "lint", "note"]
"""How bad a finding is: an error refuses the record; a warning or a lint fails only
`meeple check --strict`; a note only informs (which reading was chosen) and never fails."""
Kind = Literal["notation", "rule", "check"]


class Finding(NamedTuple):
    """A problem `meeple check` reports without refusing the record."""

    message: str
    location: Location = Location()
    severity: Severity = "warning"
    kind: Kind = "check"
    """What found it: the notation (malformed text), the rules (an illegal move), or a check."""
    rule: str | None = None
    """The short stable name of the rule broken, for a rule error (docs/json.md lists them)."""

    @classmethod
    def at(
        cls,
        text: str,
        offset: int,
        message: str,
        source: str = DEFAULT_SOURCE,
        severity: Severity = "warning",
    ) -> Finding:
        """A finding about character `offset` of `text`."""
        return cls(message, Location.of(text, offset, source), severity)

    @classmethod
    def from_error(cls, error: MeepleError) -> Finding:
        """The finding an error is when `meeple check` reports it."""
        kind: Kind = "rule" if isinstance(error, RuleError) else "notation"
        return cls(error.message, error.location, "error", kind, error.rule)

    def with_source(self, source: str) -> Finding:
        return self._replace(location=self.location._replace(source=source))

    def to_json(self) -> dict[str, str | int | None]:
        """The finding as `check --json` and export write it (docs/json.md); a file that
        could not be read at all has no line or column."""
        where = self.location
        placed = where.line > 0
        return {
            "source": where.source,
            "line": where.line if placed else None,
            "column": where.column if placed else None,
            "severity": self.severity,
            "kind": self.kind,
            "rule": self.rule,
            "message": self.message,
        }

    def to_error(self) -> MeepleError:
        """The finding as the error it reports (an error-level finding refused a record)."""
        error_type = RuleError if self.kind == "rule" else NotationError
        return error_type(self.message, self.location, rule=self.rule)

    def __str__(self) -> str:
        return self.location.render(f"{self.severity}: {self.message}")


class Diagnosis(NamedTuple, Generic[ModelT]):
    """What a lenient reading found: every game's `notation.diagnose(text, source)`
    reads on past each problem, as a compiler does, where `parse` raises the first.

    `model` is what was read around the problems (each game says what: the record as far
    as it can be played, the well-formed lines, every game of a QGN text), None where
    nothing could be built. `problems` lists every notation problem, the first one in the
    text first. `intact` is how many of the record's steps (events, QGN actions) come
    before the first problem, where the game counts them; None otherwise.
    """

    model: ModelT | None
    problems: list[NotationError]
    intact: int | None = None


def decode(data: bytes, source: str = DEFAULT_SOURCE) -> str:
    """UTF-8 bytes as text; NotationError pointing at the first byte that is not UTF-8."""
    try:
        return data.decode("utf-8-sig" if data.startswith(b"\xef\xbb\xbf") else "utf-8")
    except UnicodeDecodeError as problem:
        good = data[: problem.start].decode("utf-8", errors="replace")
        text = good + data[problem.start :].decode("utf-8", errors="replace")
        raise NotationError.at(
            text,
            len(good),
            f"byte 0x{data[problem.start]:02x} is not UTF-8: meeple reads UTF-8 text",
            source,
        ) from None
