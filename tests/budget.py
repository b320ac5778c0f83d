"""How many examples a hypothesis property runs, scaled with the active profile.

A property whose examples are dear names the count it should run in `make test` (the
"ci" profile, tests/conftest.py) through `examples(n)`; under another profile that count
scales with the profile's `max_examples`: "fuzz" (`make fuzz`) runs many more, "dev"
fewer. A count written into `@settings` would ignore the profile both ways.
"""

from __future__ import annotations

from hypothesis import settings


def examples(n: int) -> int:
    """`n` examples under the ci profile, scaled by the active profile's `max_examples`
    relative to the ci profile's (at least one)."""
    ci = settings.get_profile("ci").max_examples
    return max(1, n * settings().max_examples // ci)
