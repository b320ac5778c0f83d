"""The `meeple` command on botc records, end to end."""

from __future__ import annotations

from pathlib import Path

from tests.cli_helpers import meeple

GOLDEN = Path(__file__).parent / "golden"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "botc"


def test_formats_lists_botc() -> None:
    run = meeple(["formats"])
    assert run.code == 0
    assert any(line.startswith("botc ") for line in run.out.splitlines())


def test_check_a_golden_line_is_clean() -> None:
    run = meeple(["check", str(GOLDEN / "mixed.botc")])
    assert run.code == 0
    assert run.out == ""


def test_check_reports_a_bad_line_compiler_style(tmp_path: Path) -> None:
    bad = tmp_path / "bad.botc"
    bad.write_text("[Alice:baron *Bob:imp Carol:chef]\n")
    run = meeple(["check", str(bad)])
    assert run.code == 1
    assert run.out.splitlines() == [
        f"{bad}:1:22: error: expected '*' to close the dead player entry of 'Bob'"
        " (opened at column 14), found ' '",
        "    [Alice:baron *Bob:imp Carol:chef]",
        "                         ^",
    ]


def test_check_with_a_script_warns_but_passes_unless_strict() -> None:
    path = str(EXAMPLES / "twelve.botc")
    run = meeple(["check", path, "--script", "trouble-brewing"])
    assert run.code == 0
    assert "warning: 12 players start with 5 townsfolk, 4 outsiders" in run.out
    assert meeple(["check", path, "--script", "trouble-brewing", "--strict"]).code == 1


def test_check_rejects_an_unknown_script() -> None:
    run = meeple(["check", str(GOLDEN / "mixed.botc"), "--script", "nope"])
    assert run.code == 2


def test_check_lints_naming_conventions_from_stdin() -> None:
    run = meeple(["check", "-", "--format", "botc"], stdin="[alice:Baron]\n")
    assert run.code == 0
    assert "<stdin>:1:2: lint: seat 1: player names start with a capital letter" in run.out


def test_fmt_writes_canonical_text_to_stdout() -> None:
    run = meeple(["fmt", "-", "--format", "botc"], stdin=" [Alice:baron   Bob:imp ] \n")
    assert run.code == 0
    assert run.out == "[Alice:baron Bob:imp]\n"


def test_fmt_check_passes_golden_files() -> None:
    paths = [str(path) for path in sorted(GOLDEN.glob("*.botc"))]
    assert meeple(["fmt", "--check", *paths]).code == 0


def test_bags_are_detected_checked_and_sorted() -> None:
    run = meeple(["fmt", "-"], stdin="{imp baron chef}\n")
    assert run.out == "{baron chef imp}\n"
    run = meeple(["check", "-", "--script", "trouble-brewing"], stdin="{imp imp}\n")
    assert "warning: the imp is in the bag twice" in run.out


def test_qgn_text_is_not_mistaken_for_a_grimoire() -> None:
    run = meeple(["check", "-"], stdin='[key "x"][teams "a, b"] 0a\n')
    assert run.code == 0
    assert "botc" not in run.err


def test_show_draws_the_art() -> None:
    run = meeple(["show", str(EXAMPLES / "twelve.botc"), "--layout", "balanced", "--columns"])
    assert run.code == 0
    assert run.out.startswith("┌─ Grimoire (12 players) ─")
    assert run.out.endswith("┘\n")
    assert "(librarian:outsider)" in run.out


def test_convert_to_art_and_back() -> None:
    line = (EXAMPLES / "twelve.botc").read_text()
    art = meeple(
        ["convert", "-", "--format", "botc", "--to", "botc-ascii", "--layout", "compact"], line
    )
    assert art.code == 0
    back = meeple(["convert", "-", "--to", "botc"], art.out)
    assert (back.code, back.out) == (0, line)


def test_convert_the_seeds_picture_to_one_line() -> None:
    run = meeple(["convert", str(GOLDEN / "twelve_players.grimoire"), "--to", "botc"])
    assert run.code == 0
    assert run.out == (EXAMPLES / "twelve.botc").read_text()


def test_check_art_reports_the_first_layout_problem(tmp_path: Path) -> None:
    art = (GOLDEN / "twelve_players.grimoire").read_text().replace("(12 players)", "(13 players)")
    path = tmp_path / "bad.grimoire"
    path.write_text(art)
    run = meeple(["check", str(path)])
    assert run.code == 1
    assert run.out.startswith(
        f"{path}:1:14: error: the title says 13 players but the box seats 12\n"
    )


def test_layout_does_not_apply_to_convert_to_a_line() -> None:
    run = meeple(["convert", str(GOLDEN / "mixed.botc"), "--to", "botc", "--layout", "tall"])
    assert run.code == 2


def test_check_against_a_bag_names_the_seats_that_differ() -> None:
    line = "[Ann:imp Bob:chef(drunk:is_the_drunk) Cy:spy]\n"
    run = meeple(["check", "-", "--bag", "{imp drunk baron}"], line)
    assert run.code == 0
    assert (
        run.out.splitlines()[0] == "<stdin>:1:42: warning: seat 3 (Cy): the spy is not in the bag"
    )
    assert "<stdin>:1:1: warning: the bag's baron is at no seat" in run.out
    assert meeple(["check", "-", "--bag", "{imp drunk spy}"], line).out == ""


def test_a_bad_bag_option_is_a_usage_error_that_leaves_the_record_valid(
    tmp_path: Path,
) -> None:
    good = tmp_path / "good.botc"
    good.write_text("[Ann:imp]\n")
    run = meeple(["check", str(good), "--bag", "{imp"])
    assert run.code == 2
    assert "--bag:1:5: expected '}'" in run.err
    assert "invalid" not in run.out and "1 invalid" not in run.err
    assert meeple(["check", str(good), "--bag", "Imp, Chef"]).code == 2


def test_check_art_points_at_a_token_in_the_picture(tmp_path: Path) -> None:
    art = (GOLDEN / "twelve_players.grimoire").read_text()
    path = tmp_path / "seed.grimoire"
    path.write_text(art.replace("(slayer:no_ability)", "(slayer:no_abiliti)"))
    run = meeple(["check", str(path), "--script", "trouble-brewing"])
    assert f"{path}:21:27: warning: seat 9 (Kate): the slayer has no reminder token" in run.out


def test_fmt_keeps_a_valid_hand_made_picture_unless_a_layout_is_asked(tmp_path: Path) -> None:
    path = tmp_path / "seed.grimoire"
    seed = (GOLDEN / "twelve_players.grimoire").read_text()
    path.write_text("\n" + seed.replace("\n", "  \r\n"))
    assert meeple(["fmt", "--check", str(path)]).code == 1  # only the blanks are not canonical
    assert meeple(["fmt", str(path)]).code == 0
    assert path.read_text() == seed
    assert meeple(["fmt", "--check", str(path)]).code == 0
    assert meeple(["fmt", str(path), "--layout", "balanced"]).code == 0
    assert path.read_text() != seed
    assert meeple(["fmt", "--check", str(path), "--layout", "balanced"]).code == 0
    assert (
        meeple(["convert", str(path), "--to", "botc"]).out == (EXAMPLES / "twelve.botc").read_text()
    )


def test_charset_ascii_draws_and_reads_plain_boxes(tmp_path: Path) -> None:
    line = str(EXAMPLES / "twelve.botc")
    shown = meeple(["show", line, "--charset", "ascii"]).out
    assert shown.isascii() and shown.startswith("+- Grimoire (12 players) -")
    art = tmp_path / "plain.grimoire"
    art.write_text(meeple(["convert", line, "--to", "botc-ascii", "--charset", "ascii"]).out)
    assert meeple(["check", str(art)]).code == 0
    assert (
        meeple(["convert", str(art), "--to", "botc"]).out == (EXAMPLES / "twelve.botc").read_text()
    )
    assert meeple(["fmt", "--check", str(art)]).code == 0  # a plain box stays plain
    assert meeple(["fmt", str(art), "--charset", "unicode"]).code == 0
    assert art.read_text().startswith("┌─ Grimoire (12 players) ─")
    run = meeple(["show", line, "--charset", "ebcdic"])
    assert run.code == 2


def test_the_readme_s_baron_example_says_what_the_readme_quotes() -> None:
    readme = (EXAMPLES.parents[1] / "README.md").read_text()
    line = next(line for line in readme.splitlines() if "baron-bag.botc" in line)
    quoted = line.split("#", 1)[1].strip().strip('"').removeprefix("... ")
    run = meeple(["check", str(EXAMPLES / "baron-bag.botc"), "--players", "12"])
    assert run.code == 1
    assert f"{quoted}\n" in run.out
