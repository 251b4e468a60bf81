#!/bin/sh
# make love-example: the LÖVE example game (examples/love) in a real LÖVE
# 11 with the LuaJIT build, headless under Xvfb (software OpenGL): it plays
# its fixed script at 60 Hz, saves a screenshot of the character standing
# in the lit trigger zone on the one-way ledge, and quits. Fails unless the
# game exits 0, printed the events the script must meet (landed on the
# ledge from below, entered and left the zone, picked up the coin) and the
# screenshot is a PNG of the window's size.
#
#   tools/love_example.sh [OUT.png]   (default build/love-example.png;
#                                      make love-example SHOT=doc/img/love-example.png
#                                      renews the README's picture)
set -e
cd "$(dirname "$0")/.."
out=${1:-build/love-example.png}
mkdir -p "$(dirname "$out")"
case $out in /*) ;; *) out=$PWD/$out ;; esac
rm -f "$out"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# LÖVE finds no sound card here: its audio module is off in conf.lua, and
# what OpenAL says on the way is dropped
timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" love examples/love --shot "$out" > "$log" 2>&1 \
  || { cat "$log" >&2; echo "love-example: the game failed" >&2; exit 1; }
grep -v -e '^ALSA lib' -e '^AL lib' -e '^Could not open device' "$log" || true
for line in "landed on the one-way ledge from below" "enter zone player" "exit zone player" \
            "picked up the coin" "screenshot $out" "done: landed true, zone lit false, coin taken"; do
  grep -qxF "$line" "$log" || { echo "love-example: missing: $line" >&2; exit 1; }
done
# a PNG of 1024 x 420: the signature, then IHDR's width and height
[ "$(od -An -tx1 -N8 "$out" | tr -d ' \n')" = 89504e470d0a1a0a ] \
  || { echo "love-example: $out is not a PNG" >&2; exit 1; }
[ "$(od -An -tx1 -j16 -N8 "$out" | tr -d ' \n')" = 00000400000001a4 ] \
  || { echo "love-example: $out is not 1024 x 420" >&2; exit 1; }
echo "love-example: the script's events met; $out"
