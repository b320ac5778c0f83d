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
# The storyteller's tools: legal bags, a seated set-up, a game trace.
run meeple botc bags --players 12 --count-only
run meeple botc bags --players 8 --count 3 --seed 7
run meeple botc setup "{baron butler chef drunk imp librarian monk saint}" --names Ann,Ben,Cat,Dan,Eli,Fay,Gus,Hal --seed 1
run meeple check bag.botc --players 5
run meeple check bag.botc --players 6 || true
run meeple check game.trace
# A custom script as the official Script Tool writes it (one homebrew character).
run meeple check my-script.json
run meeple botc characters --script my-script.json
run meeple botc night --script my-script.json --first
run meeple botc bags --script my-script.json --players 10 --count 2 --seed 4
run meeple show game.trace --step 9
# A logic puzzle (issue 40): who is the Demon? Every world, one explained, the author's check.
run meeple botc solve no-your-other-left.puzzle
run meeple botc solve no-your-other-left.puzzle --explain Tim || true
run meeple check no-your-other-left.puzzle
