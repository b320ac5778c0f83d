# Blood on the Clocktower (sourced by examples/demo.sh from this folder).
run meeple check twelve.botc
run meeple check twelve.botc --script trouble-brewing
run meeple show twelve.botc --layout balanced --columns
run meeple convert seed.grimoire --to botc
run meeple fmt - < bag.botc
run meeple check broken.botc || true
run meeple check broken.grimoire || true
