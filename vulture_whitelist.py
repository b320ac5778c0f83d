"""What vulture (`make deadcode`) would call unused in src, and why each lives.

Each line names a definition nothing in src calls, yet that is used: by name at run time,
by a protocol Python or IPython calls, or as public API (docs, tests, benchmarks). Code
nothing uses at all is deleted, not listed here. This file is read by vulture, not run.
"""

from meeple import engine, gorand
from meeple.atlantis import generate
from meeple.atlantis.game import Atlantis
from meeple.atlantis.rules import State as AtlantisState
from meeple.botc.game import Botc
from meeple.botc.puzzle import jsonform, model, notation, phrases
from meeple.botc.script import Script
from meeple.flows import board, routes, sweep
from meeple.flows.game import Flows
from meeple.qgn.game import Qgn
from meeple.qgn.model import Snapshot
from meeple.raft import notation as raft_notation
from meeple.raft.game import Raft
from meeple.viewer.page import Notebook

# Each game's `Game`, imported by the registry from its "module:Class" (registry.GAMES).
_ = (Atlantis, Botc, Flows, Qgn, Raft)

# The engine protocol (docs/architecture.md): every state answers it, the generic code
# asks `violation`; `is_legal` is for callers.
_ = engine.GameState.is_legal
# Public engine API, used by tests and benchmarks.
_ = (engine.STATUSES, engine.play_all)

# IPython's display protocol calls it.
_ = Notebook._repr_html_

# Go's math/rand, method for method (docs/architecture.md, "Go's random numbers").
_ = (gorand.GoRand.int_, gorand.GoRand.float32, gorand.GoRand.perm)

# Public API of a game, documented and tested: random legal Atlantis games (tests and
# benchmarks/bench_atlantis.py), a whole Atlantis turn at once, the seed's raft strings,
# QGN's actions one field at a time, the Flows board edges and rule the tests check
# piece by piece (and benchmarks/bench_flows.py times).
_ = (generate.random_game, AtlantisState.play_turn)
_ = (raft_notation.parse_decks, raft_notation.parse_hand)
_ = (raft_notation.parse_fire_bag, raft_notation.format_fire_bag)
_ = Snapshot.action_columns
_ = (board.edge_hexes, board.edge_slots, sweep.sweep_routes)
_ = routes.PlacementRule.legal_rotations

# Blood on the Clocktower puzzles: fields read and written by name through the notation's
# and JSON form's field tables (`Part("evilDirection", "clockwise", ...)`), an event's
# `dies` (tests), and the documented, tested readers and writers.
_ = (model.Shot.game_continued, model.Direction.clockwise, model.Event.dies)
# A solution's drunk players by time, a field docs/formats/botc.md documents.
_ = model.Solution.drunk_at
_ = (jsonform.parse_solutions, notation.parse_answers, notation.dump_answers)
_ = (phrases.read_sentence, Script.expected_counts)

# A new game's `replay` in one line (docs/adding-a-game.md's game, tested by
# tests/core/test_adding_a_game.py): public API for games outside meeple.
_ = engine.replayed
