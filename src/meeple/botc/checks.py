"""What `meeple check` says of a grimoire or a bag beyond reading it.

Always the naming lints; with `--script` the script's setup (and, for a script file,
what the checks leave out of it); with `--bag` the grimoire's roles against a bag;
with `--players` the set-up rules for that many players. Each finding points at the
text: a grimoire line, the art it was read from, or a town square's JSON. This module
reads models and where their parts were written (meeple.botc.script, setup); it parses
only the options' values.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, NamedTuple

from meeple.botc.characters import official_id
from meeple.botc.model import Bag, Grimoire, Placed
from meeple.botc.notation import dump, parse_bag, read_bag, read_grimoire
from meeple.botc.script import (
    MONSTA_TOKEN,
    SCRIPTS,
    bag_convention_findings,
    bag_findings,
    bag_script_findings,
    convention_findings,
    roles_in_play,
    script_file,
    script_findings,
    script_named,
)
from meeple.errors import Finding, Location, NotationError, OptionError

if TYPE_CHECKING:
    from meeple.botc.trace import Trace
    from meeple.game import Document

DEFAULT_SCRIPT = "trouble-brewing"
"""The script whose set-up rules `--players` checks when `--script` names none."""


class Asked(NamedTuple):
    """What `meeple check` was asked to compare a grimoire or bag with (None: nothing)."""

    script: str | None = None
    """`--script`: a bundled script's name or a script file."""
    bag: str | None = None
    """`--bag`: a bag, written `{imp baron ...}`."""
    players: str | None = None
    """`--players`: a number of players the set-up rules are checked for."""


def line_findings(document: Document, asked: Asked) -> Iterator[Finding]:
    """The findings of a grimoire line or a bag."""
    text, source = document.text, document.source
    yield from left_out(asked.script)
    if isinstance(document.model, Bag):
        roles = read_bag(text, source)
        yield from bag_convention_findings(roles, text, source)
        if asked.bag is not None:
            message = "--bag compares a grimoire with a bag, and this record is a bag"
            raise NotationError.at(text, len(text) - len(text.lstrip()), message, source)
        if asked.players is not None:
            yield from legality(roles, asked.script, asked.players, text, source)
        elif asked.script:
            yield from bag_script_findings(roles, script_named(asked.script), text, source)
        return
    yield from grimoire_findings(read_grimoire(text, source), text, source, asked)


def art_findings(document: Document, asked: Asked) -> Iterator[Finding]:
    """The findings of a grimoire drawn as art, at their places in the picture."""
    from meeple.botc.ascii import read_art  # with the layouts: only art needs them

    placed = read_art(document.text, document.source)
    yield from left_out(asked.script)
    yield from grimoire_findings(placed, document.text, document.source, asked)


def townsquare_findings(document: Document, asked: Asked) -> Iterator[Finding]:
    """The grimoire checks, on the one-line grimoire the game state maps to: a finding
    about a seat points at that player's object in the JSON (the role, where it is
    about the role), one about the whole table at the start of the file."""
    from meeple.jsontext import Paths

    text, source = document.text, document.source
    yield from left_out(asked.script)
    line = dump(Grimoire(document.model.seats))
    placed = read_grimoire(line)
    paths = Paths(text)
    for finding in grimoire_findings(placed, line, source, asked):
        at = finding.location.column - 1  # the one-line grimoire is one line
        seat = max((n for n, place in enumerate(placed.places) if place.player <= at), default=None)
        offset = 0
        if seat is not None and at > 1:
            place = placed.places[seat]
            about_role = place.role <= at and not any(t <= at for t in place.tokens)
            path = ("players", seat, "role") if about_role else ("players", seat)
            offset = paths.locate(path)
        yield Finding(
            finding.message, Location.of(text, offset, source), finding.severity, finding.kind
        )


def left_out(script: str | None) -> Iterator[Finding]:
    """Warnings, at their places in a script file given to --script, for what the checks
    leave out of it (an id that names no character)."""
    if not script or script in SCRIPTS:
        return
    from meeple.botc import scriptcheck

    file, text = script_file(script)  # OptionError for a file that is not a script
    yield from scriptcheck.left_out(file, text, script)


def grimoire_findings(placed: Placed, text: str, source: str, asked: Asked) -> Iterator[Finding]:
    """The lints, then the script's, the bag's and the set-up rules' findings."""
    script, bag, players = asked
    yield from convention_findings(placed, text, source)
    if script:
        yield from script_findings(placed, script_named(script), text, source)
    if bag is None:
        if players is not None:
            yield from legality(_seated_bag(placed), script, players, text, source)
        return
    try:
        the_bag = parse_bag(bag, "--bag")
    except NotationError as problem:
        # A malformed option is the user's mistake, not the record's (exit 2).
        raise OptionError(str(problem)) from None
    yield from bag_findings(placed, the_bag, text, source)
    if players is not None:
        yield from legality(read_bag(bag, "--bag"), script, players, bag, "--bag")


def _seated_bag(placed: Placed) -> list[tuple[str, int]]:
    """The characters in play (the Drunk's seat as the Drunk, a babysat Lil' Monsta), each
    with the offset of the seat's role (Lil' Monsta, at no seat: the babysitter's token)."""
    in_play = roles_in_play(placed.grimoire)
    offsets = [place.role for place in placed.places]
    monsta = [
        offset
        for seat, place in zip(placed.grimoire.seats, placed.places, strict=True)
        for token, offset in zip(seat.tokens, place.tokens, strict=True)
        if token.name == MONSTA_TOKEN.name
        and official_id(token.role or MONSTA_TOKEN.role or "") == MONSTA_TOKEN.role
    ]
    offsets += monsta[: len(in_play) - len(offsets)]
    return list(zip(in_play, offsets, strict=True))


def legality(
    roles: Sequence[tuple[str, int]], script: str | None, players: str, text: str, source: str
) -> Iterator[Finding]:
    """Errors for every set-up rule the bag (its roles and their offsets in `text`) breaks
    for `players` players, each at the role it concerns or else at the start of the bag."""
    if not players.isdigit() or not 1 <= int(players) <= 99:
        raise OptionError(f"--players takes a number of players, not {players!r}")
    from meeple.botc.setup import broken_rules

    rules = script_named(script or DEFAULT_SCRIPT)
    start = len(text) - len(text.lstrip())
    found = []
    for broken in broken_rules(rules, [role for role, _ in roles], int(players)):
        offsets = [offset for role, offset in roles if role == broken.role]
        found.append((offsets[broken.occurrence] if broken.role is not None else start, broken))
    for at, broken in sorted(found, key=lambda pair: pair[0]):
        yield Finding(broken.message, Location.of(text, at, source), "error", "check")


def trace_findings(document: Document) -> Iterator[Finding]:
    """A note on a trace with no grimoire line: its events were read, not played."""
    events: Trace = document.model
    if events.grimoire is None:
        yield Finding(
            "no grimoire line: the events were read and checked for notation only, the"
            " rules were not applied (start the file with the grimoire, [Name:role ...])",
            Location.of(document.text, 0, document.source),
            "warning",
            "check",
        )
