# Tsuro as quibbble records it (sourced by examples/demo.sh from this folder).
run meeple check snapshot.qgn win.qgn
run meeple show snapshot.qgn
run meeple check illegal.qgn || true
run meeple moves snapshot.qgn --step 6
run meeple replay --json win.qgn
