"""Script Tool scripts (botc-script): golden round trips, checks, the official facts,
`botc characters` / `night` / `bags --script FILE`, hypothesis round trips and fuzzing."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple import registry
from meeple.botc import characters, scriptcheck, scriptfile, setup
from meeple.botc.script import bundled, load_script, script_of
from meeple.botc.sheet import character_rows
from meeple.errors import NotationError
from tests.cli_helpers import meeple
from tests.guards import finishes

GOLDEN = Path(__file__).parent / "golden"
SCRIPTS = sorted(GOLDEN.glob("*.script.json"))
RELEASE = os.environ.get("BOTC_RELEASE")  # a checkout of ThePandemoniumInstitute/botc-release


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_golden_scripts_round_trip_byte_for_byte(path: Path) -> None:
    text = path.read_text()
    script = scriptfile.parse(text, path.name)
    assert scriptfile.dump(script) == text
    assert json.loads(scriptfile.dump(script)) == json.loads(text)
    assert registry.detect(text, str(path)).name == "botc-script"


def test_nothing_is_dropped_homebrew_unknown_keys_and_images_survive() -> None:
    text = (GOLDEN / "lanterns.script.json").read_text()
    script = scriptfile.parse(text)
    (lamplighter,) = [
        item for item in script.items if isinstance(item, dict) and item["id"] == "lamplighter"
    ]
    assert lamplighter["x-tide"] == {"high": True}
    assert lamplighter["image"].startswith("https://")
    assert script.characters()["lamplighter"].tokens == ("lit",)
    assert script.characters()["fortuneteller"].team == "townsfolk"


def test_detection_by_content_never_takes_an_atlantis_transcript() -> None:
    assert registry.detect('["imp", "chef"]').name == "botc-script"
    assert registry.detect('[{"id": "_meta", "name": "x"}]', "x.json").name == "botc-script"
    assert registry.detect('{"format": "atlantis", "segments": []}', "x.json").name != "botc-script"


def test_every_official_character_is_bundled_as_facts_only() -> None:
    known = characters.official()
    assert len(known) == 181
    teams = [c.team for c in known.values()]
    assert {team: teams.count(team) for team in characters.TEAMS} == {
        "townsfolk": 69,
        "outsider": 23,
        "minion": 27,
        "demon": 19,
        "traveller": 18,
        "fabled": 14,
        "loric": 11,
    }
    raw = (Path(characters.__file__).parent / "data" / "characters.json").read_text()
    assert '"ability"' not in raw and '"flavor"' not in raw and "http" not in raw
    assert known["fortuneteller"].alias == "fortune_teller"
    assert characters.official_id("scarlet_woman") == "scarletwoman"
    assert characters.official_id("fortune_tell_er") is None
    assert ("alchemist", "spy") in characters.jinxes()
    assert known["po"].tokens == ("dead", "three_attacks")
    first = characters.night_order("firstNight")
    assert first.index("minioninfo") < first.index("poisoner") < first.index("washerwoman")


def test_the_base_scripts_are_ordinary_scripts() -> None:
    tb = bundled("trouble-brewing")
    assert tb.name == "Trouble Brewing" and len(tb.characters()) == 22
    assert script_of(tb).roles.keys() == load_script("trouble-brewing").roles.keys()
    assert "fortune_teller" in load_script("trouble-brewing").roles  # the alias


def _messages(text: str) -> list[tuple[int, int, str, str]]:
    script = scriptfile.parse(text, "s.json")
    return [
        (f.location.line, f.location.column, f.severity, f.message)
        for f in scriptcheck.findings(script, text, "s.json")
    ]


def test_checks_are_positioned_findings() -> None:
    text = (
        '[\n{"id": "_meta", "name": "Bad", "firstNight": ["dusk", "ghost"]},\n'
        '"washerwomen",\n"chef",\n"chef",\n'
        '{"id": "Nope", "name": "N", "team": "hero", "ability": "x"},\n'
        '{"id": "imp", "name": "My Imp", "team": "demon", "ability": "x",'
        ' "jinxes": [{"id": "ghost", "reason": "r"}]}\n]'
    )
    found = _messages(text)
    assert (
        2,
        55,
        "error",
        "the firstNight order names 'ghost', which is not on the script",
    ) in found
    assert (
        3,
        1,
        "error",
        "'washerwomen' is not an official character; did you mean 'washerwoman' or 'fisherman'?",
    ) in found
    assert (5, 1, "error", "'chef' is on the script twice (item 3 too)") in found
    assert any(m.startswith("'Nope': a character id") for *_, m in found)
    assert any(m.startswith("team is one of townsfolk") for *_, m in found)
    assert any(s == "warning" and "reuses an official" in m for *_, s, m in found)
    assert any(s == "warning" and "jinx with 'ghost'" in m for *_, s, m in found)


def test_a_homebrew_id_that_is_a_list_is_an_error_at_it(tmp_path: Path) -> None:
    path = tmp_path / "odd.json"
    path.write_text(
        '[{"id": "_meta", "name": "Odd"},\n'
        '{"id": ["a"], "name": "X", "team": "townsfolk", "ability": "x", "setup": true},\n'
        '"imp", "chef", "empath", "monk"]\n'
    )
    run = meeple(["check", str(path)])
    assert run.code == 1 and "Traceback" not in run.err
    assert "odd.json:2:8: error: id is a string" in run.out
    assert meeple(["botc", "bags", "--players", "5", "--script", str(path)]).code == 1


def test_a_script_with_no_demon_or_too_few_items() -> None:
    found = [m for *_, m in _messages('["chef", "empath"]')]
    assert "the script has no demon" in found
    assert any(m.startswith("a script has 5 to 201 items") for m in found)


def test_cli_check_exits_1_on_a_broken_script_and_0_on_the_goldens(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('["chef", "empath", "monk", "saint", "poisner"]\n')
    run = meeple(["check", str(broken)])
    assert run.code == 1 and "broken.json:1:37: error: 'poisner' is not an official" in run.out
    assert meeple(["check", *map(str, SCRIPTS)]).code == 0
    malformed = tmp_path / "cut.script.json"
    malformed.write_text('["chef", "empath"')
    run = meeple(["check", str(malformed)])
    assert run.code == 1 and "Traceback" not in run.err


def test_fmt_writes_the_canonical_layout(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    source = json.loads((GOLDEN / "lanterns.script.json").read_text())
    path.write_text(json.dumps(source, indent=4))
    assert meeple(["fmt", str(path)]).code == 0
    assert path.read_text() == (GOLDEN / "lanterns.script.json").read_text()


def test_characters_night_and_script_commands() -> None:
    listed = meeple(["botc", "characters", "--script", "trouble-brewing"]).out
    assert listed.startswith("Trouble Brewing: 22 characters\ntownsfolk (13)\n")
    facts = json.loads(meeple(["botc", "characters", "--script", "all", "--json"]).out)
    assert len(facts) == 181 and "ability" not in facts[0]
    path = str(GOLDEN / "lanterns.script.json")
    sheet = meeple(["botc", "night", "--script", path, "--players", "5"]).out.splitlines()
    assert sheet == [
        "First night: Lanterns at Low Tide",
        "1. Dusk",
        "2. Lamplighter (lamplighter)",
        "3. Poisoner (poisoner)",
        "4. Washerwoman (washerwoman)",
        "5. Chef (chef)",
        "6. Dawn",
    ]
    other = meeple(["botc", "night", "--script", "trouble-brewing", "--other"]).out
    assert other.splitlines()[1:3] == [" 1. Dusk", " 2. Poisoner (poisoner)"]
    written = meeple(["botc", "script", "trouble-brewing"]).out
    assert scriptfile.parse(written).characters() == bundled("trouble-brewing").characters()


def test_bags_and_check_take_a_script_file() -> None:
    path = str(GOLDEN / "lanterns.script.json")
    # 7 townsfolk-or-outsiders... hand count for 5 players: 3 townsfolk (of 6) and 1 minion
    # and the Imp: C(6,3) * 1 (poisoner) = 20, or with the Baron 2 outsiders: C(6,1) * 1 = 6.
    assert (
        meeple(["botc", "bags", "--script", path, "--players", "5", "--count-only"]).out == "26\n"
    )
    for line in meeple(
        ["botc", "bags", "--script", path, "--players", "7", "--count", "5"]
    ).out.splitlines():
        assert meeple(["check", "--script", path, "--players", "7", "-"], stdin=line).code == 0
    run = meeple(["botc", "bags", "--script", "nowhere.json", "--players", "5"])
    assert run.code == 2


@pytest.mark.skipif(RELEASE is None, reason="set BOTC_RELEASE to a botc-release checkout")
def test_every_wc25_script_reads_checks_and_round_trips() -> None:
    assert RELEASE is not None
    paths = sorted(Path(RELEASE).glob("wc25/*/script.json"))
    assert len(paths) == 16
    for path in paths:
        text = path.read_text()
        script = scriptfile.parse(text, str(path))
        assert json.loads(scriptfile.dump(script)) == json.loads(text)
        found = list(scriptcheck.findings(script, text, str(path)))
        assert [f for f in found if f.severity == "error"] == []
        rules = script_of(script)
        # Witch Hunt too: its Witch is marked bag-duplicate, so all minions may be Witches.
        assert all(setup.count_bags(rules, n) > 0 for n in range(5, 16)), path


def test_convert_to_and_from_the_bundled_script_names(tmp_path: Path) -> None:
    written = meeple(["convert", "sects-and-violets", "--to", "botc-script"])
    assert written.code == 0
    assert written.out == scriptfile.dump(bundled("sects-and-violets"))
    shuffled = json.loads(written.out)
    shuffled[1:] = reversed(shuffled[1:])
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(shuffled))
    assert meeple(["convert", str(path), "--to", "botc-script", "--bundled"]).out == (
        "sects-and-violets\n"
    )
    canonical = meeple(["convert", str(path), "--to", "botc-script"]).out
    assert json.loads(canonical) == shuffled and canonical == scriptfile.dump(
        scriptfile.parse(canonical)
    )
    other = meeple(
        ["convert", str(GOLDEN / "mire.script.json"), "--to", "botc-script", "--bundled"]
    )
    assert other.code == 2
    assert "mire.script.json: error: the script is not one meeple bundles" in other.out + other.err


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)
items = st.sampled_from(sorted(characters.official())) | st.fixed_dictionaries(
    {"id": st.from_regex(r"[a-z][a-z0-9-]{0,10}", fullmatch=True), "name": st.text(max_size=10)},
    optional={"team": st.sampled_from(characters.TEAMS), "extra": json_values},
)


@given(st.lists(items, max_size=12), st.none() | st.text(max_size=12))
def test_generated_scripts_round_trip(entries: list[object], name: str | None) -> None:
    meta = [] if name is None else [{"id": "_meta", "name": name}]
    script = scriptfile.ScriptFile(tuple(meta + entries))
    text = scriptfile.dump(script)
    assert scriptfile.parse(text) == script
    assert scriptfile.dump(scriptfile.parse(text)) == text
    list(scriptcheck.findings(script, text, "s.json"))  # never raises


def _survives(text: str) -> None:
    try:
        script = scriptfile.parse(text, "s.json")
    except NotationError:
        return
    list(scriptcheck.findings(script, text, "s.json"))
    script_of(script)


@pytest.mark.fuzz
@given(st.text(alphabet='[]{}",:_metaidn 0-9\\', max_size=60))
def test_fuzz_json_soup(text: str) -> None:
    _survives(text)


# Every key a homebrew character object may have (the Script Tool's schema), each with a
# value of any JSON type: the checks report a wrong type, they never raise.
wrong_typed_characters = st.fixed_dictionaries(
    {"id": json_values, "setup": st.booleans() | json_values},
    optional=dict.fromkeys(sorted(scriptcheck._CHARACTER_KEYS - {"id", "setup"}), json_values),
)


@pytest.mark.fuzz
@given(st.lists(wrong_typed_characters | items, min_size=1, max_size=6))
def test_fuzz_wrong_typed_values_in_homebrew_characters(values: list[object]) -> None:
    text = json.dumps([{"id": "_meta", "name": "Odd"}, *values])
    _survives(text)
    character_rows(scriptfile.parse(text))


@pytest.mark.fuzz
@given(st.lists(st.one_of(json_values, items), max_size=8))
def test_fuzz_any_json_array(values: list[object]) -> None:
    _survives(json.dumps(values))


# A custom script with a typo in an id and in its own first-night order.
TYPOS = """[
  {"id": "_meta", "name": "Typos", "firstNight": ["dusk", "poisner", "washerwoman", "dawn"]},
  "washerwoman", "undertakr", "chef", "imp", "poisoner", "butler", "empath"
]
"""
UNDERTAKR = (
    "typos.json:3:18: warning: left out: 'undertakr' is not an official character;"
    " did you mean 'undertaker'?"
)
POISNER = (
    "typos.json:2:59: warning: left out: the firstNight order names 'poisner',"
    " which is not on the script"
)


@pytest.mark.parametrize(
    "command",
    [
        ["botc", "characters"],
        ["botc", "night"],
        ["botc", "bags", "--players", "5", "--seed", "1"],
        ["botc", "setup", "{imp poisoner chef empath washerwoman}", "--names", "A,B,C,D,E"],
    ],
)
def test_every_command_that_reads_a_script_warns_about_what_it_leaves_out(
    command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("typos.json").write_text(TYPOS)
    done = meeple([*command, "--script", "typos.json"])
    assert done.code == 0, done.err
    assert UNDERTAKR in done.err and POISNER in done.err
    assert "undertakr" not in done.out and "poisner" not in done.out


def test_show_warns_about_what_it_leaves_out_of_a_script(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`meeple show` of the script itself lists its characters and says what it left out."""
    monkeypatch.chdir(tmp_path)
    Path("typos.json").write_text(TYPOS)
    done = meeple(["show", "typos.json"])
    assert done.code == 0, done.err
    assert UNDERTAKR in done.err and POISNER in done.err
    assert done.out.startswith("Typos: 6 characters") and "undertakr" not in done.out


def test_a_night_sheet_leaves_out_an_unknown_step(tmp_path: Path) -> None:
    path = tmp_path / "typos.json"
    path.write_text(TYPOS)
    sheet = meeple(["botc", "night", "--script", str(path)]).out
    assert sheet == "First night: Typos\n1. Dusk\n2. Washerwoman (washerwoman)\n3. Dawn\n"


def test_check_with_a_script_file_warns_about_what_it_leaves_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("typos.json").write_text(TYPOS)
    grimoire = "[A:imp B:poisoner C:chef D:empath E:washerwoman]\n"
    done = meeple(["check", "--format", "botc", "-", "--script", "typos.json"], stdin=grimoire)
    assert done.code == 0
    assert UNDERTAKR in done.out


def test_check_reads_a_script_file_once_so_a_pipe_can_give_it(tmp_path: Path) -> None:
    # `check --script` read the file once for the checks and again for what they leave
    # out: a named pipe gives its text to the first read only, so the second waited.
    pipe = tmp_path / "typos.json"
    os.mkfifo(pipe)
    writer = threading.Thread(target=pipe.write_text, args=(TYPOS,), daemon=True)
    writer.start()  # blocks until meeple opens the pipe
    grimoire = "[A:imp B:poisoner C:chef D:empath E:washerwoman]\n"
    with finishes(30):
        done = meeple(["check", "--format", "botc", "-", "--script", str(pipe)], stdin=grimoire)
    assert done.code == 0
    assert "warning: left out: 'undertakr' is not an official character" in done.out


def test_night_and_characters_take_all_and_other_commands_say_what_script_takes() -> None:
    sheet = meeple(["botc", "night", "--script", "all"])
    assert sheet.code == 0 and sheet.out.startswith("First night: Every official character\n")
    assert "all (every official character)" in meeple(["botc", "night", "--help"]).out
    for command in (["botc", "night"], ["botc", "bags", "--players", "5"]):
        done = meeple([*command, "--script", "nosuch"])
        assert done.code == 2
        assert "trouble-brewing, bad-moon-rising, sects-and-violets" in done.err
    done = meeple(["botc", "bags", "--players", "5", "--script", "all"])
    assert done.code == 2
    assert "bags are drawn from one script: trouble-brewing" in done.err


def test_first_and_other_print_both_sheets_in_order() -> None:
    first = meeple(["botc", "night", "--script", "trouble-brewing", "--first"]).out
    other = meeple(["botc", "night", "--script", "trouble-brewing", "--other"]).out
    both = meeple(["botc", "night", "--script", "trouble-brewing", "--other", "--first"])
    assert both.code == 0
    assert both.out == f"{first}\n{other}"
    assert meeple(["botc", "night", "--script", "trouble-brewing"]).out == first


def test_night_without_a_script_asks_for_one() -> None:
    """--script is required by `botc night`: click 8.3 took the declared default None for
    a value given, and the command read a file named None (a traceback)."""
    done = meeple(["botc", "night"])
    assert done.code == 2
    assert done.err.endswith("Error: Missing option '--script'.\n")
