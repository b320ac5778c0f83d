"""Blood on the Clocktower custom scripts: reading and checking a Script Tool script, and
counting legal bags for 15 players on a 34-character script with many set-up modifiers."""

from __future__ import annotations

import json

from harness import Case

from meeple.botc import scriptcheck, scriptfile, setup
from meeple.botc.script import script_of

# 34 characters, 8 of them with set-up rules (counting goes over their subsets).
IDS = [
    *("washerwoman", "librarian", "investigator", "chef", "empath", "fortuneteller"),
    *("undertaker", "monk", "ravenkeeper", "virgin", "slayer", "soldier", "mayor"),
    *("balloonist", "huntsman", "choirboy", "king", "butler", "drunk", "recluse"),
    *("saint", "damsel", "hermit", "poisoner", "spy", "scarletwoman", "baron"),
    *("godfather", "xaan", "imp", "fanggu", "vigormortis", "lilmonsta", "sentinel"),
]
TEXT = json.dumps([{"id": "_meta", "name": "Benchmark"}, *IDS], indent=1)


def _count() -> int:
    return setup.count_bags(script_of(scriptfile.parse(TEXT)), 15)


def _check() -> int:
    script = scriptfile.parse(TEXT)
    return len(list(scriptcheck.findings(script, TEXT, "bench.json")))


def cases() -> list[Case]:
    return [
        Case(
            "botc script: --count-only, 15 players, 34 characters",
            _count,
            "json.loads",
            lambda: json.loads(TEXT),
            goal="< 2 s",
            repeat=5,
        ),
        Case("botc script: read and check", _check, "json.loads", lambda: json.loads(TEXT)),
    ]
