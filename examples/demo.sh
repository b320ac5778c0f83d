#!/bin/sh
# `make demo`: what meeple does, on the bundled example records (one folder per game).
set -e
cd "$(dirname "$0")"
run() { printf '\n$ %s\n' "$*"; "$@"; }
run meeple formats
for demo in */demo.sh; do
    printf '\n### %s\n' "$(dirname "$demo")"
    (cd "$(dirname "$demo")" && . ./demo.sh)
done

printf '\n### every game at once\n'
run meeple check . --jobs 2 || true
viewers=$(mktemp -d "${TMPDIR:-/tmp}/meeple-viewers.XXXXXX")
for record in flows/three-players.flows raft/crossed-paths.raft atlantis/game.json \
              botc/twelve.botc qgn/unknown-game.qgn tictactoe/win.qgn connect4/win.qgn \
              tsuro/snapshot.qgn onitama/win.qgn indigo/game.qgn stratego/flag.qgn \
              carcassonne/game.qgn; do
    meeple html "$record" -o "$viewers/$(dirname "$record")-$(basename "$record").html" 2>/dev/null || true
done
printf '\nOne HTML viewer per example game (open them in a browser, no network needed):\n'
ls "$viewers"/*.html
