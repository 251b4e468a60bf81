#!/bin/sh
# bench/world_instr.sh LUA BUILD: instructions per character update (ch:move
# and the script's own loop, about 3,000 of them) on the three levels of
# bench/world.lua, counted by callgrind: the script walked once and twice,
# the difference over its 1,140 frames, so building the level does not
# count. Repeatable whatever else the machine does, unlike its times.
LUA=${1:-lua5.4}; BUILD=${2:-build/$LUA}; FRAMES=1140
paths="package.path='./lua/?.lua;./lua/?/init.lua;./bench/?.lua;'..package.path; package.cpath='./$BUILD/?.so;'..package.cpath"
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$LUA" -e "$paths" bench/world.lua walk "$1" "$2" 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
for level in boxes17 boxes10k mesh; do
  a=$(count "$level" 1); b=$(count "$level" 2)
  echo "$LUA $level: $(( (b - a) / FRAMES )) instructions per update"
done
