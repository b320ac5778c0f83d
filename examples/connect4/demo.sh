# Connect Four as quibbble records it (sourced by examples/demo.sh from this folder).
run meeple check win.qgn full-board.qgn three-teams.qgn
run meeple show win.qgn
run meeple show full-board.qgn
run meeple check illegal.qgn || true
run meeple replay --json three-teams.qgn
