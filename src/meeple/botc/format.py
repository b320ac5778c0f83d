"""The registry entries for Blood on the Clocktower: `botc` (single line, bags),
`botc-ascii` (grimoire art), `botc-trace` (a game's phases and events) and
`botc-script` (a script as the official Script Tool writes it).

`botc` and `botc-ascii` read and write the same `Grimoire` model, so converting between
them is a plain dump in the other notation. Light on purpose: the hooks live in
`meeple.botc.hooks` and are imported when first called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.botc.choices import CHARSETS, IDS, LAYOUTS, SCRIPTS
from meeple.registry import COLOR, Format, Option, lazy, starts_like

if TYPE_CHECKING:
    from meeple.commands import Group

QGN_KEY = "botc"
HOOKS = "meeple.botc.hooks"
GRIMOIRE = ("meeple.botc.model:Grimoire", "meeple.botc.model:Bag")

# `[Name:` (possibly `[*~~Name`) or a whole bag; QGN's `[key "x"]` has no colon after the name.
# A bag is a whole line of roles between braces.
_LOOKS_LIKE_LINE = starts_like(
    r"\A\s*\[ *\*?(?:~~)?[A-Za-z][A-Za-z0-9_]*(?:~~)?:|\A\s*\[ *\]\s*\Z"
    r"|\A\s*\{[ A-Za-z0-9_]*\}\s*\Z"
)
_LOOKS_LIKE_ART = starts_like(r"\A\s*(?:┌─|\+-) Grim(?:oire)? ")
# A JSON array that starts with a string or an object (an Atlantis transcript is an object).
_LOOKS_LIKE_SCRIPT = starts_like(r"\A\ufeff?\s*\[\s*(?:\"|\{|\])")
# A grimoire line, then (past blank and comment lines) a phase.
_LOOKS_LIKE_TRACE = starts_like(
    r"\A\s*\[[^\n]*\][ \t\r]*\n(?:[ \t\r]*(?:#[^\n]*)?\n)*\s*<"
    r"|\A\s*<(?:SETUP|NIGHT|DAWN|DAY|EVENING|[NDE][1-9][0-9]*)>"  # botc-sat's, no grimoire
)

SCRIPT_OPTION = Option(
    "script",
    f"Check the setup against this script: {', '.join(SCRIPTS)}, or a script JSON file.",
    commands=("check",),
)
BAG_OPTION = Option(
    "bag", "Compare the grimoire's roles with this bag, written {imp baron ...}.", ("check",)
)
PLAYERS_OPTION = Option(
    "players",
    "Check that the bag (a bag record, --bag, or else a grimoire's characters in play) is a"
    " legal set-up for this many players.",
    ("check",),
)
ABBREVIATE_OPTION = Option(
    "abbreviate",
    "Write reminder prefixes in botc-sat's short form (ww:townsfolk, poi:poisoned).",
    commands=("convert", "fmt"),
    flag=True,
)
IDS_OPTION = Option(
    "ids",
    "Spell official characters as the seed does (fortune_teller, the default) or as the"
    " Script Tool does (official: fortuneteller).",
    commands=("convert", "fmt", "setup"),
    choices=IDS,
)
HTML_OPTION = Option(
    "html", "Show the grimoire as an HTML fragment (a list of seats).", ("show",), flag=True
)


def _art_options(*commands: str) -> tuple[Option, ...]:
    return (
        Option(
            "layout",
            "How seats spread over the sides of the grimoire art (default auto).",
            commands=commands,
            choices=LAYOUTS,
        ),
        Option("columns", "Mark each seat's column in the art, as (14).", commands, flag=True),
        Option(
            "charset",
            "Draw the art's box in unicode box drawing (default) or plain ascii (+ - |).",
            commands=commands,
            choices=CHARSETS,
        ),
    )


def _grimoire_options(*art_commands: str) -> tuple[Option, ...]:
    """What a grimoire's formats offer: checks against a script and bag, the pictures."""
    pictures = (HTML_OPTION, *_art_options(*art_commands), COLOR)
    return (SCRIPT_OPTION, BAG_OPTION, PLAYERS_OPTION, ABBREVIATE_OPTION, IDS_OPTION, *pictures)


def _commands() -> Group:
    """`meeple botc`, imported when it is used."""
    from meeple.botc.commands import BOTC

    return BOTC


TRACE = Format(
    name="botc-trace",
    title="Blood on the Clocktower game trace: a grimoire line, then phases and events",
    model="meeple.botc.trace:Trace",
    parse=lazy("meeple.botc.trace:parse"),
    dump=lazy(f"{HOOKS}:dump_trace"),
    fmt=lazy(f"{HOOKS}:fmt_trace"),
    sniff=_LOOKS_LIKE_TRACE,
    extensions=(".trace",),
    options=(*_art_options("show"), COLOR, ABBREVIATE_OPTION),
    check=lazy(f"{HOOKS}:check_trace"),
    replay=lazy(f"{HOOKS}:replay_trace"),
    render=lazy(f"{HOOKS}:render_trace"),
    svg=lazy(f"{HOOKS}:svg"),
    state_json=lazy(f"{HOOKS}:trace_json"),
    marks=lazy(f"{HOOKS}:trace_marks"),
    result=lazy(f"{HOOKS}:trace_result"),
    step_noun="event",
)

# Logic puzzles (issue 40): meeple's text and jthemphill/botc-solvers' JSON, one model.
_PUZZLE = "meeple.botc.puzzle"
PUZZLES = (
    Format(
        name="botc-puzzle",
        title="Blood on the Clocktower logic puzzle: seats, claims, what each learned and when",
        model=f"{_PUZZLE}.model:Puzzle",
        parse=lazy(f"{_PUZZLE}.notation:parse"),
        dump=lazy(f"{_PUZZLE}.hooks:dump_text"),
        sniff=lazy(f"{_PUZZLE}.notation:looks_like"),
        extensions=(".puzzle",),
        check=lazy("meeple.botc.solver.hooks:check_puzzle"),
    ),
    Format(
        name="botc-puzzle-json",
        title="Blood on the Clocktower logic puzzle as jthemphill/botc-solvers' JSON",
        model=f"{_PUZZLE}.model:Puzzle",
        parse=lazy(f"{_PUZZLE}.jsonform:parse"),
        dump=lazy(f"{_PUZZLE}.hooks:dump_json"),
        sniff=lazy(f"{_PUZZLE}.jsonform:looks_like"),
        extensions=(".json",),
        check=lazy("meeple.botc.solver.hooks:check_puzzle"),
    ),
)

FORMATS = (
    TRACE,
    Format(
        name="botc",
        title="Blood on the Clocktower grimoire on one line, or a bag of roles",
        model=GRIMOIRE,
        parse=lazy("meeple.botc.notation:parse"),
        dump=lazy(f"{HOOKS}:dump_line"),
        fmt=lazy(f"{HOOKS}:fmt_line"),
        sniff=_LOOKS_LIKE_LINE,
        extensions=(".botc",),
        options=_grimoire_options("show"),
        check=lazy(f"{HOOKS}:check_line"),
        render=lazy(f"{HOOKS}:render"),
        svg=lazy(f"{HOOKS}:svg"),
        to_qgn=lazy("meeple.botc.qgn:to_qgn"),
        from_qgn=lazy("meeple.botc.qgn:from_qgn"),
        qgn_key=QGN_KEY,
        commands=(("botc", _commands),),
    ),
    Format(
        name="botc-ascii",
        title="Blood on the Clocktower grimoire as ASCII art",
        model="meeple.botc.model:Grimoire",
        parse=lazy("meeple.botc.ascii:parse_art"),
        dump=lazy(f"{HOOKS}:dump_art"),
        sniff=_LOOKS_LIKE_ART,
        extensions=(".grimoire",),
        options=_grimoire_options("show", "convert", "fmt", "setup"),
        check=lazy(f"{HOOKS}:check_art"),
        fmt=lazy(f"{HOOKS}:fmt_art"),
        render=lazy(f"{HOOKS}:render"),
        svg=lazy(f"{HOOKS}:svg"),
        to_qgn=lazy("meeple.botc.qgn:to_qgn"),
        from_qgn=lazy("meeple.botc.qgn:from_qgn"),
    ),
    Format(
        name="botc-script",
        title="Blood on the Clocktower script as the official Script Tool writes it (JSON)",
        model="meeple.botc.scriptfile:ScriptFile",
        parse=lazy("meeple.botc.scriptfile:parse"),
        dump=lazy(f"{HOOKS}:dump_script"),
        sniff=_LOOKS_LIKE_SCRIPT,
        extensions=(".json", ".script.json"),
        check=lazy(f"{HOOKS}:check_script"),
        render=lazy(f"{HOOKS}:render_script"),
        named=lazy(f"{HOOKS}:named_script"),
        notes=lazy(f"{HOOKS}:script_notes"),
        options=(
            Option(
                "bundled",
                "Write the name of the bundled script this is (the same characters).",
                commands=("convert",),
                flag=True,
            ),
        ),
    ),
    Format(
        name="botc-townsquare",
        title="Blood on the Clocktower game state of the online grimoires (townsquare JSON)",
        model=("meeple.botc.townsquare:TownSquare", "meeple.botc.model:Grimoire"),
        parse=lazy("meeple.botc.townsquare:parse"),
        dump=lazy("meeple.botc.townsquare:dump"),
        sniff=lazy("meeple.botc.townsquare:looks_like"),
        extensions=(".json",),
        options=(*_grimoire_options("show")[:3], HTML_OPTION, *_art_options("show"), COLOR),
        check=lazy(f"{HOOKS}:check_townsquare"),
        render=lazy(f"{HOOKS}:render"),
        svg=lazy(f"{HOOKS}:svg"),
        to_qgn=lazy("meeple.botc.qgn:to_qgn"),
        from_qgn=lazy("meeple.botc.qgn:from_qgn"),
    ),
    *PUZZLES,
)
