#!/bin/sh
# bench/scene_instr.sh LUA BUILD: instructions of the scene's calls under
# callgrind (bench/scene_instr.lua): each workload run 2 and 12 times, the
# difference over 10, so building the scene does not count. Hash tables
# keyed by userdata addresses make the counts vary by a few per cent from
# run to run; a change smaller than that is no change.
LUA=${1:-lua5.4}; BUILD=${2:-build/$LUA}
paths="package.path='./lua/?.lua;./lua/?/init.lua;'..package.path; package.cpath='./$BUILD/?.so;'..package.cpath"
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$LUA" -e "$paths" bench/scene_instr.lua "$1" "$2" 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
for op in raycast query move pairs plane; do
  a=$(count "$op" 2); b=$(count "$op" 12)
  case $op in pairs|plane) unit="a frame";; *) unit="200 calls";; esac
  echo "$LUA $op: $(( (b - a) / 10 )) instructions for $unit"
done
