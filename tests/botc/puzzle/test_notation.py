"""meeple's puzzle notation, botc-puzzle: golden transcriptions, round trips, fuzzing,
and a caret under every malformed line."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.botc.characters import official, official_id
from meeple.botc.puzzle import Puzzle, Reading, Shot, Shown, Time
from meeple.botc.puzzle.notation import dump, dump_answers, looks_like, parse, parse_answers
from meeple.errors import NotationError

from .strategies import puzzles

PUZZLES = Path(__file__).parent.parent / "puzzles"
TRANSCRIBED = sorted(PUZZLES.glob("*.puzzle"))


def _without_comments(text: str) -> str:
    return "".join(line for line in text.splitlines(True) if not line.startswith("#"))


@pytest.mark.parametrize("path", TRANSCRIBED, ids=lambda path: path.stem)
def test_transcriptions_are_canonical(path: Path) -> None:
    text = path.read_text("utf-8")
    assert looks_like(text)
    assert dump(parse(text, path.name)) == text


@pytest.mark.parametrize("path", sorted(PUZZLES.glob("*.answers")), ids=lambda path: path.stem)
def test_every_answer_seats_every_player(path: Path) -> None:
    puzzle = parse(path.with_suffix(".puzzle").read_text("utf-8"))
    text = path.read_text("utf-8")
    worlds = parse_answers(text, path.name)
    assert worlds
    assert all(list(world.characters) == list(puzzle.players) for world in worlds)
    assert dump_answers(worlds, puzzle.players) == _without_comments(text)


def test_a_bad_answer_is_placed() -> None:
    with pytest.raises(NotationError) as caught:
        parse_answers("# worlds\n[Anna:imp Bob:chef]\n[Anna:imp Bob:]\n", "p.answers")
    assert (caught.value.line, caught.value.column) == (3, 15)


TROUBLE_BREWING = [
    "03a",
    "03b",
    "10",
    "19",
    "26",
    "31",
    "33",
    "36",
    "40",
    "43",
    "47",
    "52",
    "54",
    "59",
    "62",
    "63",
    "70",
    "74",
    "77",
    "78",
]


def test_every_published_puzzle_is_transcribed() -> None:
    assert len(TRANSCRIBED) == 88
    for number in TROUBLE_BREWING:
        puzzle = parse((PUZZLES / f"puzzle-{number}.puzzle").read_text("utf-8"))
        assert {official_id(character) for character in puzzle.script} <= {
            character.id for character in official().values() if character.edition == "tb"
        }


def test_a_claim_reads_into_its_items() -> None:
    puzzle = parse(
        "seats: You, Anna\nscript: imp, fortune_teller, slayer\n"
        "You claims fortune_teller, may be fortune_teller or drunk\n"
        "  night 1: You and Anna: yes\n"
        "Anna claims slayer on day 1\n  shot You, killed no\n"
    )
    assert puzzle.claims[0].learned == (Reading("You", "Anna", True, Time("night", 1)),)
    assert puzzle.claims[0].may_be == ("fortune_teller", "drunk")
    assert puzzle.learned("Anna") == ((Time("day", 1), Shot("You", False)),)


@given(puzzles())
@settings(max_examples=max(5, settings().max_examples // 2))
def test_round_trip(puzzle: Puzzle) -> None:
    text = dump(puzzle)
    assert parse(text) == puzzle
    assert dump(parse(text)) == text


@given(st.text(alphabet=st.sampled_from('seats:criptonh 1,?Anya\n\t"#|{}.~=>_-')))
@settings(max_examples=max(5, settings().max_examples // 4))
def test_any_text_reads_or_is_refused_with_a_notation_error(text: str) -> None:
    with contextlib.suppress(NotationError):
        parse("seats: A, B\nscript: imp\n" + text)


@given(st.text())
@settings(max_examples=max(5, settings().max_examples // 4))
def test_any_unicode_reads_or_is_refused(text: str) -> None:
    with contextlib.suppress(NotationError):
        parse(text)


HEAD = "seats: Anna, Bob\nscript: imp, empath, chef\n"


@pytest.mark.parametrize(
    ("text", "message", "line", "column"),
    [
        (HEAD + "Anna claims empath\n  lots\n", "expected what a empath learns", 4, 3),
        (HEAD + "Anna claims empath\n  night 1: lots\n", "expected what a empath learns", 4, 12),
        (HEAD + "Cleo claims chef\n", "expected one of the seated players, found 'Cleo'", 3, 1),
        (HEAD + "day 1: hanging of Bob\n", "expected an event", 3, 1),
        (HEAD + "  0\n", "expected a claim", 3, 3),
        (HEAD + "constraint: one demons.~role ==\n", "expected a name", 3, 32),
        (HEAD + "Anna claimed chef\n", "expected `title:`", 3, 1),
        ("script: imp\n", "expected a line `seats: ...`", 2, 1),
        (HEAD + "seats: Bob\n", "`seats:` is given twice", 3, 1),
        ("seats: Anna, Anna\nscript: imp\n", "'Anna' is seated twice", 1, 8),
    ],
)
def test_mistakes_are_placed(text: str, message: str, line: int, column: int) -> None:
    with pytest.raises(NotationError) as caught:
        parse(text, "x.puzzle")
    assert message in caught.value.message
    assert (caught.value.line, caught.value.column) == (line, column)
    assert str(caught.value).startswith(f"x.puzzle:{line}:{column}: ")


def test_a_librarians_zero_is_no_one_shown() -> None:
    puzzle = parse(HEAD + "Anna claims librarian\n  night 1: 0\n".replace("empath", "librarian"))
    assert puzzle.learned("Anna") == ((Time("night", 1), Shown(None, ())),)
    assert dump(puzzle).endswith("Anna claims librarian\n  night 1: 0\n")


def test_the_comments_heading_a_file_are_kept_and_the_others_dropped() -> None:
    text = "# Puzzle 0\n\n#  by us\nseats: Anna\n# gone\nscript: imp\n"
    puzzle = parse(text)
    assert puzzle.notes == (" Puzzle 0", "  by us")
    assert dump(puzzle) == "# Puzzle 0\n#  by us\nseats: Anna\nscript: imp\n"
