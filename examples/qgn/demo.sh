# QGN, the common container (sourced by examples/demo.sh from this folder).
# unknown-game.qgn is the QGN seed's example with a key meeple has no rules for: checked
# as QGN alone. carcassonne.qgn is the seed's example itself; meeple knows quibbble's
# carcassonne, so it is played as one and found to be none (its actions are not
# quibbble's carcassonne actions).
run meeple check unknown-game.qgn
run meeple check carcassonne.qgn || true
run meeple fmt - < messy.qgn
run meeple check broken.qgn || true
run meeple convert unknown-game.qgn --to qgn
