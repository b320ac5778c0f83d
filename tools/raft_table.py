"""Print the Race to the Raft solver's table: each official challenge at one seed, won or
not within a budget in states, the states searched and the CPU time (docs/play.md).

    PYTHONPATH=src python tools/raft_table.py [--seed 1] [--budget 60000]
        [--exhaustive STATES] [NAME ...]

Each challenge is solved on its own, one after another, by the beam search (`meeple
solve`); with --exhaustive, a challenge it does not win is searched again exhaustively
(`meeple solve --exhaustive`) within STATES: won, no win exists, or unknown. A row is
printed, as a Markdown table row, as soon as its searches end.
"""

from __future__ import annotations

import argparse
import time

from meeple.raft import solver
from meeple.raft.components import components
from meeple.raft.notation import parse_challenge


def main() -> None:
    parser = argparse.ArgumentParser(description="The raft solver's table for the 39 challenges.")
    parser.add_argument("names", nargs="*", help="challenges to solve (default: all 39)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=solver.DEFAULT_STATES)
    parser.add_argument("--exhaustive", type=int, default=0, metavar="STATES")
    options = parser.parse_args()
    wanted = {name.casefold() for name in options.names}
    chosen = [c for c in components().challenges if not wanted or c.name.casefold() in wanted]
    unknown = wanted - {c.name.casefold() for c in chosen}
    if unknown:
        parser.error(f"no challenge named {', '.join(sorted(unknown))}")
    print("| challenge | difficulty | result | states searched | CPU seconds |")
    print("| --- | --- | --- | --- | --- |")
    for challenge in chosen:
        parsed = parse_challenge(challenge.challenge)
        began = time.process_time()
        found = solver.solve(parsed, options.seed, options.budget)
        result = f"won, {len(found.moves)} actions" if found.won else "not won"
        states = f"{found.states:,}"
        if not found.won and options.exhaustive:
            found = solver.solve(parsed, options.seed, options.exhaustive, exhaustive=True)
            verdict = "no win exists" if found.exhaustive else "unknown"
            result += f"; exhaustive: {'won' if found.won else verdict}"
            states += f" + {found.states:,}"
        cpu = time.process_time() - began
        print(
            f"| {challenge.name} | {challenge.difficulty} | {result} | {states} | {cpu:.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
