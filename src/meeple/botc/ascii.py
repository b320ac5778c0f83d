"""The ASCII-art grimoire: draw a `Grimoire` as a box of seats, and read such a box back.

Drawing takes the layout from layout.py and writes its pieces into the box.
Reading accepts any art that follows the layout rules, not only what this
module draws (the seed's hand-made 12-player picture among them):

- a box: `┌─ Grimoire (N players) ─…┐`, lines `│…│` of the same width, `└─…┘`,
  or the same drawn in plain ASCII (`+- Grimoire (N players) -…+`, `|…|`, `+-…+`);
- inside, groups of rows separated by blank rows: the first group is the top
  side (token rows, an optional row of column markers, names, roles), the last
  is the bottom side (names, roles, markers, token rows), and each group in
  between holds side seats (names, roles with an optional marker just after,
  then tokens hanging from that hook, the first beside the role when there is
  no marker), at most one left and one right seat;
- a left seat starts left of every top and bottom seat, a right seat anywhere
  else (past the first of them); every seat has a column of its own;
- a reminder token `(role:token)` stands in its seat's column (the hook for
  side seats); a side seat's tokens are joined to it by `()` lines, a top or
  bottom seat's may also float past rows where nothing stands in the column;
  texts never touch.

Anything else is a NotationError at the line and column of the first problem.
Column numbers in markers count characters from the left border (column 0).
Where the seats go is layout.py's business; this module only draws and reads.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import NamedTuple

from meeple import ansi
from meeple.botc.layout import Picture, picture, title
from meeple.botc.model import (
    BOTC_SAT_ABBREVIATIONS,
    Grimoire,
    Life,
    Placed,
    ReminderToken,
    Seat,
    SeatPlaces,
    written_short,
)
from meeple.botc.notation import IDENTIFIER, ROLE_ID, spelled
from meeple.botc.script import team_of
from meeple.errors import DEFAULT_SOURCE, NotationError, line_ends

# -- drawing ------------------------------------------------------------------------------


class Charset(NamedTuple):
    """The characters the box is drawn with."""

    top_left: str
    top_right: str
    bottom_left: str
    bottom_right: str
    horizontal: str
    vertical: str


CHARSETS = {
    "unicode": Charset("┌", "┐", "└", "┘", "─", "│"),
    "ascii": Charset("+", "+", "+", "+", "-", "|"),
}
"""`unicode` is the seed's box drawing; `ascii` is for terminals and logs without it."""


def recharset(art: str, charset: str) -> str:
    """Valid art (a box and nothing else, as `meeple fmt` keeps it) drawn with another charset.

    Only the frame uses the charsets' characters, so the title line, the border columns
    and the bottom line are all that change; ASCII's `+` is any corner, so each line
    is redrawn by where it stands.
    """
    box = CHARSETS[charset]
    lines = art.split("\n")
    if len(lines) < 3:
        return art
    body = [line[:1] and box.vertical + line[1:-1] + box.vertical for line in lines[1:-2]]
    top, bottom = lines[0], lines[-2]
    rule = str.maketrans({c.horizontal: box.horizontal for c in CHARSETS.values()})
    top = box.top_left + top[1:-1].translate(rule) + box.top_right
    bottom = box.bottom_left + box.horizontal * (len(bottom) - 2) + box.bottom_right
    return "\n".join([top, *body, bottom, lines[-1]])


def charset_of(art: str) -> str:
    """The charset a picture's box is drawn with, told by its first character."""
    return "ascii" if art.lstrip().startswith("+") else "unicode"


MAX_ART_SEATS = 500
"""The most seats the art is drawn for: its box grows with the square of the seats (a
megabyte of seats would need gigabytes), and no table comes near."""


def render_grimoire(
    grimoire: Grimoire, layout: str = "auto", columns: bool = False, charset: str = "unicode"
) -> str:
    """The art of a grimoire; `columns` adds a `(N)` marker naming each seat's column.

    `charset` is `unicode` (the seed's box drawing) or `ascii` (`+`, `-`, `|`).

    NotationError for a grimoire of more than MAX_ART_SEATS seats.
    """
    if len(grimoire) > MAX_ART_SEATS:
        raise NotationError(
            f"the grimoire has {len(grimoire)} seats: the art is drawn for up to"
            f" {MAX_ART_SEATS}; the single line holds any number"
        )
    return draw(picture(grimoire, layout, columns), len(grimoire), CHARSETS[charset])


def dump_art(
    grimoire: Grimoire,
    layout: str | None = None,
    columns: bool | None = None,
    charset: str | None = None,
    abbreviate: bool | None = None,
    ids: str | None = None,
    drawn: tuple[str, str] | None = None,
) -> str:
    """The canonical art (`render_grimoire`'s defaults where an option is None), official
    characters spelled as `ids` names; `abbreviate` writes botc-sat's short prefixes.

    `drawn` is the picture (its text and source) the grimoire was read from (`meeple
    fmt`): a valid one keeps its layout (and charset) unless --layout, --columns or
    --abbreviate asks for a redrawing, or a character is not written in the spelling
    `ids` names (or it was drawn in botc-sat's dialect, which is redrawn in meeple's
    layout): only blank lines around the box and spaces after it go. A redrawn picture
    that wrote botc-sat's short prefixes keeps them.
    """
    if drawn is not None:
        text, source = drawn
        charset = charset or charset_of(text)
        redraw = layout or columns or abbreviate or spelled(grimoire, ids) != grimoire
        if not redraw and art_dialect(text, source) == "seed":
            lines = [line.rstrip() for line in text.splitlines()]
            return recharset("\n".join(line for line in lines if line) + "\n", charset)
        abbreviate = abbreviate or written_short(text)
    grimoire = spelled(grimoire, ids)
    if abbreviate:
        grimoire = grimoire.abbreviated()
    return render_grimoire(grimoire, layout or "auto", bool(columns), charset or "unicode")


TEAM_CODES = {"townsfolk": "34", "outsider": "36", "minion": "33", "demon": "31"}
# A reminder token `(imp:dead)`, a dead player's struck-out name `~~Carol~~`, or a word.
_PIECES = re.compile(r"\((?P<token>[^()\n]*)\)|~~[^~\n]+~~|(?P<word>\b[a-z][a-z_]*\b)")


def colour(art: str, roles: Iterable[str]) -> str:
    """The art (or a bag) with each of `roles` in its team's colour, reminder tokens and
    the dead dimmed (ANSI); the layout is untouched."""
    roles = set(roles)

    def code_of(found: re.Match[str]) -> str:
        if found["word"] is None:
            return ansi.DIM
        if found["word"] in roles:
            return TEAM_CODES.get(team_of(found["word"]), "")
        return ""

    return ansi.paint(art, _PIECES, code_of)


def draw(picture: Picture, players: int, charset: Charset = CHARSETS["unicode"]) -> str:
    """The box around a picture's pieces, as lines ending in newlines."""
    inner = picture.width - 2
    box = charset
    by_row: list[list[tuple[int, str]]] = [[] for _ in range(picture.rows)]
    for piece in picture.pieces:
        by_row[piece.row].append((piece.column, piece.text))
    name = title(players)
    rule = box.horizontal
    lines = [f"{box.top_left}{rule} {name} {rule * (picture.width - len(name) - 5)}{box.top_right}"]
    for pieces in by_row:
        line = ""
        for column, text in sorted(pieces):
            line += " " * (column - 1 - len(line)) + text
        lines.append(f"{box.vertical}{line.ljust(inner)}{box.vertical}")
    lines.append(f"{box.bottom_left}{rule * inner}{box.bottom_right}")
    return "\n".join(lines) + "\n"


# -- reading ------------------------------------------------------------------------------

_RUN = re.compile(r"[^ ]+")
_MARKER = re.compile(r"\((?P<column>[0-9]{1,6})\)\Z")
_BUBBLE = re.compile(rf"\((?P<token>{ROLE_ID}(?::{IDENTIFIER})?)\)\Z")
_NAME = re.compile(
    rf"(?:\*~~(?P<spent>{IDENTIFIER})~~\*|\*(?P<dead>{IDENTIFIER})\*|(?P<alive>{IDENTIFIER}))\Z"
)
_ROLE = re.compile(rf"{ROLE_ID}\Z")


@cache
def _title_parts(box: Charset) -> tuple[tuple[re.Pattern[str], str], ...]:
    rule, corner, end = (re.escape(c) for c in (box.horizontal, box.top_left, box.top_right))
    ascii_too = " (or '+' for a box of plain ASCII)" if box.top_left == "┌" else ""
    return (
        (re.compile(corner), f"the box's top-left corner {box.top_left!r}{ascii_too}"),
        (re.compile(rf"{rule} Grimoire \("), f"the title '{box.horizontal} Grimoire (N players)'"),
        (re.compile(r"(?P<count>[0-9]{1,6})"), "the number of players in the title"),
        (re.compile(r" players?\) "), "' players) ' after the number"),
        (re.compile(f"{rule}+"), f"the top border {box.horizontal!r}"),
        (re.compile(rf"{end}\Z"), f"the top-right corner {box.top_right!r} to end the line"),
    )


_SEAT_ROWS = "a row of player names with a row of roles under it"


@dataclass(frozen=True)
class _Run:
    """A text of the art: interior row index, column in its line, text, offset in the record."""

    row: int
    column: int
    text: str
    offset: int


@dataclass
class _Found:
    """A seat read from the art, before the seats are put in clockwise order."""

    side: str
    column: int
    seat: Seat
    places: SeatPlaces
    name_run: _Run


@dataclass
class _Reader:
    """The art being read: its text, and the runs of text in each row inside the box."""

    text: str
    source: str
    box: Charset
    rows: list[list[_Run]] = field(default_factory=list)
    row_offsets: list[int] = field(default_factory=list)
    # row -> its runs by column, built on first use (a scan of the row for every seat's
    # role, marker and tokens made wide rows quadratic)
    _by_column: dict[int, dict[int, _Run]] = field(default_factory=dict)

    def fail(self, offset: int, message: str) -> NotationError:
        return NotationError.at(self.text, offset, message, self.source)

    def at(self, row: int, column: int) -> _Run | None:
        """The run of `row` that starts at `column` (the first, if several could)."""
        runs = self._by_column.get(row)
        if runs is None:
            runs = self._by_column[row] = {}
            for run in self.rows[row]:
                runs.setdefault(run.column, run)
        return runs.get(column)


def parse_art(text: str, source: str = DEFAULT_SOURCE) -> Grimoire:
    """The grimoire drawn in an ASCII-art box."""
    return read_art(text, source).grimoire


def read_art(text: str, source: str = DEFAULT_SOURCE) -> Placed:
    """The grimoire drawn in an ASCII-art box, with where each seat's parts were written.

    The seed's rules are read first; a picture they refuse is read as botc-sat draws
    (`_read_botc_sat`), and when neither reading fits, the problem reported is the one
    found further into the text (the seed's, for art with a blank row under its title, as
    the seed and meeple draw). A picture both readings accept with different seat
    orders is refused as ambiguous.
    """
    text = line_ends(text)  # same length: offsets stay right
    try:
        placed, reader, lefts = _read_seed(text, source)
    except NotationError as seed:
        try:
            return _read_botc_sat(text, source)
        except NotationError as other:
            # botc-sat writes a name or token on the row under the title; art with a
            # blank row there is the seed's (and meeple's), and told in its terms.
            if _blank_first_row(text) or _further(seed, other):
                raise seed from None
            raise other from None
    if lefts and reader.rows and reader.rows[0] and reader.rows[-1]:
        try:
            botc_sat = _read_botc_sat(text, source)
        except NotationError:
            return placed
        if botc_sat.grimoire != placed.grimoire:
            raise reader.fail(
                lefts[0].name_run.offset,
                "ambiguous picture: with no blank row under the title its left side reads"
                " clockwise (bottom up, as the seed and meeple draw) or top down (as"
                " botc-sat draws); add a blank row under the title to read"
                " it clockwise, or convert botc-sat's one-line grimoire instead",
            )
    return placed


def art_dialect(text: str, source: str = DEFAULT_SOURCE) -> str:
    """`seed` for art the seed's rules read (with full role prefixes), else `botc-sat`."""
    text = line_ends(text)
    try:
        _read_seed(text, source)
    except NotationError:
        return "botc-sat"
    return "botc-sat" if _SHORT_PREFIX.search(text) else "seed"


_SHORT_PREFIX = re.compile(r"\((?:" + "|".join(BOTC_SAT_ABBREVIATIONS) + r"):")


def _blank_first_row(text: str) -> bool:
    lines = text.lstrip("\n").split("\n")
    return len(lines) > 1 and not lines[1].strip(" │|")


def _further(one: NotationError, other: NotationError) -> bool:
    return (one.line, one.column) > (other.line, other.column)


def _read_seed(text: str, source: str) -> tuple[Placed, _Reader, list[_Found]]:
    """The seed's reading, the reader it used and the left seats it found."""
    reader = _Reader(text, source, CHARSETS[charset_of(text)])
    count, count_offset = _read_frame(reader)
    groups = _groups(reader.rows)
    found: list[_Found] = []
    if groups:
        found += _row_of_seats(reader, groups[0], "top")
    # Side seats are told apart by where the top and bottom seats start; the groups are
    # read from the top down so that the first problem in the text is the one reported.
    middle = [seat.column for seat in found]
    if len(groups) > 1:
        middle += [run.column for run in reader.rows[groups[-1][0]]]
    for group in groups[1:-1]:
        found += _side_seats(reader, group, min(middle))
    if len(groups) > 1:
        found += _row_of_seats(reader, groups[-1], "bottom")
    _distinct(reader, found)
    ordered = _clockwise(found)
    _check_count(reader, count, count_offset, len(ordered))
    placed = Placed(Grimoire(tuple(f.seat for f in ordered)), tuple(f.places for f in ordered))
    return placed, reader, [f for f in found if f.side == "left"]


def _check_count(reader: _Reader, count: int | None, count_offset: int, seated: int) -> None:
    if count is not None and count != seated:
        raise reader.fail(
            count_offset, f"the title says {count} players but the box seats {seated}"
        )


def _lines(text: str) -> Iterator[tuple[int, str]]:
    offset = 0
    for line in text.split("\n"):
        yield offset, line.removesuffix("\r")
        offset += len(line) + 1


def _read_frame(reader: _Reader) -> tuple[int | None, int]:
    """Check the box and collect the runs of text inside it; the title's count and its offset."""
    lines = [(offset, line) for offset, line in _lines(reader.text)]
    index = 0
    while index < len(lines) and not lines[index][1].strip():
        index += 1
    if index == len(lines):
        raise reader.fail(len(reader.text), "expected a grimoire box: '┌─ Grimoire (N players)'")
    offset, first = lines[index]
    first = first.rstrip()  # spaces after a border are no part of the box
    count, count_offset = _read_title(reader, offset, first)
    width = len(first)
    end = len(lines)
    for number in range(index + 1, len(lines)):
        offset, line = lines[number]
        if line.startswith(reader.box.bottom_left):
            _read_bottom(reader, offset, line.rstrip(), width)
            end = number
            break
        if not line and number == len(lines) - 1:
            break  # the text ends inside the box
        _read_side_borders(reader, offset, line, width)
        row = len(reader.rows)
        runs = _RUN.finditer(line, 1, width - 1)
        reader.rows.append([_Run(row, m.start(), m.group(), offset + m.start()) for m in runs])
        reader.row_offsets.append(offset)
    if end == len(lines):
        box = reader.box
        bottom = f"{box.bottom_left}{box.horizontal}…{box.bottom_right}"
        raise reader.fail(
            len(reader.text), f"expected the bottom border '{bottom}' to close the box"
        )
    for offset, line in lines[end + 1 :]:
        if line.strip():
            start = len(line) - len(line.lstrip())
            raise reader.fail(offset + start, "text after the box: a file holds one grimoire")
    return count, count_offset


def _read_title(reader: _Reader, offset: int, line: str) -> tuple[int | None, int]:
    box = reader.box
    corner, rule, end = (re.escape(c) for c in (box.top_left, box.horizontal, box.top_right))
    short = re.compile(rf"{corner}{rule} Grim(?:oire)? {rule}+{end}\Z")
    if short.match(line):
        return None, offset  # botc-sat's titles for narrow boxes: no count to check
    pos = 0
    count = count_offset = 0
    for pattern, what in _title_parts(reader.box):
        match = pattern.match(line, pos)
        if match is None:
            raise reader.fail(offset + pos, f"expected {what}")
        if match.lastgroup == "count":
            count, count_offset = int(match["count"]), offset + pos
        pos = match.end()
    return count, count_offset


def _read_side_borders(reader: _Reader, offset: int, line: str, width: int) -> None:
    box = reader.box
    if not line.startswith(box.vertical):
        raise reader.fail(
            offset,
            f"expected the left border {box.vertical!r} (or {box.bottom_left!r} to close the box)",
        )
    if len(line) < width:
        raise reader.fail(
            offset + len(line),
            f"this line is {len(line)} characters wide but the box is {width}:"
            f" the right border {box.vertical!r} goes straight under {box.top_right!r}",
        )
    if line[width - 1] != box.vertical:
        raise reader.fail(
            offset + width - 1,
            f"expected the right border {box.vertical!r} straight under the top-right corner",
        )
    if line[width:].strip():
        raise reader.fail(offset + width, "text past the right border")


def _read_bottom(reader: _Reader, offset: int, line: str, width: int) -> None:
    box = reader.box
    expected = box.bottom_left + box.horizontal * (width - 2) + box.bottom_right
    for pos, (have, want) in enumerate(zip(line, expected, strict=False)):
        if have != want:
            raise reader.fail(offset + pos, f"expected {want!r} in the bottom border")
    if len(line) != width:
        where = min(len(line), width)
        raise reader.fail(offset + where, f"the bottom border must be as wide as the top ({width})")


def _groups(rows: Sequence[list[_Run]]) -> list[list[int]]:
    """Runs of consecutive rows with text, separated by blank rows."""
    groups: list[list[int]] = []
    current: list[int] = []
    for index, runs in enumerate(rows):
        if runs:
            current.append(index)
        elif current:
            groups.append(current)
            current = []
    if current:
        groups.append(current)
    return groups


def _name(reader: _Reader, run: _Run) -> tuple[str, Life, int]:
    match = _NAME.match(run.text)
    if match is None:
        raise reader.fail(
            run.offset, f"expected a player name (Name, *Name* or *~~Name~~*), found {run.text!r}"
        )
    if match["spent"]:
        return match["spent"], Life.VOTE_USED, run.offset + 3
    if match["dead"]:
        return match["dead"], Life.DEAD, run.offset + 1
    return match["alive"], Life.ALIVE, run.offset


def _role(reader: _Reader, names: _Run, role_row: int, column: int) -> _Run:
    run = reader.at(role_row, column)
    if run is None:
        raise reader.fail(
            reader.row_offsets[role_row] + column,
            f"expected the role of {names.text!r} in the row under it, in the same column",
        )
    if not _ROLE.match(run.text):
        raise reader.fail(run.offset, f"expected a role (a word such as imp), found {run.text!r}")
    return run


def _is_marker_row(runs: Sequence[_Run]) -> bool:
    return bool(runs) and all(_MARKER.match(run.text) for run in runs)


def _check_marker(reader: _Reader, run: _Run, column: int) -> None:
    match = _MARKER.match(run.text)
    if match is None:
        raise reader.fail(run.offset, f"expected a column marker ({column}), found {run.text!r}")
    if int(match["column"]) != column:
        raise reader.fail(
            run.offset,
            f"column marker {run.text} does not name its seat's column, {column}"
            " (counting the left border as column 0)",
        )


def _chain(
    reader: _Reader,
    rows: Sequence[int],
    column: int,
    owner: str,
    claimed: set[_Run],
    floating: bool = False,
) -> tuple[list[ReminderToken], list[int]]:
    """The tokens joined to a seat in `column`, reading `rows` outward from the seat.

    A side seat's tokens end at the first row with nothing in the column; a top or
    bottom seat's (`floating`) may skip rows, since every row of its side is its side's.
    """
    tokens: list[ReminderToken] = []
    offsets: list[int] = []
    last: _Run | None = None
    for row in rows:
        run = reader.at(row, column)
        if run is None:
            if floating:
                continue
            break
        if run.text != "()":
            match = _BUBBLE.match(run.text)
            if match is None:
                raise reader.fail(
                    run.offset,
                    f"expected a reminder token (role:token) or an extension line () of"
                    f" {owner}, found {run.text!r}",
                )
            tokens.append(ReminderToken.from_text(match["token"]))
            offsets.append(run.offset + 1)
        claimed.add(run)
        last = run
    if last is not None and last.text == "()":
        raise reader.fail(last.offset, f"this extension line of {owner} leads to no token")
    return tokens, offsets


def _unclaimed(reader: _Reader, rows: Sequence[int], claimed: set[_Run], where: str) -> None:
    for row in rows:
        for run in reader.rows[row]:
            if run not in claimed:
                raise reader.fail(
                    run.offset,
                    f"{run.text!r} belongs to no seat: {where}",
                )


def _row_of_seats(reader: _Reader, group: list[int], side: str) -> list[_Found]:
    """The seats of the top or bottom side, left to right."""
    if len(group) < 2:
        first = reader.rows[group[0]][0]
        raise reader.fail(first.offset, f"expected {_SEAT_ROWS} on the {side} side")
    if side == "top":
        names_row, roles_row, extra = group[-2], group[-1], group[:-2][::-1]
    else:
        names_row, roles_row, extra = group[0], group[1], group[2:]
    claimed = set(reader.rows[names_row])
    if extra and _is_marker_row(reader.rows[extra[0]]):
        markers, extra = extra[0], extra[1:]
    else:
        markers = None
    found = []
    for run in reader.rows[names_row]:
        player, life, player_at = _name(reader, run)
        role = _role(reader, run, roles_row, run.column)
        claimed.add(role)
        if markers is not None and (mark := reader.at(markers, run.column)) is not None:
            _check_marker(reader, mark, run.column)
            claimed.add(mark)
        tokens, offsets = _chain(reader, extra, run.column, repr(player), claimed, True)
        seat = Seat(player, role.text, tuple(tokens), life)
        places = SeatPlaces(player_at, role.offset, tuple(offsets))
        found.append(_Found(side, run.column, seat, places, run))
    where = "a role stands under its player's name"
    _unclaimed(reader, [roles_row], claimed, where)
    where = "a token stands in its seat's column"
    _unclaimed(reader, group, claimed, where)
    return found


def _side_seats(reader: _Reader, group: list[int], least: int) -> list[_Found]:
    """The left and right seats of one group of rows between the top and the bottom."""
    if len(group) < 2:
        first = reader.rows[group[0]][0]
        raise reader.fail(first.offset, f"expected {_SEAT_ROWS} for a side seat")
    names_row, roles_row, hanging = group[0], group[1], group[2:]
    claimed = set(reader.rows[names_row])
    found: list[_Found] = []
    for run in reader.rows[names_row]:
        side = "left" if run.column < least else "right"
        if any(f.side == side for f in found):
            raise reader.fail(run.offset, f"one {side} seat per group of rows: leave a blank row")
        player, life, player_at = _name(reader, run)
        role = _role(reader, run, roles_row, run.column)
        claimed.add(role)
        hook = run.column + len(role.text) + 1
        mark = reader.at(roles_row, hook)
        chain = hanging
        if mark is not None and mark.text[1:2].isdigit():
            _check_marker(reader, mark, run.column)
            claimed.add(mark)
        elif mark is not None:
            chain = [roles_row, *hanging]  # no marker: the first token hangs beside the role
        tokens, offsets = _chain(reader, chain, hook, repr(player), claimed)
        seat = Seat(player, role.text, tuple(tokens), life)
        places = SeatPlaces(player_at, role.offset, tuple(offsets))
        found.append(_Found(side, run.column, seat, places, run))
    where = "a side seat's tokens hang one per row just after its role"
    _unclaimed(reader, group, claimed, where)
    return found


def _distinct(reader: _Reader, found: Sequence[_Found]) -> None:
    columns: dict[int, str] = {}
    players: set[str] = set()
    for seat in found:
        if seat.column in columns:
            raise reader.fail(
                seat.name_run.offset,
                f"column {seat.column} is already {columns[seat.column]}'s:"
                " every seat needs a column of its own",
            )
        if seat.seat.player in players:
            raise reader.fail(
                seat.places.player,
                f"player {seat.seat.player!r} is already seated:"
                " every player needs a name of their own",
            )
        columns[seat.column] = seat.seat.player
        players.add(seat.seat.player)


def _clockwise(found: Sequence[_Found]) -> list[_Found]:
    """Top left to right, right side down, bottom right to left, left side up."""
    top = sorted((f for f in found if f.side == "top"), key=lambda f: f.column)
    right = [f for f in found if f.side == "right"]
    bottom = sorted((f for f in found if f.side == "bottom"), key=lambda f: -f.column)
    left = [f for f in found if f.side == "left"][::-1]
    return top + right + bottom + left


# -- botc-sat's art ---------------------------------------------------------------------------

_STARRED_ROLE = re.compile(rf"\*(?P<role>{ROLE_ID})\*\Z")


@dataclass
class _SatSeat:
    """A seat of botc-sat's art: its name's run, and what it was read as."""

    name_run: _Run
    seat: Seat
    places: SeatPlaces


def _read_botc_sat(text: str, source: str) -> Placed:
    """Art as botc-sat draws it (docs/formats/botc.md, "botc-sat's art"): every name with
    its role in the row under it, tokens in the seat's column above the name or below
    the role, top seats on the first row of names, a left seat left of every top seat,
    the left side listed from the top down, and dead roles drawn `*imp*`."""
    reader = _Reader(text, source, CHARSETS[charset_of(text)])
    count, count_offset = _read_frame(reader)
    pairs: list[tuple[_Run, _Run]] = []
    named: set[_Run] = set()
    for row, runs in enumerate(reader.rows):
        for run in runs:
            if run in named or run.text.startswith("("):
                continue
            below = reader.at(row + 1, run.column) if row + 1 < len(reader.rows) else None
            if below is None or below.text.startswith("("):
                raise reader.fail(
                    run.offset,
                    f"expected the role of {run.text!r} in the row under it, in the same column",
                )
            named |= {run, below}
            pairs.append((run, below))
    claimed: dict[_Run, str] = {}
    offset_of_markers: list[int] = []
    seats = [_sat_seat(reader, name, role, claimed, offset_of_markers) for name, role in pairs]
    for runs in reader.rows:
        for run in runs:
            if run not in named and run not in claimed:
                raise reader.fail(
                    run.offset,
                    f"{run.text!r} belongs to no seat: a token stands in its seat's column,"
                    " above the name or below the role",
                )
    players: set[str] = set()
    for seat in seats:
        if seat.seat.player in players:
            raise reader.fail(
                seat.places.player,
                f"player {seat.seat.player!r} is already seated: every player needs a name of"
                " their own",
            )
        players.add(seat.seat.player)
    ordered = _botc_sat_order(seats)
    _check_count(reader, count, count_offset, len(ordered))
    return Placed(Grimoire(tuple(s.seat for s in ordered)), tuple(s.places for s in ordered))


def _sat_seat(
    reader: _Reader, name: _Run, role: _Run, claimed: dict[_Run, str], offsets: list[int]
) -> _SatSeat:
    player, life, player_at = _name(reader, name)
    starred = _STARRED_ROLE.match(role.text)
    if starred is not None:
        if not life.dead:
            raise reader.fail(
                role.offset,
                f"a role drawn between stars ({role.text}) marks a dead player,"
                f" but {player} is drawn alive: write *{player}*",
            )
        role_name, role_at = starred["role"], role.offset + 1
    elif _ROLE.match(role.text):
        role_name, role_at = role.text, role.offset
    else:
        raise reader.fail(
            role.offset, f"expected a role (a word such as imp or *imp*), found {role.text!r}"
        )
    above = _sat_chain(reader, name.row - 1, -1, name.column, player, claimed, offsets)
    below = _sat_chain(reader, role.row + 1, 1, name.column, player, claimed, offsets)
    if above and below:
        raise reader.fail(
            below[0][1] - 1,
            f"{player} has tokens both above the name and below the role: botc-sat hangs a"
            " seat's tokens on one side, so their order is ambiguous",
        )
    chain = above or below
    seat = Seat(player, role_name, tuple(token for token, _ in chain), life)
    return _SatSeat(name, seat, SeatPlaces(player_at, role_at, tuple(a for _, a in chain)))


def _sat_chain(
    reader: _Reader,
    row: int,
    step: int,
    column: int,
    owner: str,
    claimed: dict[_Run, str],
    offsets: list[int],
) -> list[tuple[ReminderToken, int]]:
    """The tokens hanging from a seat in `column`, reading outward from row `row`:
    an optional column marker first, then tokens and `()` lines with no gap."""
    tokens: list[tuple[ReminderToken, int]] = []
    last: _Run | None = None
    first = True
    while 0 <= row < len(reader.rows):
        run = reader.at(row, column)
        if run is None:
            break
        marker = _MARKER.match(run.text)
        if first and marker is not None:
            _marker_offset(reader, run, int(marker["column"]) - column, offsets)
        elif run.text == "()" or _BUBBLE.match(run.text):
            if run.text != "()":
                token = run.text[1:-1]
                tokens.append((ReminderToken.from_text(token), run.offset + 1))
            last = run
        else:
            break
        if run in claimed:
            raise reader.fail(
                run.offset,
                f"ambiguous picture: {run.text} hangs between {claimed[run]} and {owner}"
                " in the same column; leave a blank row between their tokens",
            )
        claimed[run] = owner
        first = False
        row += step
    if last is not None and last.text == "()":
        raise reader.fail(last.offset, f"this extension line of {owner!r} leads to no token")
    return tokens


def _marker_offset(reader: _Reader, run: _Run, offset: int, offsets: list[int]) -> None:
    """botc-sat numbers columns from 3 left of the border (its `(4)` stands in column 1):
    every marker of a picture must be off its column by the same amount."""
    if offsets and offsets[0] != offset:
        raise reader.fail(
            run.offset,
            f"column marker {run.text} is {offset} off its column, the picture's first marker"
            f" {offsets[0]}: every marker counts columns alike",
        )
    offsets.append(offset)


def _botc_sat_order(seats: Sequence[_SatSeat]) -> list[_SatSeat]:
    """Top left to right, right side down, bottom right to left, then the left side
    from the top down (botc-sat lists its left side in seat order downward)."""
    if not seats:
        return []
    first_row = min(s.name_run.row for s in seats)
    top = sorted((s for s in seats if s.name_run.row == first_row), key=lambda s: s.name_run.column)
    leftmost = top[0].name_run.column
    rest = [s for s in seats if s.name_run.row != first_row]
    left = sorted((s for s in rest if s.name_run.column < leftmost), key=lambda s: s.name_run.row)
    others = [s for s in rest if s.name_run.column >= leftmost]
    last_row = max((s.name_run.row for s in others), default=-1)
    bottom = sorted(
        (s for s in others if s.name_run.row == last_row), key=lambda s: -s.name_run.column
    )
    right = sorted((s for s in others if s.name_run.row != last_row), key=lambda s: s.name_run.row)
    return top + right + bottom + left
