# Atlantis transcripts (sourced by examples/demo.sh from this folder).
run meeple check game.json
run meeple show game.json --step 4
run meeple replay handwritten.json5
run meeple fmt - < handwritten.json5 || true        # comments: refused, saying why
run meeple fmt --drop-comments - < handwritten.json5
run meeple check broken.json5 || true
run meeple check illegal.json5 || true
run meeple convert handwritten.json5 --to qgn
