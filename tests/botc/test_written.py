"""What meeple writes in the seed's notations reads back and checks clean: player names
typed as people are called, the seed's spelling of character ids, the tokens a set-up
places (issue "What a newcomer still trips on")."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from meeple.botc import characters, notation, setup, townsquare
from meeple.botc.model import Bag, ReminderToken
from meeple.botc.notation import parse_bag
from meeple.botc.script import load_script
from tests.cli_helpers import meeple

FIVE = "{fortuneteller imp poisoner chef empath}"


def _setup(bag: str, names: str, *more: str) -> tuple[int, str, str]:
    run = meeple(["botc", "setup", bag, "--names", names, "--seed", "1", *more])
    return run.code, run.out, run.err


def _checks_clean(line: str) -> bool:
    return meeple(["check", "--format", "botc", "-"], stdin=line).code == 0


# -- player names ---------------------------------------------------------------------------


def test_setup_writes_a_typed_name_as_the_townsquare_import_does() -> None:
    code, line, err = _setup(FIVE, "Ann Lee,B,C,D,E")
    assert code == 0
    assert "Ann_Lee:" in line and "Ann Lee" not in line
    assert "'Ann Lee' is written Ann_Lee" in err
    assert _checks_clean(line)


def test_setup_never_writes_notation_marks_inside_a_name() -> None:
    code, line, _ = _setup(FIVE, "ann,B:x,C(,D*,E")
    assert code == 0
    assert notation.parse_grimoire(line).players == ("ann", "B_x", "C_", "D_", "E")
    assert _checks_clean(line)


def test_names_that_become_the_same_name_are_a_usage_error() -> None:
    code, _, err = _setup(FIVE, "Ann Lee,Ann_Lee,C,D,E")
    assert code == 2
    assert "'Ann Lee' and 'Ann_Lee' are both written Ann_Lee" in err


@given(st.text(min_size=1, max_size=12))
def test_any_typed_name_becomes_a_name_the_notation_holds(typed: str) -> None:
    name = notation.player_name(typed)
    assert re.fullmatch(notation.PLAYER_NAME, name)
    assert notation.player_name(name) == name
    assert townsquare.parse(townsquare.dump(_one_seat(typed))).players == (name,)


def _one_seat(typed: str) -> townsquare.TownSquare:
    player = townsquare.TownSquarePlayer(typed, role="imp")
    seat = notation.parse_grimoire(f"[{notation.player_name(typed)}:imp]").seats
    return townsquare.TownSquare(seat, (player,))


# -- the seed's spelling of character ids ---------------------------------------------------

OFFICIAL_LINE = "[A:fortuneteller(fortuneteller:red_herring) B:scarletwoman C:hedge-witch]\n"
SEED_LINE = "[A:fortune_teller(fortune_teller:red_herring) B:scarlet_woman C:hedge-witch]\n"


def _roles(line: str) -> list[str]:
    return re.findall(r"[:{ ]([a-z][a-z0-9_-]*)(?=[ (})\]])", line)


def test_bags_are_written_in_the_seed_spelling_unless_official_ids_are_asked_for() -> None:
    args = ["botc", "bags", "--players", "9", "--count", "20", "--seed", "3"]
    seed, official = meeple(args).out, meeple([*args, "--ids", "official"]).out
    assert "fortune_teller" in seed and "fortuneteller" not in seed
    for line in seed.splitlines():
        roles = _roles(line)
        assert all(characters.official_id(r) and characters.spelled(r) == r for r in roles)
    assert [Bag.of(map(_official, _roles(line))) for line in seed.splitlines()] == [
        Bag.of(_roles(line)) for line in official.splitlines()
    ]


def _official(role: str) -> str:
    return characters.official_id(role) or role


def test_setup_writes_the_seed_spelling_and_official_ids_on_request() -> None:
    code, line, _ = _setup(FIVE, "A,B,C,D,E")
    assert code == 0 and "A:fortune_teller" in line and "(fortune_teller:red_herring)" in line
    _, official, _ = _setup(FIVE, "A,B,C,D,E", "--ids", "official")
    assert official == line.replace("fortune_teller", "fortuneteller")
    _, art, _ = _setup(FIVE, "A,B,C,D,E", "--to", "botc-ascii")
    assert "fortune_teller" in art and "fortuneteller" not in art


def test_fmt_and_convert_write_the_seed_spelling() -> None:
    assert meeple(["fmt", "--format", "botc", "-"], OFFICIAL_LINE).out == SEED_LINE
    fmt_official = meeple(["fmt", "--format", "botc", "--ids", "official", "-"], SEED_LINE)
    assert fmt_official.out == OFFICIAL_LINE
    to_art = ["convert", "--format", "botc", "-", "--to", "botc-ascii"]
    art = meeple(to_art, OFFICIAL_LINE).out
    assert "scarlet_woman" in art and "scarletwoman" not in art
    official_art = meeple([*to_art, "--ids", "official"], SEED_LINE).out
    assert "scarletwoman" in official_art
    assert meeple(["fmt", "--format", "botc-ascii", "-"], official_art).out == art
    snapshot = '[key "botc"]\n[teams "A"]\n\n0s&fortuneteller.alive.fortuneteller:red_herring\n'
    back = meeple(["convert", "--format", "qgn", "-", "--to", "botc"], snapshot)
    assert back.out == "[A:fortune_teller(fortune_teller:red_herring)]\n"


def test_the_townsquare_import_reads_the_seed_spelling_and_writes_official_ids() -> None:
    state = json.dumps(
        {
            "bluffs": [],
            "edition": {"id": "snv"},
            "roles": "",
            "fabled": [],
            "players": [{"name": "Ann", "role": "eviltwin", "reminders": [], "isDead": False}],
        }
    )
    line = meeple(["convert", "--format", "botc-townsquare", "-", "--to", "botc"], state).out
    assert line == "[Ann:evil_twin]\n"
    back = meeple(["convert", "--format", "botc", "-", "--to", "botc-townsquare"], line).out
    assert json.loads(back)["players"][0]["role"] == "eviltwin"


@given(st.sampled_from(sorted(characters.official())))
def test_every_official_character_has_a_seed_spelling_that_reads_back(official_id: str) -> None:
    seed = characters.spelled(official_id, "seed")
    assert re.fullmatch(r"[a-z][a-z0-9_]*", seed)
    assert characters.official_id(seed) == official_id
    assert characters.spelled(seed, "official") == official_id
    line = notation.format_grimoire(notation.parse_grimoire(f"[A:{official_id}]"))
    assert meeple(["fmt", "--format", "botc", "-"], line).out == f"[A:{seed}]\n"


def test_show_draws_the_seed_spelling() -> None:
    assert meeple(["show", "--format", "botc", "-"], "{scarletwoman imp}\n").out == (
        "{imp scarlet_woman}\n"
    )
    art = meeple(["show", "--format", "botc", "-"], OFFICIAL_LINE).out
    assert "fortune_teller" in art and "fortuneteller" not in art


# -- botc-sat's short prefixes survive fmt ----------------------------------------------------

SHORT_TRACE = (
    "[Alice:fortune_teller(fortune_teller:red_herring) Bob:imp Cat:poisoner Dan:chef Eve:empath]\n"
    "<N1> Cat:poisoner!Dan(+poisoner:poisoned)\n"
)


def test_fmt_abbreviate_output_passes_fmt_check(tmp_path: Path) -> None:
    _, line, _ = _setup(FIVE, "A,B,C,D,E")
    art = meeple(["convert", "--format", "botc", "-", "--to", "botc-ascii"], line).out
    records = (("botc", line), ("botc-ascii", art), ("botc-trace", SHORT_TRACE))
    for to, text in records:
        path = tmp_path / f"{to}.record"
        path.write_text(text)
        assert meeple(["fmt", "--format", to, "--abbreviate", str(path)]).code == 0
        assert "ft:red_herring" in path.read_text()
        assert meeple(["fmt", "--format", to, "--check", str(path)]).code == 0, path.read_text()
        full = meeple(["convert", "--format", to, str(path), "--to", to])
        assert "ft:" not in full.out and "fortune_teller:red_herring" in full.out


# -- the Evil Twin's twin --------------------------------------------------------------------

TWINS = "{eviltwin vigormortis clockmaker dreamer seamstress}"


def test_setup_places_the_twin_token_on_a_good_player() -> None:
    script = load_script("sects-and-violets")
    for seed in range(20):
        grimoire = setup.seat(script, parse_bag(TWINS), list("ABCDE"), random.Random(seed))
        twins = [s for s in grimoire.seats if ReminderToken("twin", "eviltwin") in s.tokens]
        assert len(twins) == 1
        assert twins[0].role in {"clockmaker", "dreamer", "seamstress"}


def test_a_set_up_evil_twin_game_ends_when_the_good_twin_is_executed() -> None:
    code, line, _ = _setup(TWINS, "A,B,C,D,E", "--script", "sects-and-violets")
    assert code == 0 and "(evil_twin:twin)" in line
    checked = meeple(["check", "--format", "botc", "--script", "sects-and-violets", "-"], line)
    assert checked.code == 0 and "warning" not in checked.out, checked.out
    twin = next(s.player for s in notation.parse_grimoire(line).seats if s.tokens)
    trace = f"{line}<N1> <D1> st!executes->{twin}\n"
    done = meeple(["replay", "--json", "--format", "botc-trace", "-"], trace)
    assert json.loads(done.out.splitlines()[-1])["state"]["winner"] == "evil"
