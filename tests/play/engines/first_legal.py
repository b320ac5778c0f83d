"""A test engine that plays the first legal move, with meeple's own rules.

It reads the drawn tile from the `draw` tag (Flows), and ends a turn of several moves
(Atlantis) as soon as it may.
"""

import sys

import meeple

record = sys.stdin.read()
state = meeple.replay(record, "qgn")[-1]
draw = meeple.loads(record, "qgn").tags.get("draw")
player = state.to_move
moves = state.legal_moves_after(draw) if draw else state.legal_moves()
state = state.play(moves[0])
while state.to_move == player:
    moves = state.legal_moves()
    ends = [move for move in moves if state.move_to_text(move) == "end"]
    state = state.play((ends or moves)[0])
print(meeple.dumps(state.record(), "qgn"))
