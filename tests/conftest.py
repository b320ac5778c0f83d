"""Test-wide settings: hypothesis profiles and helpers for running the CLI."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests import standalone

# `make test` runs the bounded "ci" profile (100 examples a target keeps the whole of
# `make test` within ten minutes on the 2-core machine: 150 took 10 min 13 s of pytest
# alone once the suite passed 3,300 tests); `make fuzz` runs "fuzz" for long
# (MEEPLE_FUZZ_EXAMPLES examples per target, 20,000 unless set).
settings.register_profile(
    "ci", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "fuzz",
    max_examples=int(os.environ.get("MEEPLE_FUZZ_EXAMPLES", "20000")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
settings.register_profile("dev", max_examples=30, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

ROOT = Path(__file__).resolve().parent.parent


standalone.install([tempfile.gettempdir()])


@pytest.fixture(autouse=True, scope="session")
def _temporary_folders_are_not_beside(tmp_path_factory: pytest.TempPathFactory) -> None:
    """pytest's temporary folders may lie beside a checkout in the temporary folder."""
    standalone.install([tempfile.gettempdir(), str(tmp_path_factory.getbasetemp().parent)])


def pytest_collection_finish(session: pytest.Session) -> None:
    """A test module that reads beside the checkout while it is collected stops the run."""
    if standalone.read_beside:
        raise pytest.UsageError(f"read beside the checkout: {sorted(set(standalone.read_beside))}")


@pytest.fixture(autouse=True)
def reads_nothing_beside_the_checkout() -> Iterator[None]:
    """Fail a test that read a file or folder beside the repository (tests/standalone.py)."""
    standalone.read_beside.clear()
    yield
    if standalone.read_beside:
        pytest.fail(f"read beside the checkout: {sorted(set(standalone.read_beside))}")
