"""The functions behind the registry entries for Blood on the Clocktower (`meeple.botc.format`).

Checks run the naming lints always and the script's setup checks when `--script` names
one; `--bag` and `--players` compare the grimoire with a bag and the set-up rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from meeple.botc.characters import official_id
from meeple.botc.model import BOTC_SAT_ABBREVIATIONS, Bag, Grimoire, Placed
from meeple.botc.notation import dump, format_bag, parse_bag, read_bag, read_grimoire
from meeple.botc.script import (
    MONSTA_TOKEN,
    bag_convention_findings,
    bag_findings,
    bag_script_findings,
    convention_findings,
    roles_in_play,
    script_findings,
    script_named,
)
from meeple.botc.scriptfile import ScriptFile
from meeple.errors import Finding, Location, NotationError, OptionError, RuleError, Unsupported
from meeple.registry import Document

if TYPE_CHECKING:  # traces' rules and set-up rules are imported where they are used
    from meeple.botc import rules, trace

DEFAULT_SCRIPT = "trouble-brewing"
M = TypeVar("M", bound=Grimoire | Bag)
# A reminder token with a short prefix: after '(' or ',' in the line and the art, after
# '+' or '-' too in a trace's token changes.
_SHORT_PREFIX = re.compile(rf"[(,][+-]?(?:{'|'.join(BOTC_SAT_ABBREVIATIONS)}):")


def check_line(
    document: Document,
    script: str | None = None,
    bag: str | None = None,
    players: str | None = None,
) -> Iterator[Finding]:
    text, source = document.text, document.source
    yield from _left_out(script)
    if isinstance(document.model, Bag):
        roles = read_bag(text, source)
        yield from bag_convention_findings(roles, text, source)
        if bag is not None:
            message = "--bag compares a grimoire with a bag, and this record is a bag"
            raise NotationError.at(text, len(text) - len(text.lstrip()), message, source)
        if players is not None:
            yield from _legality(roles, script, players, text, source)
        elif script:
            yield from bag_script_findings(roles, script_named(script), text, source)
        return
    placed = read_grimoire(text, source)
    yield from _grimoire_findings(placed, text, source, script, bag, players)


def check_art(
    document: Document,
    script: str | None = None,
    bag: str | None = None,
    players: str | None = None,
) -> Iterator[Finding]:
    from meeple.botc.ascii import read_art  # with the layouts: only art needs them

    placed = read_art(document.text, document.source)
    yield from _left_out(script)
    yield from _grimoire_findings(placed, document.text, document.source, script, bag, players)


def check_townsquare(
    document: Document,
    script: str | None = None,
    bag: str | None = None,
    players: str | None = None,
) -> Iterator[Finding]:
    """The grimoire checks, on the one-line grimoire the game state maps to: a finding
    about a seat points at that player's object in the JSON (the role, where it is
    about the role), one about the whole table at the start of the file."""
    from meeple.jsontext import Paths

    yield from _left_out(script)
    line = dump(Grimoire(document.model.seats))
    placed = read_grimoire(line)
    paths = Paths(document.text)
    for finding in _grimoire_findings(placed, line, document.source, script, bag, players):
        at = finding.location.column - 1  # the one-line grimoire is one line
        seat = max((n for n, place in enumerate(placed.places) if place.player <= at), default=None)
        offset = 0
        if seat is not None and at > 1:
            place = placed.places[seat]
            about_role = place.role <= at and not any(t <= at for t in place.tokens)
            path = ("players", seat, "role") if about_role else ("players", seat)
            offset = paths.locate(path)
        yield Finding(
            finding.message,
            Location.of(document.text, offset, document.source),
            finding.severity,
            finding.kind,
        )


def _left_out(script: str | None) -> Iterator[Finding]:
    """Warnings, at their places in a script file given to --script, for what the checks
    leave out of it (an id that names no character)."""
    from meeple.botc.script import SCRIPTS

    if not script or script in SCRIPTS:
        return
    from pathlib import Path

    from meeple.botc.scriptcheck import left_out
    from meeple.botc.scriptfile import parse
    from meeple.errors import decode

    script_named(script)  # OptionError for a file that is not a script
    text = decode(Path(script).read_bytes(), script)
    yield from left_out(parse(text, script), text, script)


def _grimoire_findings(
    placed: Placed,
    text: str,
    source: str,
    script: str | None,
    bag: str | None,
    players: str | None,
) -> Iterator[Finding]:
    yield from convention_findings(placed, text, source)
    if script:
        yield from script_findings(placed, script_named(script), text, source)
    if bag is None:
        if players is not None:
            yield from _legality(_seated_bag(placed), script, players, text, source)
        return
    try:
        the_bag = parse_bag(bag, "--bag")
    except NotationError as problem:
        # A malformed option is the user's mistake, not the record's (exit 2).
        raise OptionError(str(problem)) from None
    yield from bag_findings(placed, the_bag, text, source)
    if players is not None:
        yield from _legality(read_bag(bag, "--bag"), script, players, bag, "--bag")


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


def _legality(
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


def spelled(model: M, ids: str | None = None) -> M:
    """The grimoire or bag with official characters in the spelling `ids` names: the
    seed's (`fortune_teller`, the default) or the Script Tool's (`fortuneteller`)."""
    from meeple.botc.characters import spelled as spell

    return model.respelled(partial(spell, ids=ids or "seed"))  # type: ignore[return-value]


def written_short(text: str) -> bool:
    """Whether a line or picture writes a reminder with botc-sat's short prefix (`ft:`)."""
    return _SHORT_PREFIX.search(text) is not None


def dump_line(
    model: Grimoire | Bag, abbreviate: bool | None = None, ids: str | None = None, **_: Any
) -> str:
    """The canonical line, official characters in the spelling `ids` names (the seed's by
    default); `abbreviate` writes botc-sat's short reminder prefixes."""
    model = spelled(model, ids)
    if abbreviate and isinstance(model, Grimoire):
        model = model.abbreviated()
    return dump(model)


def fmt_line(document: Document, abbreviate: bool | None = None, ids: str | None = None) -> str:
    """The canonical line; a line written with botc-sat's short prefixes keeps them."""
    return dump_line(document.model, abbreviate or written_short(document.text), ids)


def dump_art(
    model: Grimoire,
    layout: str | None = None,
    columns: bool | None = None,
    charset: str | None = None,
    abbreviate: bool | None = None,
    ids: str | None = None,
) -> str:
    from meeple.botc.ascii import render_grimoire

    model = spelled(model, ids)
    if abbreviate:
        model = model.abbreviated()
    return render_grimoire(model, layout or "auto", bool(columns), charset or "unicode")


def fmt_art(
    document: Document,
    layout: str | None = None,
    columns: bool | None = None,
    charset: str | None = None,
    abbreviate: bool | None = None,
    ids: str | None = None,
) -> str:
    """A valid picture keeps its layout (and charset) unless --layout, --columns or
    --abbreviate asks for a redrawing, or a character is not written in the spelling
    `ids` names (or it was drawn in botc-sat's dialect, which is redrawn in meeple's
    layout): only blank lines around the box and spaces after it go. A redrawn picture
    that wrote botc-sat's short prefixes keeps them."""
    from meeple.botc.ascii import art_dialect, charset_of, recharset

    charset = charset or charset_of(document.text)
    model = document.model
    redraw = layout or columns or abbreviate or spelled(model, ids) != model
    if redraw or art_dialect(document.text, document.source) != "seed":
        short = abbreviate or written_short(document.text)
        return dump_art(model, layout, columns, charset, short, ids)
    lines = [line.rstrip() for line in document.text.splitlines()]
    kept = "\n".join(line for line in lines if line) + "\n"
    return recharset(kept, charset)


def render(
    model: Grimoire | Bag,
    layout: str | None = None,
    columns: bool | None = None,
    html: bool | None = None,
    charset: str | None = None,
    color: bool | None = None,
) -> str:
    """The picture `meeple show` prints (it adds the final newline itself)."""
    from meeple.botc.ascii import colour

    if isinstance(model, Bag):
        model = spelled(model)
        picture = format_bag(model)
        return colour(picture, model.roles) if color else picture
    if html:
        if color:
            raise OptionError("--color colours the art, not the HTML fragment")
        from meeple.botc.svg import html as fragment

        return fragment(model).removesuffix("\n")
    picture = dump_art(model, layout, columns, charset).removesuffix("\n")
    return colour(picture, (seat.role for seat in model.seats)) if color else picture


def svg(model: Grimoire | Bag | trace.Trace | rules.State) -> str:
    """The town square: a grimoire, or the table a trace has reached."""
    from meeple.botc import rules, trace
    from meeple.botc.svg import render as town_square

    if isinstance(model, Bag):
        raise Unsupported("a bag has no seats to draw: seat it with `meeple botc setup`")
    if isinstance(model, trace.Trace):
        model = model.grimoire or Grimoire()
    if isinstance(model, rules.State):
        model = model.grimoire
    return town_square(model)


def check_trace(document: Document) -> Iterator[Finding]:
    """A note on a trace with no grimoire line: its events were read, not played."""
    events: trace.Trace = document.model
    if events.grimoire is None:
        yield Finding(
            "no grimoire line: the events were read and checked for notation only, the"
            " rules were not applied (start the file with the grimoire, [Name:role ...])",
            Location.of(document.text, 0, document.source),
            "warning",
            "check",
        )


def replay_trace(document: Document) -> Iterator[rules.State]:
    """Every state of a trace; a broken mechanic is shown at its event."""
    from meeple.botc import rules

    events: trace.Trace = document.model
    try:
        yield from rules.replay(events)
    except RuleError as problem:
        assert problem.step is not None
        here = Location.of(document.text, events.offsets[problem.step], document.source)
        raise problem.moved_to(here) from None


def render_trace(
    subject: trace.Trace | rules.State,
    layout: str | None = None,
    columns: bool | None = None,
    charset: str | None = None,
    color: bool | None = None,
) -> str:
    from meeple.botc import rules

    state = (
        subject if isinstance(subject, rules.State) else rules.State(subject.grimoire or Grimoire())
    )
    art = render(state.grimoire, layout, columns, charset=charset, color=color)
    return f"{state.result_text}\n{art}"


def trace_marks(state: rules.State) -> tuple[str, ...]:
    """The players the last event named (who acted, who was acted on), for the viewer."""
    last = state.history[-1] if state.history else None
    names = (last.actor, last.target) if last is not None else ()
    return tuple(name for name in names if name)


def trace_json(state: rules.State) -> dict[str, Any]:
    """One trace state as JSON (docs/formats/botc.md, Game traces)."""
    return {
        "winner": state.winner,
        "phase": None if state.phase is None else str(state.phase),
        "grimoire": dump(state.grimoire).strip(),
        "alive": [seat.player for seat in state.grimoire.seats if not seat.life.dead],
        "nominated": sorted(state.nominated),
        "executed": state.executed,
    }


def dump_trace(model: trace.Trace, abbreviate: bool | None = None, **_: Any) -> str:
    from meeple.botc import trace

    return trace.dump(model, abbreviate=bool(abbreviate))


def fmt_trace(document: Document, abbreviate: bool | None = None) -> str:
    """The canonical trace; a trace written with botc-sat's short prefixes keeps them."""
    return dump_trace(document.model, abbreviate or written_short(document.text))


def trace_result(state: rules.State) -> str:
    return state.result_text


def check_script(document: Document) -> Iterator[Finding]:
    """Every finding of a Script Tool script (meeple.botc.scriptcheck)."""
    from meeple.botc.scriptcheck import findings

    yield from findings(document.model, document.text, document.source)


def script_notes(document: Document) -> list[Finding]:
    """What the commands that read a script leave out of it (an id that names no
    character, a night step off the script): they print these on stderr."""
    from meeple.botc.scriptcheck import left_out

    return list(left_out(document.model, document.text, document.source))


def render_script(model: ScriptFile, **_: Any) -> str:
    """The script's characters, team by team (`meeple show`)."""
    from meeple.botc.sheet import character_list

    return character_list(model).removesuffix("\n")


def dump_script(model: ScriptFile, bundled: bool | None = None, **_: Any) -> str:
    """The script in the canonical layout, or with `bundled` the name of the bundled
    script with the same characters (ConversionError when there is none)."""
    from meeple.botc.scriptfile import dump as dump_file

    if bundled:
        return bundled_name(model) + "\n"
    return dump_file(model)


def bundled_name(model: ScriptFile) -> str:
    """The bundled script with the same characters as `model` (order, `_meta` and the
    spelling of ids aside); ConversionError naming the closest one otherwise."""
    from meeple.botc.script import SCRIPTS, bundled
    from meeple.errors import ConversionError

    mine = set(model.characters())
    best, differs = SCRIPTS[0], len(mine) + 200
    for name in SCRIPTS:
        theirs = set(bundled(name).characters())
        if theirs == mine:
            return name
        if len(theirs ^ mine) < differs:
            best, differs = name, len(theirs ^ mine)
    raise ConversionError(
        f"the script is not one meeple bundles ({', '.join(SCRIPTS)}); the closest, {best},"
        f" differs in {differs} characters"
    )


def named_script(name: str) -> str | None:
    """The text of the bundled script called `name`, or None."""
    from meeple.botc.script import SCRIPTS, bundled
    from meeple.botc.scriptfile import dump as dump_file

    return dump_file(bundled(name)) if name in SCRIPTS else None
