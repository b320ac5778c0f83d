"""The suite stands on its own: a test that reads beside the checkout fails.

tests/conftest.py fails such a test through tests/standalone.py's audit hook. Here the
guard is tried on a checkout of its own making, with a `shared` folder beside it, so the
tests say the same wherever the real checkout lies (a user's clone has nothing beside it;
CI's clone may lie in the temporary folder).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import standalone


@pytest.fixture
def beside(tmp_path: Path) -> Path:
    """A folder holding a checkout and, beside it, `shared` with one seed."""
    (tmp_path / "checkout" / "examples").mkdir(parents=True)
    (tmp_path / "checkout" / "examples" / "game.qgn").write_text("")
    (tmp_path / "shared" / "seeds").mkdir(parents=True)
    (tmp_path / "shared" / "seeds" / "001.txt").write_text("a seed")
    (tmp_path / "python").mkdir()
    return tmp_path


@pytest.fixture
def guarded(beside: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The audit hook watching the made-up checkout instead of the real one."""
    monkeypatch.setattr(
        standalone, "guard", standalone.Siblings(beside / "checkout", [str(beside / "python")])
    )
    yield beside
    standalone.read_beside.clear()  # this test's reads beside were on purpose


def test_reading_a_file_beside_the_checkout_is_noticed(guarded: Path) -> None:
    seed = guarded / "shared" / "seeds" / "001.txt"
    assert seed.read_text() == "a seed"
    assert standalone.read_beside == [str(seed)]


def test_listing_a_folder_beside_the_checkout_is_noticed(guarded: Path) -> None:
    assert [p.name for p in (guarded / "shared" / "seeds").iterdir()] == ["001.txt"]
    assert standalone.read_beside == [str(guarded / "shared" / "seeds")]


def test_reads_inside_the_checkout_and_in_allowed_places_pass(guarded: Path) -> None:
    (guarded / "checkout" / "examples" / "game.qgn").read_text()
    (guarded / "python" / "x.py").write_text("")
    assert standalone.read_beside == []


def test_a_place_that_holds_the_checkout_does_not_let_its_siblings_pass(beside: Path) -> None:
    """A clone in the temporary folder: the temporary folder is allowed, yet `shared`
    beside the clone is still guarded."""
    siblings = standalone.Siblings(beside / "checkout", [str(beside.parent)])
    assert str(beside / "shared" / "seeds" / "001.txt") in siblings
    assert str(beside / "checkout" / "examples" / "game.qgn") not in siblings


def test_a_checkout_at_the_root_guards_nothing() -> None:
    assert standalone.Siblings(Path("/checkout"), []).guarded == ()
