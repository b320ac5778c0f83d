"""The HTML viewer page: self-contained, escaped, one frame per state."""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple.errors import Unsupported
from meeple.viewer import page, viewing
from meeple.viewer.page import Edit, packed
from tests.cli_helpers import meeple


def unpacked(lines: list[str], edits: list[list[Edit]]) -> list[str]:
    """The pictures `packed` packed: what the page's script does, in Python."""
    pictures: list[str] = []
    before: list[int] = []
    for ops in edits:
        now: list[int] = []
        for op in ops:
            if isinstance(op, list):
                now.extend(before[op[0] : op[1]])
            else:
                now.append(op)
        pictures.append("\n".join(lines[i] for i in now))
        before = now
    return pictures


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


class _Collect(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.sources: list[str] = []
        self.data = ""
        self._in_data = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        found = dict(attrs)
        for name in ("src", "href"):
            if found.get(name):
                self.sources.append(str(found[name]))
        self._in_data = found.get("class") == "meeple-data"

    def handle_data(self, data: str) -> None:
        if self._in_data:
            self.data += data

    def handle_endtag(self, tag: str) -> None:
        self._in_data = False


def _parsed(markup: str) -> _Collect:
    collected = _Collect()
    collected.feed(markup)
    return collected


@pytest.mark.parametrize(
    "path", sorted(p for p in EXAMPLES.glob("*/*") if p.suffix != ".sh"), ids=lambda p: p.name
)
def test_every_example_gets_a_self_contained_page(path: Path) -> None:
    markup = page(path.read_text(encoding="utf-8"), str(path))
    parsed = _parsed(markup)
    assert parsed.sources == []  # no link, script or image from anywhere else
    try:
        view = viewing(path.read_text(encoding="utf-8"), str(path))
    except Unsupported as problem:  # a bag of roles: the page says why there is nothing
        assert problem.message in html.unescape(markup)
        return
    if view.frames:
        data = json.loads(parsed.data)
        frames = data["frames"]
        assert len(frames) == len(view.frames)
        assert [f["move"] for f in frames] == [f.move for f in view.frames]
        pictures = unpacked(data["lines"], [f["edits"] for f in frames])
        assert pictures == [f.picture for f in view.frames]
    else:
        assert view.finding


def test_record_text_cannot_break_out_of_the_page() -> None:
    hostile = '[key "</script><script>alert(1)</script>"][teams "a, <b>"] 0a'
    markup = page(hostile, "<hostile>.qgn", "qgn")
    assert "<script>alert(1)" not in markup
    assert "<b>" not in markup.split("<style>")[0] + markup.split("</style>")[1].split("<script")[0]
    assert "&lt;hostile&gt;" in markup


def test_an_illegal_record_shows_its_finding_and_the_game_up_to_it() -> None:
    path = EXAMPLES / "flows" / "occupied.flows"
    view = viewing(path.read_text(encoding="utf-8"), str(path))
    assert view.finding is not None and "occupied.flows:5:1" in view.finding
    assert len(view.frames) == 4  # the start and three legal moves
    assert 'id="finding"' in page(path.read_text(encoding="utf-8"), str(path))


def test_html_command_writes_the_page_and_exits_1_for_an_invalid_record(tmp_path: Path) -> None:
    good = meeple(
        ["html", str(EXAMPLES / "flows" / "numbered.flows"), "-o", str(tmp_path / "a.html")]
    )
    assert good.code == 0
    assert (tmp_path / "a.html").read_text().startswith("<!DOCTYPE html>")
    bad = meeple(
        ["html", str(EXAMPLES / "flows" / "occupied.flows"), "-o", str(tmp_path / "b.html")]
    )
    assert bad.code == 1
    assert re.search(r"occupied\.flows:5:1", bad.err)
    assert (tmp_path / "b.html").exists()


def test_a_game_trace_steps_through_its_events() -> None:
    path = EXAMPLES / "botc" / "game.trace"
    view = viewing(path.read_text(encoding="utf-8"), str(path))
    assert view.finding is None
    assert [frame.move for frame in view.frames[:3]] == [
        None,
        "<SETUP>",
        "st!Gus(+washerwoman:townsfolk)",
    ]
    # the example ends with the Demon executed: the viewer says who won
    assert view.frames[-1].text.startswith("day 2: the Demon is dead: good wins")


@given(st.lists(st.text(alphabet="ab\n<", max_size=12), max_size=8))
def test_pictures_packed_as_edits_unpack_to_themselves(pictures: list[str]) -> None:
    assert unpacked(*packed(pictures)) == pictures


def test_a_long_game_page_grows_with_its_moves_not_moves_times_board(tmp_path: Path) -> None:
    # A 253-state Atlantis game drew 7.7 MB of pictures, and the page held them all.
    played = meeple(
        [
            "selfplay",
            "atlantis",
            "--bots",
            "random,random",
            "--games",
            "1",
            "--seed",
            "3",
            "-o",
            str(tmp_path),
        ]
    )
    assert played.code == 0
    record = next(tmp_path.iterdir())
    view = viewing(record.read_text(), str(record))
    drawn = sum(len(frame.picture) for frame in view.frames)
    assert len(view.frames) > 200
    markup = page(record.read_text(), str(record))
    assert len(markup) < drawn / 20


def _pictures(markup: str) -> list[str]:
    data = json.loads(_parsed(markup).data)
    return unpacked(data["lines"], [f["edits"] for f in data["frames"]])


def _shown_label(picture: str, key: str) -> str:
    """The label the picture shows on the hex keyed `key` (in its displayed frame)."""
    import xml.etree.ElementTree as ET

    ns = "{http://www.w3.org/2000/svg}"
    root = ET.fromstring(picture)
    hexagon = next(p for p in root.iter(f"{ns}polygon") if p.get("data-at") == key)
    corners = [tuple(map(float, c.split(","))) for c in hexagon.get("points", "").split()]
    x = sum(c[0] for c in corners) / 6
    y = sum(c[1] for c in corners) / 6
    shown = next(g for g in root.iter(f"{ns}g") if g.get("data-frame") and not g.get("display"))
    nearest = min(
        (t for t in shown if t.get("text-anchor") == "middle"),
        key=lambda t: abs(float(t.get("x", 0)) - x) + abs(float(t.get("y", 0)) - y),
    )
    return nearest.text or ""


@pytest.mark.parametrize("record", ["numbered.flows", "three-players.flows"])
def test_the_flows_viewer_labels_each_move_in_its_players_frame(record: str) -> None:
    """The hex a move placed is lit and labelled as the move writes it (`P2F5T3N`: F5),
    whoever moves next."""
    path = EXAMPLES / "flows" / record
    view = viewing(path.read_text(encoding="utf-8"), str(path))
    pictures = _pictures(page(path.read_text(encoding="utf-8"), str(path)))
    checked = 0
    for frame, picture in zip(view.frames, pictures, strict=True):
        if not frame.marks:
            continue
        written = re.match(r"P\d+([A-G]\d)T", frame.move or "")
        assert written is not None, frame.move
        assert _shown_label(picture, frame.marks[0]) == written[1], frame.move
        checked += 1
    assert checked >= 8


def test_a_record_with_a_finding_shows_the_board_up_to_it_and_every_finding() -> None:
    """seed-sample.flows breaks the rules on line 5 and its notation on line 7: the page
    draws the three legal moves and lists both findings, in `meeple check`'s order."""
    path = EXAMPLES / "flows" / "seed-sample.flows"
    text = path.read_text(encoding="utf-8")
    checked = meeple(["check", str(path)])
    assert checked.code == 1
    view = viewing(text, str(path))
    assert len(view.frames) == 4  # the start and three legal moves
    assert [f.move for f in view.frames[1:]] == ["P1A1T0N", "P2A4T1NE", "P1D4T2SE"]
    assert len(view.findings) == 2
    assert ":5:1: error:" in view.findings[0] and ":7:7: error:" in view.findings[1]
    assert "\n".join(view.findings) + "\n" in checked.out
    markup = html.unescape(page(text, str(path)))
    assert all(finding in markup for finding in view.findings)
    assert len(json.loads(_parsed(page(text, str(path))).data)["frames"]) == 4


def test_a_sound_record_lists_checks_lints_and_keeps_exit_0(tmp_path: Path) -> None:
    """An unfinished Flows record without `...` gets a lint from `check`: the page lists
    it, and a record with only lints is no invalid record (html exits 0, as check does)."""
    path = EXAMPLES / "flows" / "numbered.flows"
    unfinished = tmp_path / "unfinished.flows"
    unfinished.write_text(path.read_text(encoding="utf-8").removesuffix("...\n"))
    checked = meeple(["check", str(unfinished)])
    view = viewing(unfinished.read_text(), str(unfinished))
    assert len(view.findings) == 1 and ": lint:" in view.findings[0]
    assert view.findings[0] + "\n" in checked.out
    assert view.finding is None  # nothing that makes the record invalid
    run = meeple(["html", str(unfinished), "-o", str(tmp_path / "unfinished.html")])
    assert run.code == checked.code == 0
    assert view.findings[0] in html.unescape((tmp_path / "unfinished.html").read_text())
