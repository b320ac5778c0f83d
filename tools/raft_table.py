"""Print the Race to the Raft solver's table: each official challenge at one seed, won or
not within a budget in states, the states searched and the CPU time (docs/play.md).

    PYTHONPATH=src python tools/raft_table.py [--seed 1] [--budget 60000] [NAME ...]

Each challenge is solved on its own, one after another; a row is printed as soon as its
search ends, as a Markdown table row.
"""

from __future__ import annotations

import argparse
import time

from meeple.raft import solver
from meeple.raft.components import components
from meeple.raft.notation import parse_challenge


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="challenges to solve (default: all 39)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=solver.DEFAULT_STATES)
    options = parser.parse_args()
    wanted = {name.casefold() for name in options.names}
    chosen = [c for c in components().challenges if not wanted or c.name.casefold() in wanted]
    if wanted - {c.name.casefold() for c in chosen}:
        parser.error(f"no challenge named {', '.join(sorted(wanted))}")
    print("| challenge | difficulty | result | states searched | CPU seconds |")
    print("| --- | --- | --- | --- | --- |")
    for challenge in chosen:
        began = time.process_time()
        found = solver.solve(parse_challenge(challenge.challenge), options.seed, options.budget)
        cpu = time.process_time() - began
        result = f"won, {len(found.moves)} actions" if found.won else "not won"
        print(
            f"| {challenge.name} | {challenge.difficulty} | {result} | {found.states:,}"
            f" | {cpu:.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
