"""Players that are programs: random, greedy, Monte Carlo tree search and perfect bots,
and engines (programs outside meeple speaking QGN, refereed by meeple).

Bots talk to the engine protocol (meeple.engine) only, so every game that replays
can be played by them. `make(name, seed)` builds one by name (`cmd:COMMAND` for an
engine); `choose(state, moves)` picks one of `moves` (the legal moves, or those left
after a hidden draw). `default_for(game)` is the bot a game is played against unless
told otherwise.
"""

from meeple.bots.engines import EngineBot, EngineFailed
from meeple.bots.perfect import PerfectBot
from meeple.bots.players import (
    BOTS,
    Bot,
    GreedyBot,
    MctsBot,
    RandomBot,
    default_for,
    legal_choices,
    make,
)

__all__ = [
    "BOTS",
    "Bot",
    "EngineBot",
    "EngineFailed",
    "GreedyBot",
    "MctsBot",
    "PerfectBot",
    "RandomBot",
    "default_for",
    "legal_choices",
    "make",
]
