"""The single-line grimoire and the bag: golden files, errors, round trips, fuzzing."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple import loads as meeple_loads
from meeple.botc import notation
from meeple.botc.model import Bag, Grimoire, Life, ReminderToken, Seat
from meeple.errors import NotationError
from tests.botc.strategies import bags, grimoires
from tests.cli_helpers import meeple
from tests.guards import finishes

GOLDEN = Path(__file__).parent / "golden"
LINES = sorted(GOLDEN.glob("*.botc"))


@pytest.mark.parametrize("path", LINES, ids=lambda path: path.stem)
def test_golden_lines_round_trip_byte_for_byte(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert notation.dump(notation.parse(text)) == text


def test_the_mixed_example_reads_as_the_seed_describes() -> None:
    grimoire = notation.parse_grimoire((GOLDEN / "mixed.botc").read_text())
    assert grimoire.players == ("Alice", "Bob", "Charlie", "Dave", "Eve")
    assert [seat.life for seat in grimoire.seats] == [
        Life.ALIVE,
        Life.DEAD,
        Life.VOTE_USED,
        Life.ALIVE,
        Life.VOTE_USED,
    ]
    assert grimoire.seats[2].tokens == (ReminderToken("is_the_drunk", "drunk"),)
    assert grimoire.roles == ("baron", "imp", "butler", "washerwoman", "poisoner")


def test_tokens_keep_their_order_and_prefixes() -> None:
    grimoire = notation.parse_grimoire((GOLDEN / "tokens.botc").read_text())
    assert [str(token) for token in grimoire.seats[0].tokens] == [
        "washerwoman:townsfolk",
        "poisoner:poisoned",
    ]


def test_a_token_without_prefix_is_allowed_by_the_grammar() -> None:
    seat = notation.parse_grimoire("[Bob:washerwoman(is_the_drunk)]").seats[0]
    assert seat.tokens == (ReminderToken("is_the_drunk"),)


def test_layout_around_the_line_is_free_and_canonical_text_drops_it() -> None:
    text = "  [ Alice:baron   Bob:imp ]  \n\n"
    assert notation.dump(notation.parse(text)) == "[Alice:baron Bob:imp]\n"


def test_empty_grimoire() -> None:
    assert notation.parse("[]\n") == Grimoire()
    assert notation.dump(Grimoire()) == "[]\n"


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ("[Alice:baron *Bob:imp Carol:chef]", 22, "expected '*' to close"),
        ("[Alice:baron Bob:imp* Carol:chef]", 21, "'*' closes nothing"),
        ("[*~~Bob:imp*]", 8, "expected '~~' to close"),
        ("[*Bob~~:imp*]", 6, "'~~' after 'Bob' closes nothing"),
        ("[~~Bob~~:imp]", 2, "only a dead player"),
        ("[Alice:baron()]", 13, "empty reminder token list"),
        ("[Alice:baron(a,,b)]", 16, "empty reminder token"),
        ("[Alice:baron(a,)]", 16, "empty reminder token"),
        ("[Alice:baron(poisoner:)]", 23, "expected a token name"),
        ("[Alice:baron(a:b:c)]", 17, "expected ',' or ')'"),
        ("[Alice:baron(a b)]", 15, "expected ',' or ')'"),
        ("[Alice:baron Alice:imp]", 14, "already seated at seat 1"),
        ("[Alice:baron Bob]", 17, "expected ':' and a role"),
        ("[Alice: Bob:imp]", 8, "expected the role of 'Alice'"),
        ("[Alice:baron] Bob:imp", 15, "text after the closing ']'"),
        ("[Alice:baron", 13, "expected ']'"),
        ("Alice:baron", 1, "expected '['"),
        ("[1Alice:baron]", 2, "expected a player entry"),
        ("[Alice:baron,Bob:imp]", 13, "expected a space or ']'"),
    ],
)
def test_errors_point_at_the_problem(text: str, column: int, words: str) -> None:
    with pytest.raises(NotationError) as caught:
        notation.parse(text, "g.botc")
    error = caught.value
    assert (error.source, error.line, error.column) == ("g.botc", 1, column)
    assert words in error.message
    assert str(error).splitlines()[-1] == "    " + " " * (column - 1) + "^"


def test_errors_on_a_later_line_count_lines() -> None:
    with pytest.raises(NotationError) as caught:
        notation.parse("\n\n[Alice:baron *Bob:imp]\n")
    assert (caught.value.line, caught.value.column) == (3, 22)


def test_bags_are_multisets_written_sorted() -> None:
    bag = notation.parse("{imp baron chef chef}")
    assert bag == Bag(("baron", "chef", "chef", "imp"))
    assert notation.dump(bag) == "{baron chef chef imp}\n"
    assert notation.parse("{}") == Bag()


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ("{imp baron", 11, "expected '}'"),
        ("{imp poisoner:poisoned}", 14, "roles only"),
        ("{imp} baron", 7, "text after the closing '}'"),
        ("{imp 9x}", 6, "expected a role"),
    ],
)
def test_bag_errors(text: str, column: int, words: str) -> None:
    with pytest.raises(NotationError) as caught:
        notation.parse(text)
    assert caught.value.column == column
    assert words in caught.value.message


def test_a_bag_compares_with_a_grimoires_roles() -> None:
    grimoire = notation.parse_grimoire("[A:imp B:baron C:chef]")
    difference = Bag(("imp", "baron", "empath")).compare(grimoire.roles)
    assert difference.missing == Bag(("empath",))
    assert difference.extra == Bag(("chef",))
    assert not difference.same
    assert Bag(("chef", "imp", "baron")).compare(grimoire.roles).same


@given(grimoires())
def test_write_then_read_gives_the_same_grimoire(grimoire: Grimoire) -> None:
    # The written text is canonical, so this also shows format(parse(text)) == text for it.
    assert notation.parse(notation.dump(grimoire)) == grimoire


@given(bags)
def test_bags_round_trip(bag: Bag) -> None:
    assert notation.parse(notation.dump(bag)) == bag


def _only_notation_errors(text: str) -> None:
    try:
        notation.parse(text)
    except NotationError as error:
        assert error.line >= 1
        assert error.column >= 1


@pytest.mark.fuzz
@given(st.text(alphabet="[]{}()*~:, \nAab_1", max_size=60))
def test_fuzz_punctuation_soup(text: str) -> None:
    _only_notation_errors(text)


@pytest.mark.fuzz
@given(st.text(max_size=80))
def test_fuzz_any_text(text: str) -> None:
    _only_notation_errors(text)


@pytest.mark.fuzz
@given(grimoires(max_size=6), st.data())
def test_fuzz_mutated_records(grimoire: Grimoire, data: st.DataObject) -> None:
    text = notation.format_grimoire(grimoire)
    at = data.draw(st.integers(0, len(text)))
    cut = data.draw(st.integers(0, 3))
    insert = data.draw(st.text(alphabet="[]{}()*~:, \nx", max_size=3))
    _only_notation_errors(text[:at] + insert + text[at + cut :])


def test_seats_are_plain_values() -> None:
    seat = Seat("Alice", "baron", (ReminderToken("poisoned", "poisoner"),), Life.DEAD)
    assert notation.format_seat(seat) == "*Alice:baron(poisoner:poisoned)*"


@pytest.mark.parametrize(
    "text",
    [
        "[Alice:imp " + "A" * 60_000,
        "[*" + "B" * 60_000,
        "[" + "A" * 60_000 + "]",
        "[Alice:imp " + "A" * 60_000 + "!]",
        "[A:" + "b" * 60_000 + "(" + "c" * 60_000 + "]",
    ],
)
def test_a_malformed_seat_before_a_long_name_is_found_in_one_pass(text: str) -> None:
    # Fuzzing found 40 KB taking 11 s: the reader searched for the next seat from every
    # position of the long name. Each seat is now matched where the last one ended.
    with finishes(), pytest.raises(NotationError):
        notation.parse_grimoire(text)


LINE_ALPHABET = st.sampled_from("[]()*~:, \n\tAbc_09xyZ")


@given(st.one_of(grimoires().map(notation.format_grimoire), st.text(LINE_ALPHABET, max_size=40)))
def test_the_fast_path_reads_exactly_what_the_placed_reader_reads(text: str) -> None:
    # parse_grimoire skips the places for speed; it must accept and refuse the same texts.
    try:
        expected = notation.read_grimoire(text).grimoire
    except NotationError as problem:
        with pytest.raises(NotationError) as caught:
            notation.parse_grimoire(text)
        assert str(caught.value) == str(problem)
        return
    assert notation.parse_grimoire(text) == expected


def test_homebrew_ids_with_hyphens_read_in_bags_and_grimoires_and_play_through(
    tmp_path: Path,
) -> None:
    """The Script Tool writes homebrew ids such as `witchhunt-witch`; a bag drawn from
    such a script reads back, seats, and checks clean."""
    import json

    script = tmp_path / "hyphens.json"
    script.write_text(
        json.dumps(
            [
                {"id": "_meta", "name": "Hyphens"},
                "washerwoman",
                "librarian",
                "investigator",
                "chef",
                "empath",
                "monk",
                "butler",
                "saint",
                "imp",
                {
                    "id": "hedge-witch",
                    "name": "Hedge Witch",
                    "team": "minion",
                    "ability": "Each night, choose a player.",
                },
            ]
        )
    )
    drawn = meeple(["botc", "bags", "--script", str(script), "--players", "5", "--seed", "1"])
    assert drawn.code == 0, drawn.err
    bag = drawn.out.strip()
    assert "hedge-witch" in bag
    assert meeple(["check", "--format", "botc", "-", "--script", str(script)], stdin=bag).code == 0
    seated = meeple(
        ["botc", "setup", bag, "--names", "Ann,Bob,Cat,Dan,Eve", "--script", str(script)]
    )
    assert seated.code == 0, seated.err
    assert isinstance(notation.parse(seated.out), Grimoire)  # the one-line grimoire reads back
    checked = meeple(["check", "--format", "botc", "-", "--script", str(script)], stdin=seated.out)
    assert checked.code == 0, checked.out


# -- the quick path and the full reader (issue 28) ----------------------------------------

# What near-valid lines are made of: the notation's punctuation, spaces of every kind,
# characters an identifier may not hold, botc-sat's short prefixes, a hyphenated role id.
NEAR_VALID = st.sampled_from(
    [
        *"*~:(),[] \t\n\r\x0b\x0c\x1c\x85\u2028\u00a0-_1éZ",
        "~~",
        "  ",
        "ww:",
        "Ann",
        "hedge-witch",
        "(a:b)",
        ":x:y",
    ]
)


def _mutations(text: str, data: st.DataObject) -> str:
    """`text` after one to three edits: a piece inserted, a stretch cut or replaced, a
    seat written twice, or a space added where spaces may be."""
    for _ in range(data.draw(st.integers(1, 3), label="edits")):
        at = data.draw(st.integers(0, len(text)), label="at")
        edit = data.draw(st.sampled_from(["insert", "cut", "replace", "seat twice", "space"]))
        if edit == "space":  # a space more where spaces may be: the full reader's
            text = data.draw(st.sampled_from([text.replace(" ", "  ", 1), text.replace("[", "[ ")]))
            continue
        if edit == "seat twice" and " " in text.strip():
            seats = text.strip()[1:-1].split(" ")
            text = "[" + " ".join([*seats, data.draw(st.sampled_from(seats))]) + "]"
            continue
        cut = 0 if edit == "insert" else data.draw(st.integers(1, 3), label="cut")
        piece = "" if edit == "cut" else data.draw(NEAR_VALID, label="piece")
        text = text[:at] + piece + text[at + cut :]
    return text


def _same_reading(text: str) -> None:
    """The quick path (parse_grimoire, loads) reads `text` as the full reader does: the same
    grimoire, or the same error at the same place."""
    readers: list[Callable[[str], object]] = [notation.parse_grimoire]
    if not text.lstrip().startswith("{"):  # (a bag is another reader's)
        readers.append(partial(meeple_loads, format="botc"))
    try:
        expected = notation.read_grimoire(text).grimoire
    except NotationError as problem:
        for read in readers:
            with pytest.raises(NotationError) as caught:
                read(text)
            assert str(caught.value) == str(problem)
            assert caught.value.location == problem.location
        return
    for read in readers:
        assert read(text) == expected


@given(grimoires(max_size=8), st.sampled_from(["", "\n", " \r\n", "\t"]), st.data())
def test_the_quick_path_and_the_full_reader_agree_on_near_valid_lines(
    grimoire: Grimoire, end: str, data: st.DataObject
) -> None:
    _same_reading(_mutations(notation.format_grimoire(grimoire) + end, data))


@pytest.mark.parametrize(
    "text",
    [
        "[Ann:imp Bob:spy]",
        "[Ann:imp  Bob:spy]",  # two spaces: the full reader's
        "[ Ann:imp ]",
        "[Ann:imp ]",
        "[Ann:imp Ann:spy]",
        "[*~~Ann~~:imp* *Bob:spy* Cat:chef]",
        "[*~~Ann:imp*]",
        "[~~Ann~~:imp]",
        "[*Ann~~:imp*]",
        "[Ann:imp*]",
        "[Ann:imp(ww:townsfolk,poisoned,hedge-witch:hexed)]",
        "[Ann:hedge-witch(a:b:c)]",
        "[Ann:imp()]",
        "[Ann:imp(a,,b)]",
        "[Ann:imp\tBob:spy]",
        "[Ann:imp\nBob:spy]",
        "[Ann:imp]x",
        "[Anné:imp]",
        "[]",
        "[",
        "\u2028[Ann:imp]\u2028",
        "\x1c[Ann:imp]",
    ],
)
def test_the_quick_path_and_the_full_reader_agree_on_the_edge_cases(text: str) -> None:
    _same_reading(text)


@given(grimoires(max_size=20))
def test_every_canonical_line_is_read_by_the_quick_path(
    grimoire: Grimoire,
) -> None:
    text = notation.format_grimoire(grimoire)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(notation, "read_grimoire", _not_expected)
        assert notation.parse_grimoire(text) == grimoire
        assert notation.parse_grimoire(text + "\n") == grimoire


def _not_expected(*_: object) -> None:
    raise AssertionError("the full reader read a canonical line")


def test_reminder_tokens_read_botc_sats_short_prefixes_on_the_quick_path() -> None:
    seat = notation.parse_grimoire("[Ann:imp(ww:townsfolk,poi:poisoned,drunk)]").seats[0]
    assert seat.tokens == (
        ReminderToken("townsfolk", "washerwoman"),
        ReminderToken("poisoned", "poisoner"),
        ReminderToken("drunk"),
    )


def test_seats_tokens_and_grimoires_are_still_frozen_dataclasses() -> None:
    import dataclasses
    import inspect
    import pickle

    token = ReminderToken("poisoned", "poisoner")
    seat = Seat("Ann", "imp", (token,))
    grimoire = Grimoire((seat,))
    assert dataclasses.replace(seat, life=Life.DEAD) == Seat("Ann", "imp", (token,), Life.DEAD)
    assert pickle.loads(pickle.dumps(grimoire)) == grimoire
    assert hash(seat) == hash(Seat("Ann", "imp", (ReminderToken("poisoned", "poisoner"),)))
    assert repr(token) == "ReminderToken(name='poisoned', role='poisoner')"
    for value, field in ((token, "name"), (seat, "life"), (grimoire, "seats")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, field, None)
    assert list(inspect.signature(Seat).parameters) == ["player", "role", "tokens", "life"]
    assert Seat("Ann", "imp") == Seat("Ann", "imp", (), Life.ALIVE)
    assert Grimoire() == Grimoire(())
