"""The HTML viewer: one self-contained page for the longest bundled example record.

The floor is the game's replay alone (every state, no pictures), measured in the same
run. Goal: under 300 ms per viewer file.
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
    ]
