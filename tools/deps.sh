#!/bin/sh
# Checks for what `make` and `make test` need and installs it through apt when
# run as root on Debian; otherwise prints the command to run.
# Usage: tools/deps.sh [LUA] [COMMAND:PACKAGE]...
LUA=${1:-lua5.4}
case "$LUA" in
  luajit) pkgs="luajit libluajit-5.1-dev"; inc=/usr/include/luajit-2.1 ;;
  lua5.1) pkgs="lua5.1 liblua5.1-0-dev"; inc=/usr/include/lua5.1 ;;
  *) pkgs="$LUA lib$LUA-dev"; inc=/usr/include/$LUA ;;
esac
missing=""
command -v "$LUA" >/dev/null 2>&1 || missing="$missing $pkgs"
[ -f "$inc/lua.h" ] || missing="$missing $pkgs"
[ -x /usr/bin/busted ] || missing="$missing lua-busted"
command -v cc >/dev/null 2>&1 || missing="$missing gcc"
# further commands a target needs, as COMMAND:PACKAGE (love:love, zip:zip)
[ $# -gt 0 ] && shift
for need in "$@"; do
  command -v "${need%%:*}" >/dev/null 2>&1 || missing="$missing ${need#*:}"
done
[ -z "$missing" ] && exit 0
missing=$(echo $missing | tr ' ' '\n' | sort -u | tr '\n' ' ')
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing:$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null && apt-get install -y -qq $missing >/dev/null || exit 1
else
  echo "missing packages; run: sudo apt-get install -y $missing" >&2
  exit 1
fi
