"""A solver's answer in words: each world as the seed's one-line grimoire and a line
of the Storyteller's choices, as JSON, and `--explain`'s why-not for a candidate world.

This is what `meeple botc solve` prints (the command only reads the file and the
options); nothing here reads files or exits.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from meeple.botc.model import Grimoire, ReminderToken, Seat
from meeple.botc.notation import format_grimoire
from meeple.botc.puzzle import jsonform, notation
from meeple.botc.puzzle.model import Puzzle, Time
from meeple.botc.script import DRUNK_TOKEN, effective_role
from meeple.botc.setup import RED_HERRING
from meeple.botc.solver.homebrew import character, character_id
from meeple.botc.solver.search import (
    Answer,
    World,
    fitting,
    grimoires,
    script_of,
    solve,
    told,
    units,
)
from meeple.botc.solver.timeline import Trace, plan
from meeple.botc.solver.units import Unmodelled
from meeple.errors import Finding, Location

__all__ = [
    "Answer",
    "Unmodelled",
    "clash",
    "explain",
    "puzzle_findings",
    "read",
    "solve",
    "text",
    "to_json",
]


def read(text: str, source: str) -> Puzzle:
    """A puzzle in either notation: jthemphill's JSON (detected by content) or meeple's."""
    if jsonform.looks_like(text):
        return jsonform.parse(text, source)
    return notation.parse(text, source)


def _seed(key: str) -> str:
    """A character id in the seed's spelling (`scarletwoman` -> scarlet_woman)."""
    return character(key).alias


def grimoire(world: World) -> Grimoire:
    """The world's starting grimoire: the Drunk's seat shows the Townsfolk it believes
    it is, with `drunk:is_the_drunk`; the red herring carries `fortune_teller:red_herring`."""
    seats = []
    for player, role in zip(world.players, world.characters, strict=True):
        tokens: list[ReminderToken] = []
        shown = role
        if role == "drunk":
            shown = character_id(world.drunk_as.get(player, "")) or role
            tokens.append(ReminderToken(DRUNK_TOKEN.name, "drunk"))
        if player == world.red_herring:
            tokens.append(ReminderToken(RED_HERRING.name, "fortune_teller"))
        seats.append(Seat(player, _seed(shown), tuple(tokens)))
    return Grimoire(tuple(seats))


def choices(world: World) -> str:
    """The Storyteller's choices of the world's story, in a short line."""
    parts = [
        f"night {night}: {player} poisoned" for night, player in sorted(world.poisoned.items())
    ]
    if world.red_herring is not None:
        parts.append(f"red herring: {world.red_herring}")
    parts += [f"{_time(order)}: {player} becomes the Demon" for order, player in world.demons]
    parts += [f"{player} is drunk" for player in world.drunk]
    parts += [
        f"{_time(order)}: {player} {'is mad' if how == 'mad' else 'becomes the ' + _seed(how)}"
        for order, player, how in world.changes
    ]
    parts += [
        f"{_time(order)}: {goon} the Goon {_turn(world, order, goon, evil)} by {chooser}'s"
        f" choice, {chooser} drunk until dusk"
        for order, goon, chooser, evil in world.goons
    ]
    return "; ".join(parts) if parts else "no choice the answer depends on"


def _turn(world: World, order: int, goon: str, evil: bool) -> str:
    """`turns evil`, `stays good`, ...: the Goon's alignment after a first chooser's
    choice, against before it (good before any)."""
    before = [was for at, who, _, was in world.goons if who == goon and at < order]
    changed = evil != (before[-1] if before else False)
    return f"{'turns' if changed else 'stays'} {'evil' if evil else 'good'}"


def _time(order: int) -> str:
    return str(Time("day" if order % 2 else "night", order // 2 + 1))


def _worlds(count: int, bounded: bool) -> str:
    many = f"{count} world" + ("" if count == 1 else "s")
    return f"at least {many} (the search stopped at --limit)" if bounded else many


def text(answer: Answer, count_only: bool = False) -> str:
    """Each world's grimoire and choices, then how many worlds (all there is with
    `count_only`)."""
    lines = []
    if not count_only:
        for world in answer.worlds:
            lines += [format_grimoire(grimoire(world)), f"  {choices(world)}"]
    lines.append(_worlds(len(answer.worlds), answer.bounded))
    return "\n".join(lines) + "\n"


def to_json(answer: Answer, count_only: bool = False) -> str:
    """`{"count", "bounded", "worlds": [...]}`, each world with `characters` (player ->
    starting character, the Drunk as `drunk`), `poisoned` (`night_1` -> players),
    `red_herring`, `drunk_as`, `demons`, `goons` (each night the Goon took its first
    chooser's alignment: `player` the Goon, `chosen_by` the chooser, drunk until dusk,
    `alignment` the Goon's after) and `grimoire`."""
    out: dict[str, Any] = {"count": len(answer.worlds), "bounded": answer.bounded}
    if not count_only:
        out["worlds"] = [_world_json(world) for world in answer.worlds]
    return json.dumps(out, ensure_ascii=False, indent=1) + "\n"


def _world_json(world: World) -> dict[str, Any]:
    return {
        "characters": {
            player: _seed(character)
            for player, character in zip(world.players, world.characters, strict=True)
        },
        "poisoned": {
            f"night_{night}": [player] for night, player in sorted(world.poisoned.items())
        },
        "red_herring": world.red_herring,
        "drunk_as": {player: _seed(character) for player, character in world.drunk_as.items()},
        "drunk": list(world.drunk),
        "changes": [
            {"timing": _time(order).replace(" ", "_"), "player": p, "becomes": how}
            for order, p, how in world.changes
        ],
        "demons": [
            {"timing": _time(order).replace(" ", "_"), "player": p} for order, p in world.demons
        ],
        "goons": [
            {
                "timing": _time(order).replace(" ", "_"),
                "player": goon,
                "chosen_by": chooser,
                "alignment": "evil" if evil else "good",
            }
            for order, goon, chooser, evil in world.goons
        ],
        "grimoire": format_grimoire(grimoire(world)),
    }


# -- why a world fails ---------------------------------------------------------------------


@dataclass(frozen=True)
class Explanation:
    """`--explain`'s answer: whether a world of the candidates exists, and the words."""

    holds: bool
    text: str


def explain(puzzle: Puzzle, wanted: str) -> Explanation:
    """Why the candidate worlds `wanted` names fail: a one-line grimoire, whole or of
    some seats (`[Tom:imp Sula:baron]`, `Tom:imp`; the Drunk as `drunk` or as
    `librarian(drunk:is_the_drunk)`), or a player's name (the worlds where they are
    the Demon). For each candidate (the first three), the contradiction its furthest
    story met: the claim it could not tell, and why. ValueError for words that name
    neither."""
    fixed = _wanted(puzzle, wanted)
    script = script_of(puzzle)
    plan_ = plan(puzzle, units(script))
    names = puzzle.players
    lines = []
    tried = 0
    fits = fitting(puzzle, script)
    for roles in grimoires(puzzle, script):
        if not all(test(roles[names.index(player)]) for player, test in fixed):
            continue
        if not fits(roles):  # the puzzle's set-up rules it out
            continue
        tried += 1
        trace = Trace()
        if next(told(puzzle, roles, plan_, trace), None) is not None:
            return Explanation(True, f"{_line(puzzle, roles)}: a world (no claim contradicts it)\n")
        if tried <= 3:
            why = trace.found[2] if trace.found else "the puzzle's constraints rule it out"
            lines.append(f"{_line(puzzle, roles)}: {why}")
    if not tried:
        return Explanation(False, "no set-up the rules and claims allow has it\n")
    more = f"\n... and {tried - 3} more, none a world" if tried > 3 else ""
    return Explanation(False, "\n".join(lines) + more + "\n")


def _line(puzzle: Puzzle, roles: Sequence[str]) -> str:
    names = puzzle.players
    drunk = {
        names[seat]: character_id(puzzle.claimed(names[seat]) or "") or ""
        for seat, role in enumerate(roles)
        if role == "drunk"
    }
    world = World(tuple(names), tuple(roles), drunk, None, {}, ())
    return format_grimoire(grimoire(world))


def _wanted(puzzle: Puzzle, wanted: str) -> list[tuple[str, Any]]:
    text_ = wanted.strip()
    if text_ in puzzle.players:
        return [(text_, lambda role: character(role).team == "demon")]
    from meeple.botc.notation import parse_grimoire

    if not text_.startswith("["):
        text_ = f"[{text_}]"
    grimoire_ = parse_grimoire(text_, "--explain")
    fixed = []
    for seat in grimoire_.seats:
        if seat.player not in puzzle.players:
            raise ValueError(f"--explain: {seat.player} is not a player of the puzzle")
        role = character_id(effective_role(seat))
        if role is None:
            raise ValueError(f"--explain: {effective_role(seat)} is not a character")
        fixed.append((seat.player, _is(role)))
    return fixed


def _is(role: str) -> Any:
    return lambda found: found == role


def clash(puzzle: Puzzle) -> str:
    """Why a puzzle has no world, in one line: the set-up whose stories went furthest and
    the claim that stopped them (or that no set-up fits the rules and claims)."""
    script = script_of(puzzle)
    plan_ = plan(puzzle, units(script))
    best: tuple[tuple[int, int, str], tuple[str, ...]] | None = None
    fits = fitting(puzzle, script)
    for roles in grimoires(puzzle, script):
        if not fits(roles):
            continue
        trace = Trace()
        for _ in told(puzzle, roles, plan_, trace):
            break
        if trace.found is not None and (best is None or trace.found[:2] > best[0][:2]):
            best = (trace.found, roles)
    if best is None:
        return "no set-up the rules and the claims allow"
    return f"the claims clash; closest: {_line(puzzle, best[1])}: {best[0][2]}"


def puzzle_findings(puzzle: Puzzle, text: str, source: str) -> Iterator[Finding]:
    """`meeple check` on a logic puzzle: a warning when it has no world or more than one
    (how many, and two worlds that differ), so an author can validate a puzzle before
    publishing it; a note when it names a character the solver does not model yet."""
    where = Location.of(text, 0, source)
    try:
        worlds = solve(puzzle).worlds
    except Unmodelled as problem:
        yield Finding(f"not solved: {problem.message}", where, "note", "check")
        return
    if not worlds:
        yield Finding(f"no world: {clash(puzzle)}", where, "warning", "check")
    elif len(worlds) > 1:
        first, second = worlds[0], worlds[1]
        differ = [
            player
            for player, one, other in zip(
                first.players, first.characters, second.characters, strict=True
            )
            if one != other
        ]
        yield Finding(
            f"{len(worlds)} worlds, not one: {format_grimoire(grimoire(first))} and"
            f" {format_grimoire(grimoire(second))} differ at {', '.join(differ)}",
            where,
            "warning",
            "check",
        )
