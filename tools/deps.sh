#!/bin/sh
# Checks for what a make target needs and installs the missing Debian
# packages through apt when run as root; otherwise prints the command to run.
# The one installer of the project: every target that needs a package
# calls it.
#
# Usage: tools/deps.sh LUA [NEED]...
#   LUA             the interpreter, with its headers, busted and a C
#                   compiler; "-" for a target that runs no Lua
#   COMMAND:PACKAGE a command and the package that has it (love:love)
#   /PATH:PACKAGE   a file and the package that has it (a header)
#   sanitize        gcc with the ASan and UBSan runtimes
#   fuzz            clang with libFuzzer's runtime
LUA=${1:-lua5.4}
missing=""
have() { command -v "$1" >/dev/null 2>&1; }
if [ "$LUA" != "-" ]; then
  case "$LUA" in
    # built from third_party by mk/lua55.mk: no package, no header to check
    lua5.5) pkgs=""; inc="" ;;
    luajit) pkgs="luajit libluajit-5.1-dev"; inc=/usr/include/luajit-2.1 ;;
    lua5.1) pkgs="lua5.1 liblua5.1-0-dev"; inc=/usr/include/lua5.1 ;;
    *) pkgs="$LUA lib$LUA-dev"; inc=/usr/include/$LUA ;;
  esac
  if [ -n "$pkgs" ]; then
    have "$LUA" || missing="$missing $pkgs"
    [ -f "$inc/lua.h" ] || missing="$missing $pkgs"
  fi
  [ -x /usr/bin/busted ] || missing="$missing lua-busted"
  have cc || missing="$missing gcc"
fi
[ $# -gt 0 ] && shift
for need in "$@"; do
  case "$need" in
    sanitize)
      have gcc || missing="$missing gcc"
      [ -f "$(gcc -print-file-name=libasan.so 2>/dev/null)" ] || missing="$missing libasan8"
      [ -f "$(gcc -print-file-name=libubsan.so 2>/dev/null)" ] || missing="$missing libubsan1" ;;
    fuzz)
      have clang || missing="$missing clang"
      # libFuzzer's runtime (libclang_rt.fuzzer) comes with libclang-rt-14-dev
      ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 \
        || missing="$missing libclang-rt-14-dev" ;;
    /*) [ -e "${need%%:*}" ] || missing="$missing ${need#*:}" ;;
    *:*) have "${need%%:*}" || missing="$missing ${need#*:}" ;;
    *) echo "$0: unknown need '$need'" >&2; exit 2 ;;
  esac
done
[ -z "$missing" ] && exit 0
missing=$(echo $missing | tr ' ' '\n' | sort -u | tr '\n' ' ')
if [ "$(id -u)" = 0 ] && have apt-get; then
  echo "installing: $missing"
  export DEBIAN_FRONTEND=noninteractive
  # CI runs targets side by side: one apt at a time
  if have flock; then exec 9> /var/lock/collide-deps.lock && flock 9; fi
  apt-get update -qq >/dev/null && apt-get install -y -qq $missing >/dev/null || exit 1
else
  echo "missing packages; run: sudo apt-get install -y $missing" >&2
  exit 1
fi
