# Race to the Raft (sourced by examples/demo.sh from this folder).
run meeple check crossed-paths.raft one-step.raft lost.raft
run meeple show crossed-paths.raft --step 4
run meeple replay one-step.raft
run meeple replay lost.raft --json
run meeple check illegal.raft || true
run meeple check malformed.raft || true
run meeple check seed-board.raftstate
run meeple convert crossed-paths.raft --to qgn
