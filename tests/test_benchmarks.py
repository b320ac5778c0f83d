"""The benchmarks' inputs stay valid: a benchmark that stops on its own input measures
nothing (`make bench` once stopped at the viewer's pictures, after the seed's QGN example
became a carcassonne game that is not one)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def _bench_viewer() -> Any:
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    return importlib.import_module("bench_viewer")


@pytest.mark.parametrize("name", _bench_viewer().PICTURED)
def test_every_example_the_viewer_benchmark_pictures_is_drawn(name: str) -> None:
    case = _bench_viewer()._svg_case(name)
    assert str(case.run()).lstrip().startswith("<svg")
