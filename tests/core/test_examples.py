"""Every bundled example, through the CLI as a user would run it: valid records are
stable under `fmt` and survive a round trip through QGN; invalid ones are reported."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

import meeple
from meeple import registry
from tests.cli_helpers import meeple as run_meeple

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FILES = sorted(p for p in EXAMPLES.glob("*/*") if p.is_file() and p.name != "demo.sh")


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_example_checks_cleanly_or_reports_positioned_problems(path: Path) -> None:
    run = run_meeple(["check", str(path)])
    assert run.code in (0, 1)
    if run.code == 1:
        assert run.out.startswith(f"{path}:")
    assert "Traceback" not in run.out + run.err


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_valid_example_round_trips_through_canonical_form_and_qgn(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    try:
        fmt = registry.detect(text, str(path))
        model = fmt.parse(text, str(path))
    except meeple.NotationError:
        pytest.skip("an example of a bad record")
    # A hand-written transcript's comments are dropped only when asked (docs/formats).
    asked = {o.name: True for o in fmt.options if o.name == "drop_comments"}
    canonical = fmt.dump(model, **asked)
    assert fmt.dump(fmt.parse(canonical, "canonical")) == canonical
    if not fmt.can("to_qgn") or not fmt.can("from_qgn"):
        return
    via_qgn = run_meeple(["convert", str(path), "--to", "qgn"])
    if via_qgn.code in (1, 2):
        # An invalid record is refused with check's own first error; a record with no
        # QGN form (a botc bag) with a reason.
        checked = run_meeple(["check", str(path)])
        first = via_qgn.err.splitlines()[0]
        assert (checked.code == 1 and first in checked.out.splitlines()) or "has no" in first
        return
    assert via_qgn.code == 0, via_qgn.err
    # The comments travel in QGN too, and come back refused as they are at first.
    dropping = ["--drop-comments"] if asked else []
    back = run_meeple(
        ["convert", "-", "--format", "qgn", "--to", fmt.name, *dropping], stdin=via_qgn.out
    )
    assert back.code == 0, back.err
    # Whatever QGN carries comes back: a second trip through QGN changes nothing (but the
    # comments dropped on the way back, when asked to).
    again = run_meeple(["convert", "-", "--format", fmt.name, "--to", "qgn"], stdin=back.out)
    assert again.code == 0, again.err
    if asked:
        first = meeple.loads(via_qgn.out, "qgn")
        assert meeple.loads(again.out, "qgn") == replace(first, leading_comments=())
    else:
        assert again.out == via_qgn.out
