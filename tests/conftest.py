"""Test-wide settings: hypothesis profiles and helpers for running the CLI."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, settings

# `make test` runs the bounded "ci" profile; `make fuzz` runs "fuzz" for long
# (MEEPLE_FUZZ_EXAMPLES examples per target, 20,000 unless set).
settings.register_profile(
    "ci", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
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
SHARED = ROOT.parent / "shared"
