#!/bin/sh
# make love-example: the LÖVE example game (examples/love) in a real LÖVE
# 11 with the LuaJIT build, headless under Xvfb (software OpenGL): it plays
# its fixed script at 60 Hz, saves a screenshot of the character standing
# in the lit trigger zone on the one-way ledge, and quits. Fails unless the
# game exits 0, printed the events the script must meet (slid on the
# ice, landed on the ledge from below, entered and left the zone, picked
# up the coin, pushed the crate against the wall) and the screenshot is a
# PNG of the window's size.
#
# make love-rollback: with --rollback, the rollback example
# (examples/rollback) instead: its two peers play their match, it saves a
# screenshot of both side by side while their predictions differ, prints
# its summary and quits. Fails unless the game exits 0 (the peers agreed
# on every confirmed frame), its summary is examples/rollback/expected.txt
# line for line (LÖVE's LuaJIT gives the bits plain Lua does) and the
# screenshot is a PNG of the window's size.
#
#   tools/love_example.sh [--rollback] [OUT.png]
#       (default build/love-example.png, build/love-rollback.png;
#        make love-example SHOT=doc/img/love-example.png and
#        make love-rollback ROLLBACK_SHOT=doc/img/rollback.png renew the
#        docs' pictures)
set -e
cd "$(dirname "$0")/.."
name=love-example game=examples/love
if [ "$1" = --rollback ]; then
  name=love-rollback game=examples/rollback
  shift
fi
out=${1:-build/$name.png}
mkdir -p "$(dirname "$out")"
case $out in /*) ;; *) out=$PWD/$out ;; esac
rm -f "$out"
log=$(mktemp)
want=$(mktemp)
trap 'rm -f "$log" "$want"' EXIT
# LÖVE finds no sound card here: its audio module is off in conf.lua, and
# what OpenAL says on the way is dropped
timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" love $game --shot "$out" > "$log" 2>&1 \
  || { cat "$log" >&2; echo "$name: the game failed" >&2; exit 1; }
grep -v -e '^ALSA lib' -e '^AL lib' -e '^Could not open device' "$log" || true
if [ $name = love-rollback ]; then
  cp examples/rollback/expected.txt "$want"
else
  printf '%s\n' "sliding on the ice" "landed on the one-way ledge from below" "enter zone player" "exit zone player" \
    "picked up the coin" "pushing the crate" "the crate is against the wall" \
    "done: landed true, zone lit false, coin taken" > "$want"
fi
echo "screenshot $out" >> "$want"
while IFS= read -r line; do
  grep -qxF "$line" "$log" || { echo "$name: missing: $line" >&2; exit 1; }
done < "$want"
# a PNG of 1024 x 420 (both games' window): the signature, then IHDR's
# width and height
[ "$(od -An -tx1 -N8 "$out" | tr -d ' \n')" = 89504e470d0a1a0a ] \
  || { echo "$name: $out is not a PNG" >&2; exit 1; }
[ "$(od -An -tx1 -j16 -N8 "$out" | tr -d ' \n')" = 00000400000001a4 ] \
  || { echo "$name: $out is not 1024 x 420" >&2; exit 1; }
if [ $name = love-rollback ]; then
  echo "$name: the summary is examples/rollback/expected.txt; $out"
else
  echo "$name: the script's events met; $out"
fi
