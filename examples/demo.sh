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
