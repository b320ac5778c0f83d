# Stratego as quibbble records it (sourced by examples/demo.sh from this folder).
run meeple check flag.qgn classic.qgn immobile.qgn draw.qgn
run meeple show flag.qgn
run meeple check illegal.qgn || true
run meeple replay --json stuck.qgn
run meeple moves classic.qgn --step 3
