"""Solve jthemphill/botc-solvers' example puzzles and compare with their published
answers: `python tools/compare_puzzles.py EXAMPLES_DIR [NAME-PART ...]`.

EXAMPLES_DIR holds `*.json` puzzles and `*.solutions.json` answers (a checkout's
src/examples). Each puzzle is read with meeple's reader, solved, and the set of
starting-character assignments compared with the published one (a file without meeple's
`meepleHouseRules` is read, as meeple reads any, under its writer's solver's
conventions: `jsonform.writers_rules`). A puzzle whose JSON
form is known to be defective (`DEFECTIVE`: docs/formats/botc.md says why, with the
evidence) is reported as such when meeple differs from its answer file exactly as
documented, and as a difference otherwise. Never run by tests.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from pathlib import Path

from meeple.botc.puzzle.jsonform import parse, parse_solutions
from meeple.botc.solver import Unmodelled, World, solve
from meeple.botc.solver.homebrew import character

TROUBLE_BREWING = tuple(
    "03a 03b 10 19 26 31 33 36 40 43 47 52 54 59 62 63 70 74 77 78".split()  # noqa: SIM905
)


@dataclass(frozen=True)
class Defect:
    """Why a puzzle's JSON form cannot give its published answer, the row of
    docs/formats/botc.md's conventions with the evidence, and the difference it makes:
    how many worlds meeple finds beyond the answer file and short of it."""

    reason: str
    row: str
    extra: int
    missing: int


DEFECTIVE = {
    "puzzle-46-the-princess-diaries": Defect(
        "the JSON cannot state the puzzle's house rule (no night kill on a dead player):"
        " jthemphill's schema has no key for it (meeple's own JSON has, meepleHouseRules),"
        " and the answer file's third world has a sober Gambler who guessed wrong and lived",
        "Puzzle 46",
        0,
        1,
    ),
}
"""The puzzles whose JSON form is defective, by file stem."""


def _named(world: World) -> tuple[tuple[str, str], ...]:
    return tuple(
        (p, character(c).alias) for p, c in zip(world.players, world.characters, strict=True)
    )


def compare(path: Path) -> tuple[str, float]:
    """`match`, `differ: ...`, or `unmodelled: ...`, and the seconds the solve took."""
    puzzle = parse(path.read_text("utf-8"), str(path))
    answers = path.with_name(path.name.removesuffix(".json") + ".solutions.json")
    published = {
        tuple(sorted(solution.characters.items()))
        for solution in parse_solutions(answers.read_text("utf-8"), str(answers))
    }
    start = time.perf_counter()
    try:
        answer = solve(puzzle)
    except Unmodelled as problem:
        return f"unmodelled: {problem.message}", time.perf_counter() - start
    took = time.perf_counter() - start
    found = {
        tuple(sorted((p, character(c).alias) for p, c in zip(w.players, w.characters, strict=True)))
        for w in answer.worlds
    }
    if found == published:
        return "match", took
    defect = DEFECTIVE.get(path.name.removesuffix(".json"))
    if defect is not None and (len(found - published), len(published - found)) == (
        defect.extra,
        defect.missing,
    ):
        return f'defective JSON: {defect.reason} (docs/formats/botc.md, "{defect.row}")', took
    extra = sorted(found - published)[:2]
    missing = sorted(published - found)[:2]
    return f"differ: {len(found)} found, extra {extra}, missing {missing}", took


def main(argv: list[str]) -> int:
    folder = Path(argv[0])
    wanted = argv[1:] or TROUBLE_BREWING
    paths = sorted(
        path
        for path in folder.glob("*.json")
        if not path.name.endswith(".solutions.json")
        and any(path.name.startswith(f"puzzle-{part}-") or part in path.name for part in wanted)
        and path.with_name(path.name.removesuffix(".json") + ".solutions.json").exists()
    )
    matched = 0
    defective = 0
    total = 0.0
    for path in paths:
        verdict, took = compare(path)
        matched += verdict == "match"
        defective += verdict.startswith("defective JSON")
        total += took
        print(f"{path.name[:48]:48} {took * 1000:8.1f} ms  {verdict}")
    print(
        f"{matched} of {len(paths)} match, {defective} defective as documented;"
        f" {total:.2f} s in all"
    )
    return 0 if matched + defective == len(paths) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
