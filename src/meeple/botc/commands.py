"""`meeple botc`: the storyteller's tools (a script's characters and night order, legal
bags, seated set-ups), declared as data (`meeple.commands`) for the CLI to build.

Each command is a plain function of plain values returning the lines it prints; a
usage mistake is an OptionError, a file that is not a valid record or script the
MeepleError its reader raises.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple import inputs
from meeple.botc.choices import IDS, SCRIPTS
from meeple.commands import Argument, Command, CommandFailed, Group, Line, Option, Output
from meeple.errors import OptionError

if TYPE_CHECKING:
    from meeple.botc.script import Script
    from meeple.botc.scriptfile import ScriptFile


EVERY = "all"
"""`--script all`: every official character (botc characters, botc night)."""


def _offered(every: bool) -> str:
    """What --script takes, in words."""
    names = [*SCRIPTS, f"{EVERY} (every official character)"] if every else list(SCRIPTS)
    return f"{', '.join(names)}, or a Script Tool JSON file"


def _script_option(required: bool = False, every: bool = False) -> Option:
    """--script: a bundled script's name or a script file (`all` too, when `every`)."""
    return Option(
        ("--script",),
        "script_name",
        help=f"The script: {_offered(every)}.",
        default=None if required else SCRIPTS[0],
        show_default=not required,
        required=required,
        metavar="NAME|FILE",
    )


def _rules(name: str) -> tuple[Script, list[Line]]:
    """The set-up rules of a bundled script or a script file, with the warnings about what
    they leave out of the file; an OptionError otherwise."""
    from meeple.botc.script import script_named

    if name == EVERY:
        raise OptionError(
            f"--script {EVERY} lists every official character (botc characters, botc night);"
            f" bags are drawn from one script: {_offered(False)}"
        )
    try:
        rules = script_named(name)
    except ValueError as problem:
        raise OptionError(str(problem)) from None
    return rules, [] if name in SCRIPTS else _file(name)[1]


def _file(name: str, every: bool = False) -> tuple[ScriptFile, list[Line]]:
    """A bundled script, every official character (`all`, when `every`), or a script file
    as written, with a warning for stderr about each thing in it the commands leave out;
    an OptionError naming what --script takes for a file that cannot be read."""
    from meeple.botc.characters import official
    from meeple.botc.script import bundled
    from meeple.botc.scriptcheck import left_out
    from meeple.botc.scriptfile import of_ids, parse

    if name in SCRIPTS:
        return bundled(name), []
    if every and name == EVERY:
        return of_ids(list(official()), {"id": "_meta", "name": "Every official character"}), []
    try:
        text, source = inputs.read(name)
    except inputs.Unreadable as problem:
        raise OptionError(f"--script takes {_offered(every)}; {problem.usage()}") from None
    script = parse(text, source)
    return script, [Line(str(finding), err=True) for finding in left_out(script, text, source)]


def _seat_names(names: str) -> tuple[list[str], list[Line]]:
    """The players of `--names` as the notation holds them (`notation.player_name`, as the
    townsquare import writes them), with a note for each name written otherwise; an
    OptionError when two typed names become one."""
    from meeple.botc.notation import player_name

    typed = [name.strip() for name in names.split(",") if name.strip()]
    written: dict[str, str] = {}
    for name in typed:
        seat = written.setdefault(player_name(name), name)
        if seat != name:
            raise OptionError(
                f"{seat!r} and {name!r} are both written {player_name(name)}:"
                " every player needs a name of their own"
            )
    notes = [
        Line(f"note: {name!r} is written {seat} (letters, digits and _)", err=True)
        for seat, name in written.items()
        if seat != name
    ]
    return [player_name(name) for name in typed], notes


def characters(script_name: str, as_json: bool) -> Output:
    """`botc characters`: the script's character list, or its facts as JSON."""
    from meeple.botc.sheet import character_list, character_rows

    chosen, notes = _file(script_name, every=True)
    yield from notes
    if as_json:
        import json

        yield Line(json.dumps(character_rows(chosen), ensure_ascii=False, indent=1))
    else:
        yield Line(character_list(chosen), end="")


def nights(script_name: str, first: bool, other: bool, players: int | None) -> Output:
    """`botc night`: the first night's sheet, the other nights', or both."""
    from meeple.botc.sheet import night_sheet

    script, notes = _file(script_name, every=True)
    yield from notes
    chosen = [True] * (first or not other) + [False] * other
    yield Line("\n".join(night_sheet(script, night, players) for night in chosen), end="")


def write_script(name: str) -> Output:
    """`botc script`: a bundled script as Script Tool JSON."""
    from meeple.botc.script import bundled
    from meeple.botc.scriptfile import dump

    if name not in SCRIPTS:
        raise OptionError(f"unknown script {name!r} (known: {', '.join(SCRIPTS)})")
    return [Line(dump(bundled(name)), end="")]


def draw_bags(
    players: int,
    script_name: str,
    count: int,
    seed: int | None,
    every: bool,
    count_only: bool,
    ids: str,
) -> Output:
    """`botc bags`: bags drawn at random, every bag, or how many there are."""
    import random

    from meeple.botc import setup
    from meeple.botc.notation import format_bag, spelled

    script, notes = _rules(script_name)
    yield from notes
    if players not in script.setup_counts:
        low, high = min(script.setup_counts), max(script.setup_counts)
        raise OptionError(f"{script.name} seats {low} to {high} players, not {players}")
    if count_only:
        yield Line(str(setup.count_bags(script, players)))
        return
    if not setup.makeups(script, players):
        raise CommandFailed(f"error: {setup.why_no_bags(script, players)}")
    if every:
        chosen = setup.all_bags(script, players)
    else:
        chosen = setup.random_bags(script, players, count, random.Random(seed))
    for bag in chosen:
        yield Line(format_bag(spelled(bag, ids)))


def seat_bag(
    bag: str,
    names: str,
    script_name: str,
    seed: int | None,
    to: str,
    game_options: dict[str, Any],
) -> Output:
    """`botc setup`: the bag seated, written in the notation `to` names."""
    import random

    from meeple.botc import setup
    from meeple.botc.notation import parse_bag

    if bag.lstrip().startswith("{"):
        text, source = bag, "BAG"
    else:
        text, source = inputs.read_or_mistake(bag)
    the_bag = parse_bag(text.strip(), source)
    script, notes = _rules(script_name)
    yield from notes
    players, notes = _seat_names(names)
    yield from notes
    problems = setup.bag_problems(script, the_bag.roles, len(players))
    if problems:
        raise OptionError(f"the bag is not legal for {len(players)} players: {problems[0]}")
    try:
        grimoire = setup.seat(script, the_bag, players, random.Random(seed))
    except ValueError as problem:
        raise OptionError(str(problem)) from None
    target = inputs.notation(to)
    if not target.owns(grimoire):
        raise OptionError(f"a grimoire is written as botc or botc-ascii, not {to}")
    written = target.dump(grimoire, **inputs.game_options(target, "setup", game_options))
    yield Line(written if written.endswith("\n") else written + "\n", end="")


def solve_puzzle(
    puzzle: str, as_json: bool, count_only: bool, limit: int | None, explain: str | None
) -> Output:
    """`botc solve`: every world of a logic puzzle, or why a candidate world fails."""
    from meeple.botc.solver import report

    text, source = inputs.read_or_mistake(puzzle)
    model = report.read(text, source)
    try:
        if explain is not None:
            try:
                found = report.explain(model, explain)
            except ValueError as problem:
                raise OptionError(str(problem)) from None
            yield Line(found.text, end="")
            if not found.holds:
                raise CommandFailed("")
            return
        answer = report.solve(model, limit)
        write = report.to_json if as_json else report.text
        yield Line(write(answer, count_only), end="")
        if not answer.worlds:
            raise CommandFailed(f"error: no world: {report.clash(model)}")
    except report.Unmodelled as problem:
        raise CommandFailed(f"error: {source}: {problem.message}") from None


BOTC = Group(
    "botc",
    "Blood on the Clocktower for storytellers: scripts, legal bags, seated set-ups.",
    (
        Command(
            "characters",
            "The characters of a script (every official one with --script all).",
            characters,
            options=(
                _script_option(every=True),
                Option(("--json",), "as_json", "Write the facts as JSON.", kind=bool),
            ),
        ),
        Command(
            "night",
            """The night order sheet of a script: who wakes, in order, dusk to dawn.

            With --first and --other, both sheets: the first night, then the other nights.
            """,
            nights,
            options=(
                _script_option(required=True, every=True),
                Option(("--first",), "first", "The first night (the default).", kind=bool),
                Option(
                    ("--other",),
                    "other",
                    "The other nights (after --first's, with both).",
                    kind=bool,
                ),
                Option(
                    ("--players",), "players", "Players at the table.", int, minimum=1, metavar="N"
                ),
            ),
        ),
        Command(
            "script",
            "Write a bundled script (trouble-brewing...) as Script Tool JSON.",
            write_script,
            arguments=(Argument("name"),),
        ),
        Command(
            "bags",
            """Legal bags for N players, drawn uniformly at random among all of them.

            Every legal bag is equally likely (the draw picks a make-up of modifier
            characters and team counts with weight equal to how many bags it holds,
            then the other characters uniformly). A bag lists the characters in play:
            the Drunk is `drunk`.
            """,
            draw_bags,
            options=(
                Option(("--players",), "players", kind=int, minimum=1, required=True, metavar="N"),
                _script_option(),
                Option(
                    ("--count",),
                    "count",
                    "How many bags to draw.",
                    int,
                    minimum=0,
                    default=1,
                    show_default=True,
                ),
                Option(("--seed",), "seed", "Make the draw reproducible.", int),
                Option(("--all",), "every", "List every legal bag, in a fixed order.", bool),
                Option(
                    ("--count-only",), "count_only", "Print how many legal bags there are.", bool
                ),
                Option(
                    ("--ids",),
                    "ids",
                    "Spell official characters as the seed does (fortune_teller) or as the"
                    " Script Tool does (official: fortuneteller).",
                    choices=IDS,
                    default=IDS[0],
                    show_default=True,
                ),
            ),
        ),
        Command(
            "setup",
            """Seat a BAG ({imp baron ...}, or a bag file) and write the grimoire.

            The Drunk is shown a townsfolk that is not in play and marked
            drunk:is_the_drunk (the Marionette a good character, marionette:is_the_marionette);
            a Fortune Teller's red herring and an Evil Twin's twin go on good players; Lil'
            Monsta takes no seat (a minion carries lil_monsta:is_the_demon). A name is written
            with letters, digits and _ only (Ann Lee is Ann_Lee), as the townsquare import does.
            """,
            seat_bag,
            arguments=(Argument("bag"),),
            options=(
                Option(
                    ("--names",),
                    "names",
                    "The players in seat order, comma-separated.",
                    required=True,
                ),
                _script_option(),
                Option(("--seed",), "seed", "Make the seating reproducible.", int),
                Option(("--to",), "to", default="botc", show_default=True, metavar="FORMAT"),
            ),
            game_options=True,
        ),
        Command(
            "solve",
            """Every world of a logic PUZZLE (botc-puzzle text or jthemphill's JSON): each
            starting grimoire consistent with the claims and the timeline, in the seed's
            notation, then the Storyteller's choices of one story that tells it.

            Exit 0 when a world exists, 1 when none does (or the puzzle does not read, or
            names a character the solver does not model yet), 2 for a usage mistake.
            """,
            solve_puzzle,
            arguments=(Argument("puzzle"),),
            options=(
                Option(("--json",), "as_json", "One JSON object: count and worlds.", bool),
                Option(
                    ("--count-only",), "count_only", "Print only how many worlds there are.", bool
                ),
                Option(("--limit",), "limit", "Stop after N worlds.", int, minimum=1, metavar="N"),
                Option(
                    ("--explain",),
                    "explain",
                    "Why a candidate world fails: a one-line grimoire (whole or some seats,"
                    " [Tom:imp Sula:baron]) or a player (the worlds where they are the Demon).",
                    metavar="PLAYER-OR-WORLD",
                ),
            ),
        ),
    ),
)
"""`meeple botc` and its commands."""
