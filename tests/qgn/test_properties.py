"""QGN properties: generated snapshots round-trip; no text makes the parser fail otherwise."""

from __future__ import annotations

import contextlib
import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple import NotationError, qgn
from meeple.qgn import Action, Snapshot

names = st.from_regex(r"[A-Za-z_][A-Za-z0-9_-]{0,8}", fullmatch=True)
# A CR is a line end like LF (docs/formats/qgn.md), so neither is in a value or a comment
# that is to come back unchanged.
values = st.text(st.characters(exclude_characters="\r\n", codec="utf-8"), max_size=20)
details = st.from_regex(r"""[^\s.&{}\[\]"]{1,6}""", fullmatch=True)
comments = st.text(st.characters(exclude_characters="}\r", codec="utf-8"), max_size=30)


def actions(most_teams: int = 120) -> st.SearchStrategy[Action]:
    return st.builds(
        Action,
        team=st.integers(0, most_teams),
        action=st.from_regex(r"[A-Za-z]", fullmatch=True),
        details=st.lists(details, max_size=4).map(tuple),
        comments=st.lists(comments, max_size=2).map(tuple),
    )


@st.composite
def snapshots(draw: st.DrawFn) -> Snapshot:
    tags = {"key": draw(values), "teams": draw(values)}
    for name in draw(st.lists(names, max_size=4, unique=True)):
        tags.setdefault(name, draw(values))
    # Games whose team indices are all one digit are read by position, others by regex
    # (notation._cut): both kinds are drawn.
    most_teams = draw(st.sampled_from((9, 120)))
    return Snapshot(
        tags,
        tuple(draw(st.lists(actions(most_teams), max_size=30))),
        tuple(draw(st.lists(comments, max_size=2))),
        tuple(draw(st.lists(comments, max_size=2))),
    )


@given(snapshots())
def test_parse_inverts_dump(game: Snapshot) -> None:
    text = qgn.dump(game)
    assert qgn.parse(text) == game
    assert qgn.dump(qgn.parse(text)) == text


@given(snapshots())
def test_canonical_lines_fit_80_columns_unless_one_word_is_wider(game: Snapshot) -> None:
    text = qgn.dump(game)
    for line in text.split("\n\n", 1)[-1].splitlines():
        assert len(line) <= 80 or " " not in line or "{" in line


@given(st.lists(snapshots(), min_size=1, max_size=4))
def test_many_games_stream_back(games: list[Snapshot]) -> None:
    text = qgn.dump_many(games)
    assert list(qgn.iter_games(io.StringIO(text))) == games
    assert qgn.dump_many(qgn.parse_many(text)) == text


def _mutations(text: str) -> st.SearchStrategy[str]:
    spots = st.integers(0, len(text))
    junk = st.text(st.sampled_from('[]{}"\\&.0123 abc\n\t'), min_size=1, max_size=3)
    insert = st.tuples(spots, junk).map(lambda p: text[: p[0]] + p[1] + text[p[0] :])
    delete = st.tuples(spots, st.integers(1, 4)).map(lambda p: text[: p[0]] + text[p[0] + p[1] :])
    return st.one_of(insert, delete)


@pytest.mark.fuzz
@given(st.text(st.sampled_from('[]{}"\\&.0123456789abkeytms \n\t'), max_size=80))
def test_fuzz_grammar_alphabet_only_raises_notation_error(text: str) -> None:
    with contextlib.suppress(NotationError):
        qgn.parse(text)
    with contextlib.suppress(NotationError):
        qgn.parse_many(text)


@pytest.mark.fuzz
@given(st.text(max_size=200))
def test_fuzz_any_text_only_raises_notation_error(text: str) -> None:
    with contextlib.suppress(NotationError):
        qgn.parse(text)


@pytest.mark.fuzz
@given(snapshots().map(qgn.dump).flatmap(_mutations))
def test_fuzz_mutated_records_only_raise_notation_error(text: str) -> None:
    try:
        game = qgn.parse(text)
    except NotationError as error:
        assert error.line >= 1 and error.column >= 1
        return
    assert qgn.parse(qgn.dump(game)) == game


def _outcome(read: object) -> object:
    """The games a reader returns, or where and why it refused the text."""
    try:
        return list(read())  # type: ignore[operator]
    except NotationError as problem:
        return (problem.line, problem.column, problem.message)


@given(
    st.lists(snapshots(), min_size=1, max_size=3),
    st.text(alphabet=' \n0123abc&.{}[]"', max_size=12),
    st.integers(0, 200),
    st.integers(1, 9),
)
def test_streaming_in_any_chunks_reads_what_the_whole_text_reads(
    games: list[Snapshot], noise: str, at: int, chunk: int
) -> None:
    # Issue 13: a run of actions cut by a chunk boundary is kept up to its last word and
    # read on from there; games, comments and errors (with positions) stay the same.
    from meeple.qgn import notation

    text = qgn.dump_many(games)
    text = text[:at] + noise + text[at:]
    whole = _outcome(lambda: qgn.parse_many(text))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(notation, "_CHUNK", chunk)
        streamed = _outcome(lambda: qgn.iter_games(io.StringIO(text)))
    assert streamed == whole


def test_an_action_cut_by_a_chunk_boundary_before_the_tags_is_explained_as_a_whole() -> None:
    # Found by the property above: "0a" whole in the first chunks looked like actions
    # before any tag, though the text goes on "0a0".
    from meeple.qgn import notation

    text = '0a0[key "x"][teams "a"]\n'
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(notation, "_CHUNK", 1)
        streamed = _outcome(lambda: qgn.iter_games(io.StringIO(text)))
    assert streamed == _outcome(lambda: qgn.parse_many(text))
    assert streamed[1] == 3  # type: ignore[index]
