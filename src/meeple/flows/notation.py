"""Flows game notation (seed 002): text to `Record` and back.

A record is line based (docs/formats/flows.md gives every decision):

    record  ::= header? (move-line | comment-line | blank)* ('...')?
    header  ::= 'Game:' text ('dialect:' name)? ('first:' player)? ('seats:' seat (',' seat)*)?
                comment?
    seat    ::= 'P' player edge-name           e.g. P2 upper-right (board.EDGE_NAMES)
    move-line ::= (number '.')? move comment?  number = the move's position, from 1
    move    ::= 'P' player row column 'T' type orientation     e.g. P2B3T1SE
    comment ::= ';' text to the end of the line

`row` and `column` name a hex in the moving player's own frame: seed 002's frame of
the player number (`board.hex_of_label`), or in quortextt's dialect the frame of the
player's seat (`board.hex_of_seated_label`, orientations relative to the seat). The
dialect is named (`dialect: quortextt` in the header, or the caller's `dialect`), or
detected from the layout quortextt writes and the seed never does (`Game: N-player`, an
empty line, numbered moves and nothing else: `quortextt_layout`); any other text is the
seed's.
The labels never choose the dialect: a label the chosen dialect lacks is an error.
The fast path is one compiled expression per line; a line it cannot match is taken
apart by `_diagnose_move`, which names the exact bad part. This module knows nothing of
the rules: an occupied hex or a move out of turn is `rules`' business.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from meeple.errors import DEFAULT_SOURCE, Diagnosis, Locator, NotationError, line_ends
from meeple.flows.board import (
    EDGE_INDEX,
    EDGE_NAMES,
    MAX_PLAYERS,
    ROW_LETTERS,
    clockwise_seats,
    default_home_edges,
    hex_of_label,
    hex_of_seated_label,
    label_of_hex,
    row_labels,
    seated_label_of_hex,
    seated_row_labels,
    seating_problem,
)
from meeple.flows.model import (
    DIALECTS,
    ORIENTATIONS,
    QUORTEXTT,
    SEED,
    TILE_TYPES,
    Entry,
    Move,
    NoPlacement,
    Record,
)
from meeple.hexgrid import Hex

HEADER = "Game:"
UNFINISHED = "..."
_ORIENTATION_LIST = ", ".join(ORIENTATIONS[:-1]) + " or " + ORIENTATIONS[-1]

_MOVE = re.compile(
    r"""
    (?:(?P<number>[0-9]+)\.[ \t]*)?       # optional move number, as other software writes
    (?P<move>P(?P<player>[1-6])(?P<label>[A-G][1-7])T(?P<tile>[0-3])(?P<orientation>[NSEW]{1,2}))
    [ \t]*\Z
    """,
    re.VERBOSE,
)
_PLAYERS = re.compile(r"([0-9]+)-player\b")
_DIALECT = re.compile(r"\bdialect:[ \t]*([A-Za-z0-9_-]*)")
_FIRST = re.compile(r"\bfirst:[ \t]*([^ \t,;]*)")
_FIRST_PLAYER = re.compile(r"P([1-9][0-9]*)\Z")
DIALECT_LIST = " or ".join(DIALECTS)
_SEATS = re.compile(r"\bseats:")
_SEAT = re.compile(r"P([0-9]+)[ \t]+([a-z-]+)\Z")
_MAX_DIGITS = 9
# What quortextt writes (src/game/notation.ts, formatGameRecord): `Game: N-player`, an
# empty line, then one numbered move a line, `1. P1A1T0S`; nothing else. The moves are
# only sketched (a number, a dot, a space, one word), so that a mistyped label is read,
# and reported, in quortextt's dialect. Tolerated: blanks at line ends, meeple's `...`
# for an unfinished game, blank lines at the end.
_QUORTEXTT_LAYOUT = re.compile(
    r"""
    Game:\ [0-9]+-player[ \t\r]*\n
    [ \t\r]*\n
    (?:[0-9]+\.\ [^\s;]+[ \t\r]*(?:\n|\Z))*
    (?:\.\.\.[ \t\r]*(?:\n|\Z))?
    \s*\Z
    """,
    re.VERBOSE,
)
_STARTS_LIKE_A_MOVE = re.compile(r"(?:[0-9]+\.[ \t]*)?P[1-6][A-G][1-7]T[0-3]")


class Line(NamedTuple):
    """One line of a record: its start offset in the text and its text without `\\r`."""

    start: int
    text: str


NAMED = "named"
LAYOUT = "layout"
DEFAULT = "default"


class Dialect(NamedTuple):
    """The dialect a text is read in, and how it was chosen: NAMED (by the caller or the
    header), LAYOUT (detected: the text is laid out as quortextt writes records) or
    DEFAULT (the seed's, since nothing says otherwise)."""

    name: str
    chosen: str


class Parsed(NamedTuple):
    """A record, for each of its moves the offset of the move in the text, and how its
    dialect was chosen (`record.dialect` is its name)."""

    record: Record
    move_offsets: tuple[int, ...]
    chosen: str = NAMED


def parse(text: str, source: str = DEFAULT_SOURCE, dialect: str | None = None) -> Record:
    """The record in `text`; NotationError at the first malformed spot.

    `dialect` (one of DIALECTS) reads the labels that way; None takes the header's
    `dialect:`, or else detects it (see `parse_located`).
    """
    return parse_located(text, source, dialect).record


def parse_located(text: str, source: str = DEFAULT_SOURCE, dialect: str | None = None) -> Parsed:
    """The record and where each move stands in `text` (for rule errors), read in the
    dialect `dialect_of` chooses."""
    text = line_ends(text)
    chosen = dialect_of(text, source, dialect)
    try:
        parsed = _read(text, source, chosen.name)
    except NotationError as problem:
        raise _hinted(problem, text, source, chosen) from None
    return parsed._replace(chosen=chosen.chosen)


QUORTEXTT_HINT = (
    " (the whole record reads as quortextt's labels: if quortextt wrote it, add"
    " 'dialect: quortextt' to the header or give --dialect quortextt)"
)


def _hinted(problem: NotationError, text: str, source: str, chosen: Dialect) -> NotationError:
    """`problem`, saying so when nothing chose the seed's dialect and the whole text reads
    as quortextt's: a record quortextt wrote, copied without its layout."""
    if chosen.chosen != DEFAULT:
        return problem
    try:
        _read(text, source, QUORTEXTT)  # stops at its first problem, if any
    except NotationError:
        return problem
    hinted = problem.moved_to(problem.location)
    hinted.message += QUORTEXTT_HINT
    return hinted


def dialect_of(text: str, source: str = DEFAULT_SOURCE, given: str | None = None) -> Dialect:
    """The dialect `text` is read in: `given` or the header's `dialect:` (NotationError
    when they disagree or name none of DIALECTS); else quortextt's when the text is laid
    out as quortextt writes (`quortextt_layout`); else the seed's."""
    named = _named_dialect(text, source, given)
    if named is not None:
        return Dialect(named, NAMED)
    if quortextt_layout(text):
        return Dialect(QUORTEXTT, LAYOUT)
    return Dialect(SEED, DEFAULT)


def quortextt_layout(text: str) -> bool:
    """Whether `text` is laid out exactly as quortextt's `formatGameRecord` writes a record
    (`_QUORTEXTT_LAYOUT`), which seed 002 and a hand-written record in its labels never are."""
    return _QUORTEXTT_LAYOUT.match(line_ends(text)) is not None


def _read(text: str, source: str, dialect: str) -> Parsed:
    reader = _Reader(text, source, dialect)
    for line in _lines(text):
        reader.read(line)
    return reader.finish()


def diagnose(
    text: str, source: str = DEFAULT_SOURCE, dialect: str | None = None
) -> Diagnosis[Parsed]:
    """Every malformed line of `text`, and the record made of the lines that are well formed
    (read in the dialect `dialect_of` chooses)."""
    text = line_ends(text)
    try:
        chosen = dialect_of(text, source, dialect)
    except NotationError as problem:
        chosen, early = Dialect(SEED, NAMED), [problem]
    else:
        early = []
    read = _diagnose(text, source, chosen.name)
    assert read.model is not None  # every line is read, the malformed ones skipped
    problems = early + read.problems
    if problems:
        problems[0] = _hinted(problems[0], text, source, chosen)
    return Diagnosis(read.model._replace(chosen=chosen.chosen), problems)


def _diagnose(text: str, source: str, dialect: str) -> Diagnosis[Parsed]:
    reader = _Reader(text, source, dialect)
    problems: list[NotationError] = []
    for line in _lines(text):
        try:
            reader.read(line)
        except NotationError as problem:
            problems.append(problem)
            reader.skip(line)
    return Diagnosis(reader.finish(problems), problems)


def _named_dialect(text: str, source: str, given: str | None) -> str | None:
    """The dialect the caller or the header names (None: neither); NotationError when the
    header names an unknown one or contradicts the caller."""
    if given is not None and given not in DIALECTS:
        raise NotationError(f"no dialect {given!r}: the dialects are {DIALECT_LIST}")
    found = header_dialect(text)
    if found is None:
        return given
    name, at = found
    if name not in DIALECTS:
        message = f"no dialect {name!r}: the dialects are {DIALECT_LIST}"
        raise NotationError.at(text, at, message, source)
    if given is not None and given != name:
        message = f"the header names dialect {name}, but {given} was asked for"
        raise NotationError.at(text, at, message, source)
    return name


def header_dialect(text: str) -> tuple[str, int] | None:
    """The dialect a record's `Game:` line names and the offset of its name, if it names one."""
    for line in _lines(line_ends(text)):
        content = _split_comment(line.text)[0]
        stripped = content.strip()
        if not stripped:
            continue
        if not stripped.startswith(HEADER):
            return None
        found = _DIALECT.search(content)
        return None if found is None else (found[1], line.start + found.start(1))
    return None


def _without_item(header: str, item: re.Pattern[str]) -> tuple[str, str]:
    """(the header text without the item `item` matches (`dialect:`, `first:`), the same
    with the item blanked out so that offsets into it still hold)."""
    found = item.search(header)
    if found is None:
        return header, header
    start, end = found.start(), found.end()
    rest = header[end:]
    if rest.lstrip(" \t").startswith(","):  # `dialect: x, seats: ...`
        end += len(rest) - len(rest.lstrip(" \t")) + 1
        end += len(header[end:]) - len(header[end:].lstrip(" \t"))
    elif header[:start].rstrip(" \t").endswith(","):  # `2-player, dialect: x`
        start = len(header[:start].rstrip(" \t")) - 1
    blanked = header[:start] + " " * (end - start) + header[end:]
    return (header[:start] + header[end:]).strip(), blanked


def with_dialect(header: str | None, dialect: str) -> str:
    """A header text naming `dialect` (before any `seats:`, which runs to the end)."""
    return _with_item(header, f"dialect: {dialect}")


def _with_item(header: str | None, marker: str) -> str:
    """A header text with the item `marker` added before any `seats:`."""
    if not header:
        return marker
    seats = _SEATS.search(header)
    if seats is not None:
        return f"{header[: seats.start()]}{marker}, {header[seats.start() :]}"
    return f"{header}, {marker}"


def record_seats(record: Record) -> tuple[int, ...]:
    """The home edges of a record's players, P1 first: the header's seats, or the default
    seating of its player count (the header's, or else the highest player moving) in its
    dialect (quortextt numbers players clockwise: `board.clockwise_seats`)."""
    return _seats(record.header, [move.player for move in record.moves], record.dialect)


def _seats(header: str | None, players: list[int], dialect: str = SEED) -> tuple[int, ...]:
    home_edges = declared_seats(header)
    if home_edges is not None:
        return home_edges
    count = declared_players(header) or max([2, *players])
    return dialect_seats(min(count, MAX_PLAYERS), dialect)


def dialect_seats(players: int, dialect: str) -> tuple[int, ...]:
    """The seating a record of `players` players in `dialect` has unless it names seats."""
    return clockwise_seats(players) if dialect == QUORTEXTT else default_home_edges(players)


def with_seats(header: str | None, home_edges: tuple[int, ...]) -> str:
    """A header text naming `seats` (home edges, P1 first) at its end."""
    named = ", ".join(f"P{p} {EDGE_NAMES[edge]}" for p, edge in enumerate(home_edges, 1))
    return f"{header}, seats: {named}" if header else f"seats: {named}"


def sniff(text: str) -> bool:
    """Whether `text` starts like a Flows record: a move, or a `Game:` header followed by a
    move, `...` or nothing (other games' texts may start with "Game:" too)."""
    header_seen = False
    for line in _lines(line_ends(text[:4096])):
        stripped = _split_comment(line.text)[0].strip()
        if not stripped:
            continue
        if not header_seen and stripped.startswith(HEADER):
            header_seen = True
            continue
        if header_seen and stripped == UNFINISHED:
            return True
        return _STARTS_LIKE_A_MOVE.match(stripped) is not None
    return header_seen


def declared_players(header: str | None) -> int | None:
    """The player count a header starts with (`2-player, ...`), if it gives one."""
    if header is None:
        return None
    match = _PLAYERS.match(header)
    return _count(match[1]) if match else None


def declared_seats(header: str | None) -> tuple[int, ...] | None:
    """The home edges a header's `seats:` names (P1 first), if it names any."""
    if header is None:
        return None
    try:
        return _read_seats(header)
    except _HeaderProblem as problem:
        raise NotationError(problem.message) from None


class _HeaderProblem(Exception):
    def __init__(self, offset: int, message: str) -> None:
        super().__init__(message)
        self.offset, self.message = offset, message


def _read_seats(header: str) -> tuple[int, ...] | None:
    """The seats named in a header's text; _HeaderProblem at the offset of a bad one."""
    found = _SEATS.search(header)
    if found is None:
        return None
    edges: dict[int, int] = {}
    at = found.end()
    for item in header[found.end() :].split(","):
        lead = len(item) - len(item.lstrip())
        seat = _SEAT.match(item.strip())
        where = at + lead
        at += len(item) + 1
        if seat is None:
            raise _HeaderProblem(
                where, "expected a seat such as 'P1 bottom': a player and an edge name"
            )
        player, edge = _count(seat[1]), EDGE_INDEX.get(seat[2])
        if edge is None:
            names = ", ".join(EDGE_NAMES)
            raise _HeaderProblem(where, f"no edge {seat[2]!r}: the edges are {names}")
        if player in edges:
            raise _HeaderProblem(where, f"P{player} is seated twice")
        edges[player] = edge
    if sorted(edges) != list(range(1, len(edges) + 1)):
        missing = next(p for p in range(1, len(edges) + 2) if p not in edges)
        raise _HeaderProblem(found.start(), f"the seats skip P{missing}: name P1 to P{len(edges)}")
    home_edges = tuple(edges[player] for player in sorted(edges))
    problem = seating_problem(home_edges)
    if problem is not None:
        raise _HeaderProblem(found.start(), problem)
    declared = declared_players(header)
    if declared is not None and declared != len(home_edges):
        raise _HeaderProblem(
            found.start(), f"the header says {declared} players but seats {len(home_edges)}"
        )
    return home_edges


def _count(digits: str) -> int:
    """ASCII digits as a number; absurdly long ones (which int() refuses) as a large one."""
    return int(digits) if len(digits) <= _MAX_DIGITS else 10**_MAX_DIGITS


def _lines(text: str) -> Iterator[Line]:
    """The lines of `text` one at a time (a sniff reads only the first few)."""
    start = 0
    while start <= len(text):
        end = text.find("\n", start)
        if end < 0:
            end = len(text)
        raw = text[start:end]
        yield Line(start, raw[:-1] if raw.endswith("\r") else raw)
        start = end + 1


def _split_comment(line: str) -> tuple[str, str | None, int]:
    """(content before `;`, comment text or None, offset of `;` or len)."""
    at = line.find(";")
    if at < 0:
        return line, None, len(line)
    return line[:at], line[at + 1 :].strip(), at


class _Reader:
    """Reads a record line by line, keeping what is needed to place errors."""

    def __init__(self, text: str, source: str, dialect: str = SEED) -> None:
        self.text = text
        self.source = source
        self.locate = Locator(text, source)  # a problem a line: each not found from the start
        self.dialect = dialect
        self.entries: list[Entry] = []
        self.offsets: list[int] = []
        self.header: str | None = None
        self.header_comment: str | None = None
        self.numbered = False
        self.unfinished_at: int | None = None
        self.first: int | None = None
        self.moves_seen = 0
        self.anything = False

    def error(self, offset: int, message: str) -> NotationError:
        return NotationError(message, self.locate(offset))

    def skip(self, line: Line) -> None:
        """Account for a malformed line so that later lines are judged as if it were fine."""
        content, _, _ = _split_comment(line.text)
        stripped = content.strip()
        if stripped and not stripped.startswith(HEADER) and stripped != UNFINISHED:
            self.moves_seen += 1
        self.anything = self.anything or bool(line.text.strip())

    def read(self, line: Line) -> None:
        content, comment, comment_at = _split_comment(line.text)
        stripped = content.strip()
        if not stripped and comment is None:
            return
        lead = len(content) - len(content.lstrip())
        at = line.start + lead
        if self.unfinished_at is not None:
            raise self.error(at, "nothing may follow '...', which ends an unfinished record")
        if stripped.startswith(HEADER):
            self.read_header(line, stripped, comment, at)
        elif stripped == UNFINISHED:
            if comment is not None:
                raise self.error(line.start + comment_at, "a comment cannot follow '...'")
            self.unfinished_at = at
        elif not stripped:
            self.entries.append(Entry(None, comment))
        else:
            self.read_move(content, comment, at)
        self.anything = True

    def read_header(self, line: Line, stripped: str, comment: str | None, at: int) -> None:
        if self.anything:
            raise self.error(at, "the 'Game:' header must be the record's first line")
        raw = stripped[len(HEADER) :]
        offset = at + len(HEADER) + len(raw) - len(raw.lstrip())
        header, blanked = _without_item(raw.strip(), _DIALECT)
        first = _FIRST.search(blanked)
        if first is not None:
            player = _FIRST_PLAYER.match(first[1])
            if player is None or not 1 <= _count(player[1]) <= MAX_PLAYERS:
                raise self.error(
                    offset + first.start(1),
                    f"expected the player who moves first, such as 'first: P2', found {first[1]!r}",
                )
            self.first = _count(player[1])
            header = _without_item(header, _FIRST)[0]
            blanked = _without_item(blanked, _FIRST)[1]
        match = _PLAYERS.match(blanked)
        if match and not 2 <= _count(match[1]) <= MAX_PLAYERS:
            raise self.error(offset, f"a Flows game has 2 to {MAX_PLAYERS} players, not {match[1]}")
        try:
            _read_seats(blanked)
        except _HeaderProblem as problem:
            raise self.error(offset + problem.offset, problem.message) from None
        marker_alone = not header and bool(blanked.strip() == "" and raw.strip())
        self.header = None if marker_alone else header  # `Game: dialect: x` names no header
        self.header_comment = comment

    def read_move(self, content: str, comment: str | None, at: int) -> None:
        body = content.strip()
        self.moves_seen += 1
        match = _MOVE.match(body)
        move = _move_of(match, self.dialect) if match else None
        if match is None or move is None:
            raise self.error(*_diagnose_line(body, at, self.dialect))
        number = match["number"]
        move_at = at + match.start("move")
        if number is not None:
            if _count(number) != self.moves_seen:
                raise self.error(
                    at, f"move number {number} is out of sequence: this is move {self.moves_seen}"
                )
            self.numbered = True
        self.entries.append(Entry(move, comment))
        self.offsets.append(move_at)

    def finish(self, problems: list[NotationError] | None = None) -> Parsed:
        """The record read; quortextt's moves turned from their seat's frame to the board
        (a move whose player has no seat is an error, or one of `problems`)."""
        entries, offsets = self.entries, self.offsets
        if self.dialect == QUORTEXTT:
            entries, offsets = self.seated(problems)
        first = self.first
        if first is None:  # quortextt's records start with whoever moved first
            moves = [e.move for e in entries if e.move is not None]
            first = moves[0].player if self.dialect == QUORTEXTT and moves else 1
        record = Record(
            entries=tuple(entries),
            header=self.header,
            header_comment=self.header_comment,
            unfinished=self.unfinished_at is not None,
            numbered=self.numbered,
            dialect=self.dialect,
            first=first,
        )
        return Parsed(record, tuple(offsets))

    def seated(self, problems: list[NotationError] | None) -> tuple[list[Entry], list[int]]:
        """The entries with each move read from where its player sits (moves are read as
        if seated at the bottom until the seats are known)."""
        players = [e.move.player for e in self.entries if e.move is not None]
        home_edges = _seats(self.header, players, self.dialect)
        entries: list[Entry] = []
        offsets: list[int] = []
        moves = iter(self.offsets)
        for entry in self.entries:
            move = entry.move
            if move is None:
                entries.append(entry)
                continue
            at = next(moves)
            if move.player > len(home_edges):
                message = (
                    f"P{move.player} has no seat in a {len(home_edges)}-player game:"
                    " quortextt's labels are read from where the player sits"
                )
                if problems is None:
                    raise self.error(at, message)
                problems.append(self.error(at, message))
                continue
            edge = home_edges[move.player - 1]
            hex_ = hex_of_seated_label(edge, seated_label_of_hex(0, move.hex))
            assert hex_ is not None  # every seated frame names every hex
            turned = Move(move.player, hex_, move.tile, (move.rotation + edge) % 6)
            entries.append(Entry(turned, entry.comment))
            offsets.append(at)
        return entries, offsets


def _move_of(match: re.Match[str], dialect: str = SEED) -> Move | None:
    """The move of a line the fast path matched; None when the hex or orientation is wrong.

    In quortextt's dialect the move is read as if its player sat at the bottom (edge 0);
    `_Reader.seated` turns it once the seats are known.
    """
    player = int(match["player"])
    hex_ = _frame_hex(player, match["label"], dialect)
    if hex_ is None or match["orientation"] not in ORIENTATIONS:
        return None
    return Move(player, hex_, int(match["tile"]), ORIENTATIONS.index(match["orientation"]))


def parse_move(text: str, source: str = DEFAULT_SOURCE) -> Move:
    """One move such as `P1A2T0N`; NotationError naming the bad part."""
    match = _MOVE.match(text)
    move = _move_of(match) if match and match["number"] is None else None
    if move is None:
        raise NotationError.at(text, *_diagnose_line(text, 0), source)
    return move


_NO_PLACEMENT = re.compile(r"P([1-6])T([0-3])-\Z")


def parse_engine_move(text: str, source: str = DEFAULT_SOURCE) -> Move | NoPlacement:
    """A move as the engine protocol writes it: a placement (`P1A2T0N`), or `P1T2-` for a
    drawn tile type that fits nowhere (a win; records have no line for it)."""
    stripped = text.strip()
    found = _NO_PLACEMENT.match(stripped)
    if found:
        return NoPlacement(int(found[1]), int(found[2]))
    return parse_move(stripped, source)


def _frame_hex(player: int, label: str, dialect: str) -> Hex | None:
    if dialect == QUORTEXTT:
        return hex_of_seated_label(0, label)
    return hex_of_label(player, label)


def _diagnose_line(body: str, at: int, dialect: str = SEED) -> tuple[int, str]:
    """(offset, message) for the first wrong part of a move line starting at `at`."""
    number = re.match(r"([0-9]+)\.[ \t]*", body)
    start = number.end() if number else 0
    where, message = _diagnose_move(body, start, dialect)
    return at + where, message


def _number(text: str, at: int, what: str) -> tuple[int, int] | tuple[int, str]:
    """(end, value) of the digits at `at`, or (offset, message) when there are none or a
    leading zero (the notation writes every number without one)."""
    end = at
    while end < len(text) and "0" <= text[end] <= "9":
        end += 1
    if end == at:
        return at, f"expected a {what} after {text[at - 1]!r}, found {_found(text, at)}"
    if end - at > 1 and text[at] == "0":
        return at, f"{what} {text[at:end]!r} has a leading zero"
    return end, _count(text[at:end])


def _found(text: str, at: int) -> str:
    return repr(text[at]) if at < len(text) else "the end of the line"


def _diagnose_move(text: str, at: int, dialect: str = SEED) -> tuple[int, str]:
    """Walk a move left to right and name the first part that is wrong."""
    if at >= len(text) or text[at] != "P":
        return at, f"expected a move such as P1A1T0N, found {_found(text, at)}"
    end, player = _number(text, at + 1, "player number")
    if isinstance(player, str):
        return end, player
    if not 1 <= player <= MAX_PLAYERS:
        return at, f"no player P{text[at + 1 : end]}: Flows seats players P1 to P{MAX_PLAYERS}"
    row_at = end
    if row_at >= len(text) or text[row_at] not in ROW_LETTERS:
        return row_at, f"expected a row letter A-G after P{player}, found {_found(text, row_at)}"
    end, column = _number(text, row_at + 1, "column number")
    if isinstance(column, str):
        return end, column
    label = f"{text[row_at]}{text[row_at + 1 : end]}"
    if _frame_hex(player, label, dialect) is None:
        if dialect == QUORTEXTT:
            row = seated_row_labels(text[row_at])
            where = "quortextt's labels"
        else:
            row = row_labels(player, text[row_at])
            where = f"P{player}'s frame"
        return row_at, (f"no hex {label} in {where}: row {text[row_at]} runs {row[0]}-{row[-1]}")
    tile_offset = end
    if tile_offset >= len(text) or text[tile_offset] != "T":
        found = _found(text, tile_offset)
        return tile_offset, f"expected 'T' and a tile type after hex {label}, found {found}"
    end, tile = _number(text, tile_offset + 1, "tile type")
    if isinstance(tile, str):
        return end, tile
    if tile >= TILE_TYPES:
        digits = text[tile_offset + 1 : end]
        return tile_offset, f"no tile type T{digits}: the types are T0 to T{TILE_TYPES - 1}"
    return _diagnose_orientation(text, end, tile)


def _diagnose_orientation(text: str, at: int, tile: int) -> tuple[int, str]:
    end = at
    while end < len(text) and text[end].isascii() and text[end].isalpha():
        end += 1
    word = text[at:end]
    if not word:
        return at, f"expected an orientation ({_ORIENTATION_LIST}) after T{tile}, found " + (
            _found(text, at)
        )
    if word not in ORIENTATIONS:
        return at, f"{word!r} is not an orientation: use {_ORIENTATION_LIST}"
    while end < len(text) and text[end] in " \t":
        end += 1
    if end >= len(text):  # every part is right, so the fast path failed on layout
        return 0, "malformed move: write it as P1A1T0N"
    return end, f"unexpected {_found(text, end)} after the move: one move per line"


# -- writing -------------------------------------------------------------------------


def format_move(move: Move) -> str:
    """A move as written, in its player's frame: `P2B3T1SE`."""
    label = label_of_hex(move.player, move.hex)
    return f"P{move.player}{label}T{move.tile}{ORIENTATIONS[move.rotation]}"


def format_seated_move(move: Move, edge: int) -> str:
    """A move as quortextt writes it for a player seated at `edge`: the label in the
    seat's frame, the orientation relative to the seat."""
    label = seated_label_of_hex(edge, move.hex)
    return f"P{move.player}{label}T{move.tile}{ORIENTATIONS[(move.rotation - edge) % 6]}"


def _with_comment(text: str, comment: str | None) -> str:
    if comment is None:
        return text
    tail = f"; {comment}" if comment else ";"
    return f"{text} {tail}" if text else tail


def dump(record: Record, dialect: str | None = None) -> str:
    """The record in canonical form: one line each, `; comment` after one space.

    Written in `dialect` (default: the record's own). quortextt's dialect leaves a blank
    line after the header, as quortextt does, and names itself in the header
    (`dialect: quortextt`) unless the text is laid out exactly as quortextt writes, which
    detection reads as quortextt's (`quortextt_layout`).
    NotationError when a move's player has no seat (quortextt's labels need one).
    """
    dialect = dialect or record.dialect
    if dialect not in DIALECTS:
        raise NotationError(f"no dialect {dialect!r}: the dialects are {DIALECT_LIST}")
    header = _header_in(record, dialect)
    if dialect == SEED:
        return _dump(record, SEED, header)
    text = _dump(record, QUORTEXTT, header)
    if quortextt_layout(text):
        return text  # laid out as quortextt writes: detection finds it
    return _dump(record, QUORTEXTT, with_dialect(header, QUORTEXTT))


def header_first(header: str) -> tuple[str, int]:
    """(a header text without its `first:` item, the player it names or 1); NotationError
    for a bad one (for headers met outside a record's text, such as QGN's `game` tag)."""
    found = _FIRST.search(header)
    if found is None:
        return header, 1
    player = _FIRST_PLAYER.match(found[1])
    if player is None or not 1 <= _count(player[1]) <= MAX_PLAYERS:
        raise NotationError(
            f"expected the player who moves first, such as 'first: P2', found {found[1]!r}"
        )
    return _without_item(header, _FIRST)[0], _count(player[1])


def header_in(record: Record, dialect: str) -> str | None:
    """The record's header text as `dialect` writes it (see `_header_in`)."""
    return _header_in(record, dialect)


def _header_in(record: Record, dialect: str) -> str | None:
    """The record's header text as `dialect` writes it: with `first:` where the dialect
    would not infer the first player (the seed's: P1; quortextt's: the first move's), and
    with the seats written out where the record names none and the two dialects' default
    seatings differ (three players or more), so that the game stays the same."""
    header = record.header
    moves = record.moves
    if dialect != record.dialect and declared_seats(header) is None:
        home_edges = record_seats(record)
        if home_edges != dialect_seats(len(home_edges), dialect):
            header = with_seats(header, home_edges)
    inferred = moves[0].player if dialect == QUORTEXTT and moves else 1
    if record.first != inferred:
        header = _with_item(header, f"first: P{record.first}")
    return header


def _dump(record: Record, dialect: str, header: str | None) -> str:
    lines: list[str] = []
    if header is not None:
        head = f"{HEADER} {header}" if header else HEADER
        lines.append(_with_comment(head, record.header_comment))
        if dialect == QUORTEXTT:
            lines.append("")
    players = [move.player for move in record.moves]
    home_edges = _seats(header, players, QUORTEXTT) if dialect == QUORTEXTT else ()
    number = 0
    for entry in record.entries:
        if entry.move is None:
            lines.append(_with_comment("", entry.comment))
            continue
        number += 1
        move = entry.move
        if dialect == SEED:
            written = format_move(move)
        elif move.player <= len(home_edges):
            written = format_seated_move(move, home_edges[move.player - 1])
        else:
            raise NotationError(
                f"P{move.player} has no seat in a {len(home_edges)}-player game:"
                " quortextt's labels need one (name the players in the header)"
            )
        if record.numbered:
            written = f"{number}. {written}"
        lines.append(_with_comment(written, entry.comment))
    if record.unfinished:
        lines.append(UNFINISHED)
    return "".join(line + "\n" for line in lines)
