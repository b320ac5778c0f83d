# Flows (Quortex) records (sourced by examples/demo.sh from this folder).
run meeple check three-players.flows numbered.flows
run meeple check seed-sample.flows || true
run meeple check occupied.flows || true
run meeple show three-players.flows --step 6
run meeple replay --json numbered.flows
run meeple convert three-players.flows --to qgn
run meeple fmt - < messy.flows
