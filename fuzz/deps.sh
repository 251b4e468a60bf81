#!/bin/sh
# Installs the tools of mk/hostile.mk that a fresh Debian machine lacks, when
# run as root; otherwise prints the command to run.
#   sh fuzz/deps.sh fuzz|sanitize|valgrind|lint
need=""
have() { command -v "$1" >/dev/null 2>&1; }
case "$1" in
  fuzz)
    have clang || need="$need clang"
    # libFuzzer's runtime (libclang_rt.fuzzer) comes with libclang-rt-14-dev
    ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 \
      || need="$need libclang-rt-14-dev" ;;
  sanitize)
    have gcc || need="$need gcc"
    [ -f "$(gcc -print-file-name=libasan.so 2>/dev/null)" ] || need="$need libasan8"
    [ -f "$(gcc -print-file-name=libubsan.so 2>/dev/null)" ] || need="$need libubsan1" ;;
  valgrind) have valgrind || need="$need valgrind" ;;
  lint)
    have cppcheck || need="$need cppcheck"
    have clang-tidy || need="$need clang-tidy" ;;
  *) echo "usage: $0 fuzz|sanitize|valgrind|lint" >&2; exit 2 ;;
esac
[ -z "$need" ] && exit 0
if [ "$(id -u)" = 0 ] && have apt-get; then
  echo "installing:$need"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null && apt-get install -y -qq $need >/dev/null || exit 1
else
  echo "missing packages; run: sudo apt-get install -y$need" >&2
  exit 1
fi
