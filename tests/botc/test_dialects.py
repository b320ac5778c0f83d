"""botc-sat's dialect (pnkfelix/botc-sat, ISC) and the online grimoires' game state.

The pictures under golden/botc-sat/ are the art botc-sat's own tests expect; each test
names the botc-sat file it is transcribed from. The one-line grimoires are ours, written
from those tests' inputs.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple.botc import ascii, notation, townsquare, trace
from meeple.botc.characters import spelled
from meeple.botc.model import BOTC_SAT_ABBREVIATIONS, Grimoire, Life, ReminderToken, Seat
from meeple.errors import NotationError
from tests.cli_helpers import meeple as run

GOLDEN = Path(__file__).parent / "golden" / "botc-sat"


def meeple(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """`meeple ARGS` run in-process (these tests are about the output, not the process)."""
    done = run(list(args), stdin=stdin)
    return subprocess.CompletedProcess(["meeple", *args], done.code, done.out, done.err)


# -- short reminder prefixes (src/data/trouble-brewing-roles.ts, suggestedAbbreviation) -----


def test_short_prefixes_read_as_their_roles_and_fmt_writes_full_ids() -> None:
    # src/tests/render-grimoire-cases.test.ts: "[Alice:washerwoman(ww:townsfolk) ...]"
    line = "[Alice:washerwoman(ww:townsfolk) Bob:librarian(lib:outsider) *Charlie:imp*]"
    grimoire = notation.parse_grimoire(line)
    assert grimoire.seats[0].tokens == (ReminderToken("townsfolk", "washerwoman"),)
    assert notation.format_grimoire(grimoire) == (
        "[Alice:washerwoman(washerwoman:townsfolk) Bob:librarian(librarian:outsider) *Charlie:imp*]"
    )
    assert notation.format_grimoire(grimoire.abbreviated()) == line


def test_short_prefixes_pass_the_script_check(tmp_path: Path) -> None:
    # src/tests/grimoire-examples-data.ts: the 7-player grimoire with tokens
    record = tmp_path / "seven.botc"
    record.write_text(
        "[Alice:washerwoman(ww:townsfolk,poi:poisoned) Bob:librarian(lib:outsider)"
        " Charlie:investigator(inv:minion) Dave:chef Eve:empath Frank:poisoner Grace:imp]\n"
    )
    done = meeple("check", str(record), "--script", "trouble-brewing")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "not a role" not in done.stdout + done.stderr
    # fmt keeps botc-sat's short prefixes; convert writes the full ids unless asked not to
    assert meeple("fmt", "--check", str(record)).returncode == 0
    full = meeple("convert", str(record), "--to", "botc")
    assert "poisoner:poisoned" in full.stdout and "poi:" not in full.stdout
    short = meeple("fmt", "--abbreviate", "-", stdin=full.stdout)
    assert short.stdout == record.read_text()


# -- art (src/tests/*.test.ts) -------------------------------------------------------------

ART = {
    # src/tests/render-grimoire-cases.test.ts, layout [1,0,1,1]
    "three-dead-left": "[Alice:washerwoman(washerwoman:townsfolk)"
    " Bob:librarian(librarian:outsider) *Charlie:imp*]",
    # src/tests/render-grimoire-cases.test.ts, layout [1,0,0,2]
    "three-left-tokens": "[Alice:washerwoman(washerwoman:townsfolk)"
    " Bob:librarian(librarian:outsider) *Charlie:imp*]",
    # src/tests/render-grimoire-cases.test.ts, eight players, layout [3,3,0,2]
    "eight-staggered": "[Alice:investigator Bob:chef Charlie:empath Dave:librarian"
    " Eve:butler Frank:mayor Grace:virgin *Harold:imp*]",
    # src/tests/render-grimoire-cases.test.ts, fifteen players with realistic names
    "fifteen-arc": "[Alice:investigator Frank:chef Grace:empath David:librarian Sarah:butler"
    " Brian:fortune_teller Carol:virgin Diana:slayer James:soldier Helen:mayor"
    " Peter:undertaker Marie:monk Louis:ravenkeeper Nancy:washerwoman Emily:imp]",
    # src/tests/ascii-grimoire.test.ts with src/tests/grimoire-examples-data.ts (7 players)
    "seven-markers-tokens": "[Alice:washerwoman(washerwoman:townsfolk,poisoner:poisoned)"
    " Bob:librarian(librarian:outsider) Charlie:investigator(investigator:minion)"
    " Dave:chef Eve:empath Frank:poisoner Grace:imp]",
    # src/tests/ascii-grimoire.test.ts with src/tests/grimoire-examples-data.ts (12 players)
    "twelve-height": "[Alice:fortune_teller Bob:undertaker Charlie:monk Dave:ravenkeeper"
    " Eve:virgin Frank:slayer Grace:soldier Hannah:butler Ian:drunk Julia:poisoner"
    " Kate:spy Leo:imp]",
    # src/tests/reminder-token-compiler.test.ts, the valid virgin-token grimoire
    "seven-shared-column": "[Alice:washerwoman(washerwoman:townsfolk) Bob:chef(washerwoman:wrong)"
    " Carol:virgin(virgin:no_ability) Dave:butler Eve:drunk Frank:poisoner Grace:imp]",
    # src/tests/reminder-token-compiler.test.ts, the last rendered grimoire
    "seven-left-right": "[Alice:librarian Bob:chef(washerwoman:townsfolk) Carol:empath"
    " Dave:butler Eve:drunk Frank:poisoner Grace:imp]",
}


@pytest.mark.parametrize("name", sorted(ART))
def test_botc_sat_art_reads_as_its_grimoire(name: str) -> None:
    art = (GOLDEN / f"{name}.grimoire").read_text()
    assert ascii.parse_art(art) == notation.parse_grimoire(ART[name])


def test_botc_sat_art_converts_from_the_cli_and_fmt_redraws_it_in_meeple_layout() -> None:
    path = str(GOLDEN / "three-dead-left.grimoire")
    done = meeple("convert", path, "--to", "botc")
    assert done.returncode == 0, done.stderr
    assert (
        done.stdout
        == notation.format_grimoire(notation.parse_grimoire(ART["three-dead-left"])) + "\n"
    )
    redrawn = meeple("fmt", "-", stdin=(GOLDEN / "three-dead-left.grimoire").read_text())
    assert redrawn.returncode == 0
    assert ascii.parse_art(redrawn.stdout) == ascii.parse_art(Path(path).read_text())
    assert "*imp*" not in redrawn.stdout  # meeple's layout: the role is not starred


def test_botc_sat_short_titles_read() -> None:
    # src/rendering/ascii-grimoire.ts: a box too narrow for the full title says `Grim`
    art = "┌─ Grim ───────┐\n│Alice   Bob   │\n│chef    imp   │\n└──────────────┘\n"
    assert ascii.parse_art(art).players == ("Alice", "Bob")


def test_a_starred_role_of_a_living_player_is_an_error_at_it() -> None:
    inside = ["Alice    Bob", "*chef*   imp"]
    top = "┌─ Grimoire (2 players) " + "─" * 4 + "┐"
    width = len(top) - 2
    art = "\n".join([top, *(f"│{row.ljust(width)}│" for row in inside), f"└{'─' * width}┘"]) + "\n"
    with pytest.raises(NotationError) as caught:
        ascii.parse_art(art)
    assert (caught.value.line, caught.value.column) == (3, 2)
    assert "dead" in caught.value.message


def test_a_left_side_that_reads_two_ways_is_an_ambiguous_error() -> None:
    inside = [
        "        Alice    Bob",
        "        chef     imp",
        "",
        "   Dave",
        "   monk",
        "",
        "Carol",
        "saint",
        "",
        "              Eve",
        "              poisoner",
    ]
    top = "┌─ Grimoire (5 players) " + "─" * 10 + "┐"
    width = len(top) - 2
    rows = [f"│{row.ljust(width)}│" for row in inside]
    bottom = f"└{'─' * width}┘"
    art = "\n".join([top, *rows, bottom]) + "\n"
    with pytest.raises(NotationError) as caught:
        ascii.parse_art(art)
    assert "ambiguous" in caught.value.message
    # the blank row under the title that meeple draws settles it: clockwise
    settled = "\n".join([top, f"│{' ' * width}│", *rows, bottom]) + "\n"
    assert ascii.parse_art(settled).players == ("Alice", "Bob", "Eve", "Carol", "Dave")


# -- traces (src/tests/game-trace-parser.test.ts, operational-semantics.test.ts) ----------


def test_the_complete_game_example_reads_without_a_grimoire() -> None:
    # src/tests/game-trace-parser.test.ts, "should parse complete game example"
    text = (
        "<SETUP> st!Alice(+dr:is_the_drunk), st!Eve(+ft:red_herring) <N1>"
        " Alice:poisoner!Bob(+poi:poisoned), st!Dave(+ww:townsfolk),Frank(+ww:wrong),"
        " Carol:butler!Grace(+but:master) <E1> Frank!nominates->Alice:virgin,"
        " st!Alice(+virgin:no_ability) <N2> Alice:poisoner!Bob(-poi:poisoned),"
        "Carol(+poi:poisoned), Dave:imp!Grace(+imp:dead), Grace!dies "
    )
    read = trace.parse(text)
    assert read.grimoire is None
    assert len(read.events) == 16
    assert str(read.events[6]) == "st!Frank(+washerwoman:wrong)"
    assert str(read.events[-1]) == "Grace!dies"
    assert trace.parse(trace.dump(read)) == read
    done = meeple("check", "-", "--format", "botc-trace", stdin=text)
    assert done.returncode == 0
    assert "rules were not applied" in done.stdout + done.stderr


def test_botc_sat_trace_with_a_grimoire_replays() -> None:
    # src/tests/operational-semantics.test.ts, "should track multiple deaths and ghost votes"
    text = (
        "[Alice:chef Bob:monk Charlie:empath Dave:poisoner Eve:imp Frank:saint]\n"
        "<SETUP> bag!Alice:chef, bag!Eve:imp <N1> <E1> st!executes->Alice, Alice!dies"
        " <N2> st!demon_kill->Bob, Bob!dies <E2> Charlie!nominates->Dave, Alice!votes->Dave,"
        " st!executes->Dave, Dave!dies\n"
    )
    done = meeple("replay", "--json", "-", "--format", "botc-trace", stdin=text)
    assert done.returncode == 0, done.stderr
    last = json.loads(done.stdout.splitlines()[-1])
    assert last["status"] == "playing"
    assert last["state"]["grimoire"] == (
        "[*~~Alice~~:chef* *Bob:monk* Charlie:empath *Dave:poisoner* Eve:imp Frank:saint]"
    )


def test_unnumbered_phases_are_numbered() -> None:
    # src/tests/proper-operational-semantics.test.ts: <DAWN>, <EVENING>, <NIGHT>
    read = trace.parse("<SETUP> <N1> <DAWN> <EVENING> <NIGHT> <DAWN> <EVENING> <NIGHT>")
    assert [str(e.phase) for e in read.events] == [
        "SETUP",
        "N1",
        "D1",
        "E1",
        "N2",
        "D2",
        "E2",
        "N3",
    ]


# -- who wins, one by one from the CLI ------------------------------------------------------

ENDINGS = {
    "demon-executed": (
        "[Alice:imp Bob:chef Carol:monk Dave:saint Eve:poisoner]\n<N1> <D1> st!executes->Alice\n",
        "good",
        ["Bob", "Carol", "Dave"],
    ),
    "final-two": ("[Alice:imp Bob:chef Carol:monk]\n<N1> st!kills->Bob\n", "evil", ["Alice"]),
    "saint-executed": (
        "[Alice:imp Bob:chef Carol:monk Dave:saint Eve:poisoner]\n<N1> <D1> st!executes->Dave\n",
        "evil",
        ["Alice", "Eve"],
    ),
    "mayor": (
        "[Alice:imp Bob:mayor Carol:monk Dave:chef Eve:poisoner]\n"
        "<N1> st!kills->Dave <D1> st!executes->Eve <N2> <D2> <N3>\n",
        "good",
        ["Bob", "Carol", "Dave"],
    ),
    "vortox": (
        "[Alice:vortox Bob:clockmaker Carol:dreamer Dave:mutant Eve:witch]\n<N1> <D1> <N2>\n",
        "evil",
        ["Alice", "Eve"],
    ),
    "klutz": (
        "[Alice:vortox Bob:klutz Carol:dreamer Dave:mutant Eve:witch]\n"
        "<N1> <D1> st!executes->Bob Bob:klutz!Eve\n",
        "evil",
        ["Alice", "Eve"],
    ),
    "evil-twin": (
        "[Alice:vortox Bob:clockmaker(evil_twin:twin) Carol:dreamer Dave:mutant Eve:evil_twin]\n"
        "<N1> <D1> st!executes->Bob\n",
        "evil",
        ["Alice", "Eve"],
    ),
    "scarlet-woman-then-demon": (
        "[Alice:imp Bob:chef Carol:monk Dave:saint Eve:scarlet_woman Frank:empath]\n"
        "<N1> <D1> st!executes->Alice <N2> <D2> st!executes->Eve\n",
        "good",
        ["Bob", "Carol", "Dave", "Frank"],
    ),
    "mastermind": (
        "[Alice:po Bob:grandmother Carol:sailor Dave:fool Eve:mastermind Frank:chambermaid]\n"
        "<N1> <D1> st!executes->Alice <N2> <D2> st!executes->Bob\n",
        "evil",
        ["Alice", "Eve"],
    ),
    "mastermind-no-execution": (
        "[Alice:po Bob:grandmother Carol:sailor Dave:fool Eve:mastermind Frank:chambermaid]\n"
        "<N1> <D1> st!executes->Alice <N2> <D2> <N3>\n",
        "good",
        ["Bob", "Carol", "Dave", "Frank"],
    ),
    "zombuul-twice": (
        "[Alice:zombuul Bob:grandmother Carol:sailor Dave:fool Eve:godfather Frank:exorcist]\n"
        "<N1> <D1> st!executes->Alice <N2> <D2> st!executes->Alice\n",
        "good",
        ["Bob", "Carol", "Dave", "Frank"],
    ),
}


@pytest.mark.parametrize("name", sorted(ENDINGS))
def test_a_trace_plays_to_its_end(name: str, tmp_path: Path) -> None:
    text, team, winners = ENDINGS[name]
    record = tmp_path / f"{name}.trace"
    record.write_text(text)
    done = meeple("replay", "--json", str(record))
    assert done.returncode == 0, done.stderr
    last = json.loads(done.stdout.splitlines()[-1])
    assert last["status"] == "won"
    assert last["winners"] == winners
    assert last["state"]["winner"] == team
    assert f"{team} wins" in last["text"]


def test_an_event_after_the_end_is_an_error_at_it(tmp_path: Path) -> None:
    record = tmp_path / "late.trace"
    record.write_text("[Alice:imp Bob:chef Carol:monk]\n<N1> st!kills->Bob <D1>\n")
    done = meeple("replay", str(record))
    assert done.returncode == 1
    assert f"{record}:2:20: error: the game is over" in done.stderr


@pytest.mark.parametrize(
    ("events", "team"),
    [
        # src/tests/operational-semantics.test.ts writes a death as two events:
        # "st!executes->Alice, Alice!dies" and "st!demon_kill->Bob, Bob!dies".
        ("<N1> <D1> st!executes->Alice, Alice!dies", "good"),
        ("<N1> st!kills->Bob, Bob!dies", "evil"),
        ("<N1> st!demon_kill->Bob, Bob!dies", "evil"),
    ],
)
def test_the_death_an_ending_event_announces_belongs_to_it(events: str, team: str) -> None:
    players = "[Alice:imp Bob:chef Carol:monk]" if team == "evil" else ENDINGS["demon-executed"][0]
    text = players.splitlines()[0] + "\n" + events + "\n"
    done = run(["replay", "--json", "-", "--format", "botc-trace"], stdin=text)
    assert done.code == 0, done.err
    states = [json.loads(line) for line in done.out.splitlines()]
    assert states[-1]["move"].endswith("!dies")
    assert states[-1]["status"] == states[-2]["status"] == "won"
    assert states[-1]["state"]["winner"] == team
    assert states[-1]["winners"] == states[-2]["winners"]


def test_only_the_announced_death_may_follow_the_end() -> None:
    grimoire = ENDINGS["demon-executed"][0].splitlines()[0]
    text = grimoire + "\n<N1> <D1> st!executes->Alice, Bob!dies\n"
    done = run(["replay", "-", "--format", "botc-trace"], stdin=text)
    assert done.code == 1
    assert "<stdin>:2:31: error: the game is over" in done.err


def test_zombuul_first_death_and_mastermind_day_do_not_end_the_game(tmp_path: Path) -> None:
    for name in ("zombuul-twice", "mastermind"):
        text = ENDINGS[name][0].split(" <N2>")[0] + "\n"
        record = tmp_path / f"{name}.trace"
        record.write_text(text)
        last = json.loads(meeple("replay", "--json", str(record)).stdout.splitlines()[-1])
        assert last["status"] == "playing", name


# -- the online grimoires' game state (bra1n/townsquare, GameStateModal.vue) ----------------

STATE = {
    "bluffs": ["chef", "monk", "saint"],
    "edition": {"id": "tb"},
    "roles": "",
    "fabled": [{"id": "spiritofivory"}],
    "players": [
        {
            "name": "Alice",
            "id": "",
            "role": "imp",
            "reminders": [{"role": "poisoner", "name": "Poisoned"}],
            "isVoteless": False,
            "isDead": False,
            "pronouns": "she/her",
        },
        {
            "name": "Bob Smith",
            "id": "p2",
            "role": "fortuneteller",
            "reminders": [{"role": "fortuneteller", "name": "Red herring"}],
            "isVoteless": False,
            "isDead": True,
            "pronouns": "",
        },
        {
            "name": "Carol",
            "id": "",
            "role": "poisoner",
            "reminders": [],
            "isVoteless": True,
            "isDead": True,
            "pronouns": "",
        },
    ],
}


def test_game_state_converts_to_the_one_line_grimoire_and_back(tmp_path: Path) -> None:
    state = tmp_path / "state.json"
    state.write_text(json.dumps(STATE))
    line = meeple("convert", str(state), "--to", "botc")
    assert line.returncode == 0, line.stderr
    assert line.stdout == (
        "[Alice:imp(poisoner:poisoned) *Bob_Smith:fortune_teller(fortune_teller:red_herring)*"
        " *~~Carol~~:poisoner*]\n"
    )
    written = meeple("fmt", "-", stdin=state.read_text())
    assert json.loads(written.stdout) == STATE  # nothing lost: bluffs, fabled, pronouns
    back = tmp_path / "line.botc"
    back.write_text(line.stdout)
    square = meeple("convert", str(back), "--to", "botc-townsquare")
    assert json.loads(square.stdout)["players"][1]["role"] == "fortuneteller"


def test_only_game_state_objects_sniff_as_townsquare() -> None:
    assert townsquare.looks_like(json.dumps(STATE))
    assert not townsquare.looks_like('[{"id": "_meta"}, "imp"]')  # a script
    assert not townsquare.looks_like('{"players": ["a", "b"], "turns": []}')


names = st.from_regex(r"[A-Z][a-z0-9_]{0,8}", fullmatch=True)
lower = st.from_regex(r"[a-z][a-z0-9_]{0,10}", fullmatch=True)
# A grimoire read from the game state spells official characters as the seed does.
roles = st.sampled_from(["imp", "fortune_teller", "scarlet_woman", "chef", "po"]) | lower.filter(
    lambda r: spelled(r) == r and r not in (townsquare.NO_ROLE, *BOTC_SAT_ABBREVIATIONS)
)
seats = st.builds(
    Seat,
    player=names,
    role=roles,
    tokens=st.lists(st.builds(ReminderToken, name=lower, role=st.none() | roles), max_size=3).map(
        tuple
    ),
    life=st.sampled_from(list(Life)),
)


@given(st.lists(seats, max_size=8, unique_by=lambda s: s.player).map(lambda s: Grimoire(tuple(s))))
def test_grimoires_go_through_the_game_state_unchanged(grimoire: Grimoire) -> None:
    square = townsquare.parse(townsquare.dump(grimoire))
    assert Grimoire(square.seats) == grimoire
    assert townsquare.parse(townsquare.dump(square)) == square
    art = ascii.render_grimoire(square)
    assert ascii.parse_art(art) == grimoire


def test_a_loaded_game_state_is_written_back_as_a_game_state() -> None:
    from meeple import registry

    square = townsquare.parse(json.dumps(STATE))
    assert registry.for_model(square).name == "botc-townsquare"
    assert json.loads(dumps_front(square)) == STATE


def dumps_front(model: object) -> str:
    import meeple as front

    return front.dumps(model)


def test_a_game_state_finding_about_a_seat_points_at_that_player(tmp_path: Path) -> None:
    state = json.loads(json.dumps(STATE))
    state["players"][1]["role"] = "unicorn"
    path = tmp_path / "state.json"
    text = json.dumps(state, indent=2)
    path.write_text(text)
    run = meeple("check", str(path), "--script", "trouble-brewing")
    found = [line for line in run.stdout.splitlines() if "'unicorn' is not a role" in line]
    assert len(found) == 1
    line, column = (int(n) for n in found[0].split(":")[1:3])
    assert text.splitlines()[line - 1][column - 1 :].startswith('"unicorn"')
