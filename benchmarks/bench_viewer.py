"""Pictures: one SVG state per game, and the HTML viewer for the longest example record.

An SVG is timed against the game's ASCII picture of the same state (goal: under 5 ms
per state); the viewer against the game's replay alone, every state and no pictures
(goal: under 300 ms per viewer file). Floors are measured in the same run.
"""

from __future__ import annotations

from pathlib import Path

from harness import Case

from meeple import records, registry
from meeple.viewer import page

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def _longest() -> tuple[Path, str]:
    best: tuple[int, Path, str] | None = None
    for path in EXAMPLES.glob("*/*"):
        if path.suffix == ".sh":
            continue
        text = path.read_text(encoding="utf-8")
        try:
            document = registry.detect(text, str(path)).read(text, str(path))
            states = sum(1 for _ in records.states(records.of(document)))
        except ValueError:
            continue
        if best is None or states > best[0]:
            best = (states, path, text)
    assert best is not None
    return best[1], best[2]


# The last state of one example record per game.
PICTURED = (
    "flows/three-players.flows",
    "raft/crossed-paths.raft",
    "atlantis/game.json",
    "botc/twelve.botc",
    "qgn/messy.qgn",
    "carcassonne/game.qgn",
)


def _svg_case(name: str) -> Case:
    path = EXAMPLES / name
    text = path.read_text(encoding="utf-8")
    record = records.of(registry.detect(text, str(path)).read(text, str(path)))
    notation = record.notation
    assert notation.can("svg") and notation.can("render")
    subject = record.played.model
    if notation.can("replay"):
        *_, subject = records.states(record)
    svg, ascii_picture = notation.svg, notation.render
    return Case(
        f"svg: one state of {name}",
        lambda: svg(subject),
        "its ASCII picture",
        lambda: ascii_picture(subject),
        goal="< 5 ms",
    )


def cases() -> list[Case]:
    path, text = _longest()
    document = registry.detect(text, str(path)).read(text, str(path))

    def replay_only() -> None:
        for _ in records.states(records.of(document)):
            pass

    return [
        Case(
            f"viewer: meeple html {path.parent.name}/{path.name}",
            lambda: page(text, str(path)),
            "replay only",
            replay_only,
            goal="< 300 ms",
            repeat=9,
        ),
        *(_svg_case(name) for name in PICTURED),
    ]
