"""Atlantis transcripts through QGN and back."""

from __future__ import annotations

import contextlib
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple import qgn
from meeple.atlantis.generate import random_game
from meeple.atlantis.model import Chat, Event, Player, Segment, Transcript, Turn
from meeple.atlantis.notation import dump, parse
from meeple.atlantis.qgn import from_qgn, to_qgn
from meeple.errors import NotationError
from meeple.qgn.model import Action, Snapshot
from tests.atlantis.strategies import transcripts

names = st.text("abcdefghij XYZ-'", min_size=1, max_size=8).map(str.strip).filter(bool)
plain = st.none() | st.text("abcxyz019 +:-", max_size=10)


@st.composite
def qgn_transcripts(draw: st.DrawFn) -> Transcript:
    """Transcripts holding only what QGN carries: named players, turns, board, stacks."""
    base = draw(transcripts())
    players = tuple(Player(p.stacks, draw(names), draw(st.none() | names)) for p in base.players)
    turns = tuple(e for e in base.events if isinstance(e, Turn))
    events = tuple(Turn(t.moves) for t in turns) if players else ()
    return replace(
        base,
        players=players,
        events=events,
        user=draw(plain),
        begin=draw(plain),
        end=draw(plain),
        extras=(),
    )


@given(qgn_transcripts())
def test_transcripts_round_trip_through_qgn_text(transcript: Transcript) -> None:
    text = qgn.dump(to_qgn(transcript))
    assert from_qgn(qgn.parse(text)) == transcript


@pytest.mark.parametrize(
    "segments", ['[["B2"], [], ["E4"]]', "[[]]", "[[], []]", '[["a1"], []]', "[]"]
)
def test_empty_segments_survive_the_round_trip_through_qgn(segments: str) -> None:
    transcript = parse(f'{{"version": "1.0", "segments": {segments}}}')
    snapshot = qgn.parse(qgn.dump(to_qgn(transcript)))
    assert from_qgn(snapshot) == transcript
    assert len(from_qgn(snapshot).segments) == segments.count("[") - 1


@given(qgn_transcripts(), st.lists(st.integers(0, 8), max_size=3))
def test_transcripts_with_empty_segments_round_trip_through_qgn(
    transcript: Transcript, places: list[int]
) -> None:
    segments = list(transcript.segments)
    for place in places:
        segments.insert(min(place, len(segments)), Segment(()))
    transcript = replace(transcript, segments=tuple(segments))
    assert from_qgn(qgn.parse(qgn.dump(to_qgn(transcript)))) == transcript


def test_a_generated_game_round_trips_through_qgn() -> None:
    game = random_game(segments=8, players=3, turns=30, seed=4)
    snapshot = to_qgn(game)
    assert snapshot.tags["key"] == "atlantis"
    assert [a.team for a in snapshot.actions] == [n % 3 for n in range(len(game.events))]
    assert dump(from_qgn(qgn.parse(qgn.dump(snapshot)))) == dump(game)


def _snapshot(*actions: Action, **tags: str) -> Snapshot:
    base = {"key": "atlantis", "teams": "Al, Bea", "segments": "a1 b1 c1", "stacks0": "a1:2"}
    return Snapshot({**base, **tags}, actions)


@pytest.mark.parametrize(
    ("snapshot", "message"),
    [
        (Snapshot({"key": "chess", "teams": "a"}), "not an Atlantis game"),
        (_snapshot(Action(1, "t", ("a1-c1",))), "turn 1 belongs to team 0, not 1"),
        (_snapshot(Action(0, "m", ("a1-c1",))), "only turns ('t'), not '0m&a1-c1'"),
        (_snapshot(Action(0, "t", ("a1c1",))), "'a1c1' is no move"),
        (_snapshot(Action(0, "t", ("a1-c2",))), "turn 1 (Al), move 1 a1-c2: no move"),
        (_snapshot(stacks0="a1=2"), "'a1=2' is not field:stones"),
        (_snapshot(stacks1="a1:2"), "field a1 already has a stack of player 1"),
        (_snapshot(segments="a1 b1, b1"), "field b1 is already in segment 1"),
    ],
)
def test_unsound_snapshots_are_refused(snapshot: Snapshot, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        from_qgn(snapshot)
    assert message in caught.value.message


tag_text = st.text(st.sampled_from(list("abAB019:-, \t")), max_size=20)
details = st.text(st.sampled_from(list("abAB019:-")), min_size=1, max_size=8)


@pytest.mark.fuzz
@given(
    st.dictionaries(st.sampled_from(["segments", "stacks0", "stacks1", "teams"]), tag_text),
    st.lists(
        st.builds(Action, st.integers(0, 3), st.sampled_from("tmc"), st.lists(details).map(tuple))
    ),
)
def test_fuzz_any_snapshot_converts_or_is_refused(
    tags: dict[str, str], actions: list[Action]
) -> None:
    with contextlib.suppress(NotationError):
        converted = from_qgn(Snapshot({"key": "atlantis", "teams": "a, b", **tags}, tuple(actions)))
        _assert_read_back_exactly(converted)


@given(qgn_transcripts())
def test_a_converted_transcript_is_what_its_canonical_text_reads_as(
    transcript: Transcript,
) -> None:
    _assert_read_back_exactly(from_qgn(qgn.parse(qgn.dump(to_qgn(transcript)))))


def _assert_read_back_exactly(converted: Transcript) -> None:
    """The format's `qgn_exact` (meeple.records plays a QGN record from the converted
    transcript without reading its canonical text): the repr shows the fields equality
    ignores too (`Segment.bare`, `Transcript.comments`)."""
    assert repr(parse(dump(converted))) == repr(converted)


@pytest.mark.parametrize(
    ("player", "message"),
    [
        (Player(name="Smith, Jo"), "the player name 'Smith, Jo' cannot be a QGN team name"),
        (Player(name=" Jo"), "the player name ' Jo' cannot be a QGN team name"),
        (Player(name="Jo", color="red\nblue"), "the color0 'red\\nblue' holds a line break"),
    ],
)
def test_what_qgn_cannot_hold_is_refused(player: Player, message: str) -> None:
    with pytest.raises(NotationError, match=message.replace("\\", "\\\\")):
        to_qgn(Transcript(players=(player,)))


said = st.none() | st.text(max_size=12)


@given(
    qgn_transcripts(),
    st.lists(st.tuples(st.integers(0, 40), said, said, st.text(max_size=20)), max_size=4),
    st.lists(st.tuples(said, said), max_size=6),
)
def test_chats_and_who_played_each_turn_round_trip_through_qgn_comments(
    transcript: Transcript,
    chats: list[tuple[int, str | None, str | None, str]],
    played_by: list[tuple[str | None, str | None]],
) -> None:
    """Chats, and the user and time of each turn, travel as QGN comments and come back
    where they stood, whatever their text (a '}' or a line break included)."""
    events: list[Event] = [
        replace(event, user=by[0], time=by[1]) if isinstance(event, Turn) else event
        for event, by in zip(transcript.events, [*played_by, *[(None, None)] * 99], strict=False)
    ]
    for place, user, time, message in chats:
        events.insert(min(place, len(events)), Chat(message, user, time))
    transcript = replace(transcript, events=tuple(events))
    assert from_qgn(qgn.parse(qgn.dump(to_qgn(transcript)))) == transcript
