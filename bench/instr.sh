#!/bin/sh
# bench/instr.sh LUA BUILD: instructions per call of every narrow-phase test
# and cast, counted by callgrind (repeatable whatever else the machine does),
# beside the floor (an empty C call on two userdata) and the bare loop.
LUA=${1:-lua5.4}; BUILD=${2:-build/$LUA}; N=100000
paths="package.path='./lua/?.lua;./lua/?/init.lua;./bench/?.lua;'..package.path; package.cpath='./$BUILD/?.so;./$BUILD/bench/?.so;'..package.cpath"
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$LUA" -e "$paths" bench/instr.lua "$1" "$2" 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
per_call() { a=$(count "$1" $N); b=$(count "$1" $((N * 2))); echo $(( (b - a) / N )); }
floor=$(per_call floor)
loop=$(per_call loop)
echo "$LUA: instructions per call (callgrind), floor = empty C call on two userdata = $floor, empty Lua function = $loop"
printf '%-30s %8s %8s\n' test instr "x floor"
kinds="aabb obb plane triangle ray sphere"
tests=""
i=0
for a in $kinds; do
  j=0
  for b in $kinds; do [ $j -ge $i ] && tests="$tests intersects_$a-$b"; j=$((j + 1)); done
  i=$((i + 1))
done
for k in aabb obb sphere triangle plane; do tests="$tests ray:cast_$k"; done
for t in $tests; do
  c=$(per_call "$t")
  printf '%-30s %8d %7s\n' "$t" "$c" "$(echo "scale=2; $c / $floor" | bc)x"
done
