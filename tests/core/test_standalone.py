"""The suite stands on its own: a test that reads beside the checkout fails.

tests/conftest.py fails such a test through tests/standalone.py's audit hook; here the
hook is seen to notice a read of the folder the seeds lived in, and to let pass what a
test may read.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from tests import standalone

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(
    ROOT.parent == Path(ROOT.anchor), reason="a checkout at / has no folder beside it"
)


def test_a_read_beside_the_checkout_is_noticed() -> None:
    seed = ROOT.parent / "shared" / "seeds" / "README.md"
    try:
        with pytest.raises(OSError):  # noticed even where the file is missing
            seed.with_name("no such seed").read_text()
        noticed = list(standalone.read_beside)
    finally:
        standalone.read_beside.clear()  # the read above is this test's own, on purpose
    assert noticed == [str(seed.with_name("no such seed"))]


def test_listing_a_folder_beside_the_checkout_is_noticed() -> None:
    try:
        with pytest.raises(OSError):
            list((ROOT.parent / "no such folder").iterdir())
        noticed = list(standalone.read_beside)
    finally:
        standalone.read_beside.clear()
    assert noticed == [str(ROOT.parent / "no such folder")]


@pytest.mark.parametrize(
    "place",
    [ROOT / "examples" / "flows" / "numbered.flows", Path(tempfile.gettempdir()) / "x"],
)
def test_reads_inside_the_checkout_and_in_the_temporary_folder_pass(place: Path) -> None:
    assert not standalone.beside_the_checkout(str(place))


def test_a_sibling_named_like_the_checkout_is_beside_it() -> None:
    assert standalone.beside_the_checkout(str(ROOT.parent / (ROOT.name + "-old") / "x"))
