"""meeple.garbage: the cycle collector paused for a block and put back as it was."""

from __future__ import annotations

import gc

import pytest

from meeple.garbage import cycles_uncollected


def test_the_collector_is_paused_inside_and_back_after() -> None:
    assert gc.isenabled()
    with cycles_uncollected():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_an_error_in_the_block_still_puts_the_collector_back() -> None:
    with pytest.raises(ValueError), cycles_uncollected():
        raise ValueError("a search that failed")
    assert gc.isenabled()


def test_a_collector_paused_before_stays_paused() -> None:
    gc.disable()
    try:
        with cycles_uncollected():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()
