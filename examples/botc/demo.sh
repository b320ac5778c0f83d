# Blood on the Clocktower (sourced by examples/demo.sh from this folder).
run meeple check twelve.botc
run meeple check twelve.botc --script trouble-brewing
run meeple check twelve.botc --bag "{baron butler chef drunk imp librarian mayor monk poisoner scarlet_woman slayer spy}"
run meeple show twelve.botc --layout balanced --columns
run meeple convert twelve.botc --to botc-ascii --layout compact
run meeple convert seed.grimoire --to botc
run meeple convert twelve.botc --to qgn
run meeple fmt - < bag.botc
run meeple check broken.botc || true
run meeple check broken.grimoire || true
