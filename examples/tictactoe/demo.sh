# Tic-tac-toe as quibbble records it (sourced by examples/demo.sh from this folder).
run meeple check win.qgn draw.qgn
run meeple show win.qgn
run meeple check illegal.qgn || true
run meeple replay --json draw.qgn
