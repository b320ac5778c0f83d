# QGN, the common container (sourced by examples/demo.sh from this folder).
run meeple check carcassonne.qgn
run meeple fmt - < messy.qgn
run meeple check broken.qgn || true
run meeple convert carcassonne.qgn --to qgn
