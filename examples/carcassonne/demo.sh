# Carcassonne as quibbble records it (sourced by examples/demo.sh from this folder).
run meeple check game.qgn four-teams.qgn opening.qgn
run meeple show opening.qgn
run meeple moves opening.qgn
run meeple check illegal.qgn || true
run meeple show game.qgn --step 40
