"""Players that are programs: random, greedy and Monte Carlo tree search bots.

Bots talk to the engine protocol (meeple.engine) only, so every game that replays
can be played by them. `make(name, seed)` builds one by name; `choose(state, moves)`
picks one of `moves` (the legal moves, or those left after a hidden draw).
"""

from meeple.bots.players import BOTS, Bot, GreedyBot, MctsBot, RandomBot, legal_choices, make

__all__ = ["BOTS", "Bot", "GreedyBot", "MctsBot", "RandomBot", "legal_choices", "make"]
