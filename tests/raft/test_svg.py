"""Race to the Raft pictures (meeple.raft.svg): well-formed, every state, what they show."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from meeple.raft import svg
from meeple.registry import get
from tests.cli_helpers import meeple

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "raft"
NS = "{http://www.w3.org/2000/svg}"


def _states(name: str) -> list[object]:
    fmt = get("raft")
    assert fmt.can("replay")
    return list(fmt.replay(fmt.read((EXAMPLES / name).read_text(), name)))


@pytest.mark.parametrize("name", ["crossed-paths.raft", "lost.raft", "one-step.raft"])
def test_every_state_draws_as_well_formed_svg(name: str) -> None:
    for game in _states(name):
        root = ET.fromstring(svg.render(game))  # type: ignore[arg-type]
        assert root.get("viewBox") and root.find(f"{NS}title") is not None
        assert svg.render(game) == svg.render(game)  # type: ignore[arg-type]


def test_the_picture_shows_cats_the_hand_and_the_last_card() -> None:
    game = _states("crossed-paths.raft")[3]  # after a cat move and a pathway card: four left
    root = ET.fromstring(svg.render(game))  # type: ignore[arg-type]
    circles = root.findall(f"{NS}circle")
    assert len([c for c in circles if c.get("r") == "7"]) == 3  # three cats
    assert len([c for c in circles if c.get("r") == "10"]) == 1  # the red cat is exhausted
    texts = [t.text for t in root.findall(f"{NS}text")]
    assert "hand: 4 cards" in texts
    assert sum(1 for t in texts if t and len(t) == 2 and t[0] in "ABCD") == 4
    outlined = [r for r in root.findall(f"{NS}rect") if r.get("stroke") == "#111"]
    assert len(outlined) == 9  # the last pathway card's nine squares


def test_show_svg_from_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "raft.svg"
    run = meeple(["show", "--svg", str(EXAMPLES / "lost.raft"), "-o", str(out)])
    assert run.code == 0
    desc = ET.fromstring(out.read_text()).find(f"{NS}desc")
    assert desc is not None and "lost" in str(desc.text)


def test_rows_and_columns_are_numbered_as_the_strings_number_them_inside_the_picture() -> None:
    run = meeple(["show", "--svg", str(EXAMPLES / "crossed-paths.raft")])
    root = ET.fromstring(run.out)
    _, _, width, height = (float(v) for v in root.get("viewBox", "").split())
    labels = {t.text: t for t in root.iter(f"{NS}text")}
    for label in ("00", "09", "14", "17"):
        assert label in labels, label
        x, y = float(labels[label].get("x", "-1")), float(labels[label].get("y", "-1"))
        assert 0 <= x <= width and 0 <= y <= height


def test_an_empty_hand_leaves_no_gap_before_the_decks() -> None:
    run = meeple(["show", "--svg", str(EXAMPLES / "crossed-paths.raft")])
    root = ET.fromstring(run.out)
    texts = [t for t in root.iter(f"{NS}text") if t.text]
    hand = next(t for t in texts if t.text == "hand: empty")
    decks = next(t for t in texts if str(t.text).startswith("decks:"))
    assert float(decks.get("y", "0")) - float(hand.get("y", "0")) < 40
