# Onitama as quibbble records it (sourced by examples/demo.sh from this folder).
run meeple check win.qgn temple.qgn stuck.qgn
run meeple show temple.qgn
run meeple check illegal.qgn || true
run meeple replay --json stuck.qgn
run meeple moves win.qgn --step 1
