"""The single-line grimoire text and the bag text: parse them into models and write them back.

Grammar (as implemented; docs/formats/botc.md gives the reasons):

    grimoire ::= '[' ' '* (entry (' '+ entry)*)? ' '* ']'
    entry    ::= name ':' role tokens?                    a living player
               | '*' name ':' role tokens? '*'            dead, ghost vote unused
               | '*' '~~' name '~~' ':' role tokens? '*'  dead, ghost vote used
    tokens   ::= '(' token (',' token)* ')'
    token    ::= identifier (':' identifier)?             role prefix, then the token
    bag      ::= '{' ' '* (role (' '+ role)*)? ' '* '}'
    name, role ::= identifier ::= [A-Za-z][A-Za-z0-9_]*

Whitespace (including a final newline) may surround the whole record. A clean line
(one space between seats, nothing unusual) is read by the quick path: one `findall`
over the brackets, seats built straight from its groups. Anything else goes to the
full reader, which matches one compiled regular expression per seat, keeps where each
part was written, and hands an entry it cannot match to `_diagnose_entry`, which walks
it by hand to name the exact problem.
Naming conventions (capitalised players, lower-case roles) are not parse errors:
they are lint findings (see script.py). This module knows nothing of roles.
"""

from __future__ import annotations

import re
from functools import partial
from operator import itemgetter
from typing import TypeVar

from meeple.botc.model import Bag, Grimoire, Life, Placed, ReminderToken, Seat, SeatPlaces
from meeple.errors import DEFAULT_SOURCE, NotationError, line_ends

# The names the notation holds, one definition for every reader of a grimoire (this
# module's and the QGN bridge's): a player is an identifier; a role, a reminder token's
# role prefix and a bare token may also be a homebrew id as the Script Tool writes them,
# with hyphens between its parts (`witchhunt-witch`); docs/formats/botc.md.
IDENTIFIER = r"[A-Za-z][A-Za-z0-9_]*"
PLAYER_NAME = IDENTIFIER
ROLE_ID = rf"{IDENTIFIER}(?:-[A-Za-z0-9_]+)*"
TOKEN = rf"{ROLE_ID}(?::{IDENTIFIER})?"

# One seat of the single line. The conditionals tie the closing '~~' to an opening
# one and the closing '*' to an opening one, so unbalanced marks fall to _diagnose_entry.
_ENTRY = re.compile(
    rf"""
    (?P<star>\*)?                         # dead players' entries go between stars
    (?(star)(?P<strike>~~)?)              # a spent ghost vote strikes the name out
    (?P<player>{PLAYER_NAME})
    (?(strike)~~)
    :(?P<role>{ROLE_ID})
    (?:\((?P<tokens>{TOKEN}(?:,{TOKEN})*)\))?
    (?(star)\*)
    (?=[ \]])[ ]*                         # an entry ends at spaces or the closing bracket
    """,
    re.VERBOSE,
)
_NOT_IN_NAME = re.compile(r"[^A-Za-z0-9_]")


def player_name(typed: str) -> str:
    """A player's name as typed (`Ann Lee`), as the notation holds it (`Ann_Lee`): every
    character other than an ASCII letter, digit or `_` becomes `_`, and a name that does
    not start with a letter gets a `P` in front (`1st` is `P1st`). The one rule for every
    name meeple is given rather than reads (`botc setup --names`, the townsquare import)."""
    cleaned = _NOT_IN_NAME.sub("_", typed)
    return cleaned if cleaned[:1].isalpha() else f"P{cleaned}"


# The same, never backtracking into a name (possessive: a quarter faster over a line).
_POSSESSIVE_IDENTIFIER = r"[A-Za-z][A-Za-z0-9_]*+"
_POSSESSIVE_ROLE_ID = rf"{_POSSESSIVE_IDENTIFIER}(?:-[A-Za-z0-9_]++)*+"
_POSSESSIVE_TOKEN = rf"{_POSSESSIVE_ROLE_ID}(?::{_POSSESSIVE_IDENTIFIER})?+"

# The quick path's view of a line: _ENTRY without its lookahead, each seat ending at one
# space or the closing bracket, and a last alternative that takes the rest of the line
# from the first character no seat starts at, so that `findall` meets every character
# between the brackets: a line the quick path does not read shows up in that last group
# (taken whole, not a character at a time: a long name before it is scanned once).
_QUICK_SEATS = re.compile(
    rf"""
    (\*)?(?(1)(~~)?)({_POSSESSIVE_IDENTIFIER})(?(2)~~)   # star, strike, player, strike closed
    :({_POSSESSIVE_ROLE_ID})
    (?:\(({_POSSESSIVE_TOKEN}(?:,{_POSSESSIVE_TOKEN})*+)\))?  # the tokens as written
    (?(1)\*)(?:[ ]|\Z)                                  # star closed; a space or the bracket
    |(.+)                                               # anything else, to the end
    """,
    re.VERBOSE | re.DOTALL,
)
_PLAYER, _WRITTEN, _OTHER = itemgetter(2), itemgetter(4), itemgetter(5)
_token = ReminderToken.from_text
_SPACES = re.compile(r" *")
_LAYOUT = re.compile(r"\s*")
_IDENTIFIER = re.compile(IDENTIFIER)
_ROLE_ID = re.compile(ROLE_ID)
_BAG = re.compile(rf"\{{ *(?P<roles>{ROLE_ID}(?: +{ROLE_ID})*)? *\}}")
_BAG_PIECE = re.compile(rf"(?P<role>{ROLE_ID})|(?P<space> +)|(?P<close>\}})")
_ALIVE, _DEAD, _VOTE_USED = Life.ALIVE, Life.DEAD, Life.VOTE_USED


# -- reading -----------------------------------------------------------------------------


def parse(text: str, source: str = DEFAULT_SOURCE) -> Grimoire | Bag:
    """A grimoire `[...]` or a bag `{...}`, whichever the text holds."""
    if text.startswith("["):
        return parse_grimoire(text, source)
    start = _LAYOUT.match(text).end()  # type: ignore[union-attr]
    if text.startswith("{", start):
        return parse_bag(text, source)
    return parse_grimoire(text, source)


def parse_grimoire(text: str, source: str = DEFAULT_SOURCE) -> Grimoire:
    """The grimoire of a single line; NotationError at the exact problem otherwise.

    A clean line (one space between seats, nothing unusual) is read by the quick path:
    one `findall` over the brackets, seats built straight from its groups, equal token
    lists read once and shared. A line holding anything else (a problem, extra spaces)
    goes to `read_grimoire`, which reads it whole or finds its first problem.
    """
    line = text.strip()
    if not line.startswith("[") or not line.endswith("]"):
        return read_grimoire(text, source).grimoire
    seats = _QUICK_SEATS.findall(line, 1, len(line) - 1)
    if any(map(_OTHER, seats)) or len(set(map(_PLAYER, seats))) != len(seats):
        # a character the quick path does not read, or a player seated twice
        return read_grimoire(text, source).grimoire
    tokens: dict[str, tuple[ReminderToken, ...]] = {"": ()}
    for listed in set(map(_WRITTEN, seats)):
        if "," in listed:
            tokens[listed] = tuple(map(_token, listed.split(",")))
        elif listed:
            tokens[listed] = (_token(listed),)
    return Grimoire(
        tuple(
            [
                Seat(
                    player,
                    role,
                    tokens[listed],
                    _VOTE_USED if strike else _DEAD if star else _ALIVE,
                )
                for star, strike, player, role, listed, _ in seats
            ]
        )
    )


def read_grimoire(text: str, source: str = DEFAULT_SOURCE) -> Placed:
    """The grimoire of a single line with the offsets where each seat was written."""
    text = line_ends(text)  # same length: offsets stay right
    pos = _LAYOUT.match(text).end()  # type: ignore[union-attr]
    if not text.startswith("[", pos):
        expected = "expected '[' to open a grimoire (or '{' to open a bag)"
        raise NotationError.at(text, pos, f"{expected}, found {_found(text, pos)}", source)
    opened = pos
    pos = _SPACES.match(text, pos + 1).end()  # type: ignore[union-attr]
    seats: list[Seat] = []
    places: list[SeatPlaces] = []
    seen: dict[str, int] = {}
    # Each entry is matched where the last one ended, never searched for further on: a
    # search from a malformed entry tried every later position (quadratic on long names).
    match = _ENTRY.match
    while not text.startswith("]", pos) and (entry := match(text, pos)) is not None:
        seat, place = _seat(entry)
        if seat.player in seen:
            raise NotationError.at(
                text,
                place.player,
                f"player {seat.player!r} is already seated at seat {seen[seat.player] + 1}:"
                " every player needs a name of their own",
                source,
            )
        seen[seat.player] = len(seats)
        seats.append(seat)
        places.append(place)
        pos = entry.end()
    if not text.startswith("]", pos):
        if pos >= len(text):
            column = _column(text, opened)
            message = f"expected ']' to close the grimoire opened at column {column}"
            raise NotationError.at(text, pos, message, source)
        raise _diagnose_entry(text, pos, source)
    end = _LAYOUT.match(text, pos + 1).end()  # type: ignore[union-attr]
    if end < len(text):
        raise NotationError.at(
            text, end, "text after the closing ']': a grimoire is one line, '[' to ']'", source
        )
    return Placed(Grimoire(tuple(seats)), tuple(places))


def _seat(entry: re.Match[str]) -> tuple[Seat, SeatPlaces]:
    star, strike, player, role, written = entry.groups()
    life = Life.ALIVE if star is None else Life.VOTE_USED if strike else Life.DEAD
    tokens: tuple[ReminderToken, ...] = ()
    offsets: list[int] = []
    if written is not None:
        words = written.split(",")
        tokens = tuple(ReminderToken.from_text(word) for word in words)
        at = entry.start(5)
        for word in words:
            offsets.append(at)
            at += len(word) + 1
    seat = Seat(player, role, tokens, life)
    return seat, SeatPlaces(entry.start(3), entry.start(4), tuple(offsets))


def _found(text: str, pos: int) -> str:
    if pos >= len(text):
        return "the end of the text"
    if text[pos] in "\r\n":
        return "the end of the line"
    return repr(text[pos])


def _identifier_end(text: str, pos: int, pattern: re.Pattern[str] = _IDENTIFIER) -> int:
    match = pattern.match(text, pos)
    return pos if match is None else match.end()


def _diagnose_entry(text: str, at: int, source: str) -> NotationError:
    """The first problem in the entry starting at `at` (which the fast path refused)."""

    def fail(offset: int, message: str) -> NotationError:
        return NotationError.at(text, offset, message, source)

    pos = at
    dead = text.startswith("*", pos)
    pos += dead
    struck = text.startswith("~~", pos)
    if struck and not dead:
        return fail(
            pos,
            "'~~' marks a spent ghost vote, which only a dead player has: write *~~Name~~:role*",
        )
    pos += 2 * struck
    name_end = _identifier_end(text, pos)
    if name_end == pos:
        what = "a player name" if dead or struck else "a player entry such as Name:role"
        return fail(pos, f"expected {what}, found {_found(text, pos)}")
    name, pos = text[pos:name_end], name_end
    if struck and not text.startswith("~~", pos):
        return fail(
            pos, f"expected '~~' to close the struck-out name {name!r}, found {_found(text, pos)}"
        )
    if not struck and text.startswith("~~", pos):
        return fail(pos, f"'~~' after {name!r} closes nothing: strike a name out as ~~{name}~~")
    pos += 2 * struck
    if not text.startswith(":", pos):
        return fail(
            pos, f"expected ':' and a role after player {name!r}, found {_found(text, pos)}"
        )
    role_end = _identifier_end(text, pos + 1, _ROLE_ID)
    if role_end == pos + 1:
        return fail(
            pos + 1, f"expected the role of {name!r} after ':', found {_found(text, pos + 1)}"
        )
    pos = role_end
    if text.startswith("(", pos):
        problem = _diagnose_tokens(text, pos)
        if isinstance(problem, tuple):
            return fail(*problem)
        pos = problem
    if dead and not text.startswith("*", pos):
        return fail(
            pos,
            f"expected '*' to close the dead player entry of {name!r}"
            f" (opened at column {_column(text, at)}), found {_found(text, pos)}",
        )
    if not dead and text.startswith("*", pos):
        return fail(
            pos, f"'*' closes nothing: a dead player's entry is wrapped whole, as *{name}:role*"
        )
    pos += dead
    if pos >= len(text):
        return fail(pos, "expected ']' to close the grimoire")
    return fail(
        pos, f"expected a space or ']' after the entry of {name!r}, found {_found(text, pos)}"
    )


def _diagnose_tokens(text: str, opened: int) -> int | tuple[int, str]:
    """The end of a well-formed token list at `opened`, or (offset, message) of its problem."""
    if text.startswith(")", opened + 1):
        return opened, "empty reminder token list '()': leave the parentheses out instead"
    pos = opened + 1
    while True:
        end = _identifier_end(text, pos, _ROLE_ID)
        if end == pos:
            if text.startswith((",", ")"), pos):
                return pos, f"empty reminder token before {_found(text, pos)}: write role:token"
            return pos, f"expected a reminder token such as role:token, found {_found(text, pos)}"
        pos = end
        if text.startswith(":", pos):
            end = _identifier_end(text, pos + 1)
            if end == pos + 1:
                prefix = text[_token_start(text, pos) : pos]
                return pos + 1, (
                    f"expected a token name after the role prefix '{prefix}:',"
                    f" found {_found(text, pos + 1)}"
                )
            pos = end
        if text.startswith(",", pos):
            pos += 1
        elif text.startswith(")", pos):
            return pos + 1
        else:
            return pos, (
                f"expected ',' or ')' after a reminder token, found {_found(text, pos)}"
                " (a token is identifier or role:identifier)"
            )


def _token_start(text: str, colon: int) -> int:
    start = colon
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_"):
        start -= 1
    return start


def parse_bag(text: str, source: str = DEFAULT_SOURCE) -> Bag:
    """The bag `{a b c}` in a text; NotationError at the exact problem otherwise."""
    return Bag(tuple(role for role, _ in read_bag(text, source)))


def read_bag(text: str, source: str = DEFAULT_SOURCE) -> tuple[tuple[str, int], ...]:
    """The roles of a bag in the order written, each with its offset in the text."""
    text = line_ends(text)
    pos = _LAYOUT.match(text).end()  # type: ignore[union-attr]
    if not text.startswith("{", pos):
        found = _found(text, pos)
        raise NotationError.at(text, pos, f"expected '{{' to open a bag, found {found}", source)
    match = _BAG.match(text, pos)
    if match is None:
        raise _diagnose_bag(text, pos, source)
    end = _LAYOUT.match(text, match.end()).end()  # type: ignore[union-attr]
    if end < len(text):
        raise NotationError.at(text, end, "text after the closing '}': a bag is one line", source)
    return tuple((role.group(), role.start()) for role in _ROLE_ID.finditer(text, pos, match.end()))


def _column(text: str, offset: int) -> int:
    return offset - text.rfind("\n", 0, offset)


def _diagnose_bag(text: str, opened: int, source: str) -> NotationError:
    pos = opened + 1
    while True:
        piece = _BAG_PIECE.match(text, pos)
        if piece is None or piece["close"]:
            break
        pos = piece.end()
    if pos >= len(text):
        message = f"expected '}}' to close the bag opened at column {_column(text, opened)}"
    elif text[pos] in "(:,":
        message = f"a bag holds roles only, separated by spaces: found {text[pos]!r}"
    else:
        message = f"expected a role, a space or '}}' in the bag, found {_found(text, pos)}"
    return NotationError.at(text, pos, message, source)


# -- writing -----------------------------------------------------------------------------


def format_seat(seat: Seat) -> str:
    """One entry of the single line: `Name:role(tokens)`, starred and struck out when dead."""
    name = f"~~{seat.player}~~" if seat.life is Life.VOTE_USED else seat.player
    tokens = f"({','.join(map(str, seat.tokens))})" if seat.tokens else ""
    entry = f"{name}:{seat.role}{tokens}"
    return f"*{entry}*" if seat.life.dead else entry


def format_grimoire(grimoire: Grimoire) -> str:
    """The canonical single line (no newline)."""
    return "[" + " ".join(format_seat(seat) for seat in grimoire.seats) + "]"


def format_bag(bag: Bag) -> str:
    """The canonical bag: roles sorted, one space apart (no newline)."""
    return "{" + " ".join(bag.roles) + "}"


def dump(model: Grimoire | Bag) -> str:
    """A grimoire or bag as a file: its canonical line and a newline."""
    if isinstance(model, Bag):
        return format_bag(model) + "\n"
    return format_grimoire(model) + "\n"


M = TypeVar("M", bound=Grimoire | Bag)


def spelled(model: M, ids: str | None = None) -> M:
    """The grimoire or bag with official characters in the spelling `ids` names: the
    seed's (`fortune_teller`, the default) or the Script Tool's (`fortuneteller`)."""
    from meeple.botc.characters import spelled as spell

    return model.respelled(partial(spell, ids=ids or "seed"))  # type: ignore[return-value]


def dump_written(model: Grimoire | Bag, abbreviate: bool = False, ids: str | None = None) -> str:
    """The canonical line, official characters in the spelling `ids` names (the seed's by
    default); `abbreviate` writes botc-sat's short reminder prefixes."""
    model = spelled(model, ids)
    if abbreviate and isinstance(model, Grimoire):
        model = model.abbreviated()
    return dump(model)
