#!/bin/sh
# make test-love: runs love/main.lua in a real, headless LÖVE 11 with the
# LuaJIT build: from the tree; then the LÖVE recipe (doc/love.md: the
# lines tools/dist/README-LOVE.txt gives at the top of main.lua, the
# binary in collide/Linux-x64/) as a game folder; as a zipped .love beside
# collide/; as a .love with the binary in the game's save directory; as a
# fused executable (the LÖVE binary with the .love appended) beside
# collide/; each started from a folder that is not the game's; and the
# .love with a window, under Xvfb, started from another folder again.
# Fails unless every run exits 0, loaded the binary through the lines and
# took LuaJIT's FFI path (collide.info().ffi). Needs
# build/luajit/collide/core.so (make LUA=luajit), love, zip, xvfb-run.
#
# make test-dist: tools/test_love.sh ZIP WINDIR ARM64DIR takes collide/
# from the release archive ZIP instead, its binary for Linux x86-64 in
# collide/Linux-x64/, and main.lua is the lines README-LOVE.txt (in ZIP)
# gives followed by love/main.lua; the same layouts but the tree are run.
# Then the archive's Windows DLL is loaded through the same lines by
# WINDIR's luajit.exe (LuaJIT for Windows) under $WINE, and its Linux arm64
# module by ARM64DIR's luajit (LuaJIT for arm64) under $QEMU, each with a
# stand-in for the three love.filesystem functions the lines call, the
# collide/ folder beside the executable as for a fused game, and the
# archive's Lua files; each must pass love/suite.lua through the FFI.
set -e
cd "$(dirname "$0")/.."
top=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
zip=$1 windir=$2
if [ -n "$zip" ]; then
  case $zip in /*) ;; *) zip=$top/$zip ;; esac
  unzip -q "$zip" -d "$tmp/zip"
  so=$tmp/zip/collide/Linux-x64/core.so
  native=collide/Linux-x64
  luadir=$tmp/zip/collide
  # README-LOVE.txt's lines for main.lua, as written there (indented by 4)
  sed -n '/^    -- at the top of main.lua/,/^    local collide = require "collide"/s/^    //p' \
    "$tmp/zip/README-LOVE.txt" > "$tmp/main.lua"
  grep -q '^local collide = require "collide"' "$tmp/main.lua" \
    || { echo "test-love: no main.lua lines in README-LOVE.txt" >&2; exit 1; }
  cat love/main.lua >> "$tmp/main.lua"
  main=$tmp/main.lua
else
  so=$top/build/luajit/collide/core.so
  native=collide/Linux-x64
  luadir=$top/lua/collide
  # the same lines, from the archive's text in the tree
  sed -n '/^    -- at the top of main.lua/,/^    local collide = require "collide"/s/^    //p' \
    tools/dist/README-LOVE.txt > "$tmp/main.lua"
  grep -q '^local collide = require "collide"' "$tmp/main.lua" \
    || { echo "test-love: no main.lua lines in tools/dist/README-LOVE.txt" >&2; exit 1; }
  cat love/main.lua >> "$tmp/main.lua"
  main=$tmp/main.lua
fi
[ -f "$so" ] || { echo "test-love: $so missing (make LUA=luajit)" >&2; exit 1; }
love=$(command -v love)

# no display, no sound: conf.lua turns those modules off; the save directory
# goes to the temporary folder
run() {
  echo "== $*"
  (cd "$tmp" && env -u DISPLAY -u WAYLAND_DISPLAY XDG_DATA_HOME="$tmp/xdg" \
     SDL_AUDIODRIVER=dummy timeout 120 "$@") >"$tmp/out" 2>&1 || { cat "$tmp/out"; echo "test-love: $* failed" >&2; exit 1; }
  cat "$tmp/out"
  grep -q "FFI path on," "$tmp/out" \
    || { echo "test-love: $* did not take the FFI path" >&2; exit 1; }
  [ "$1" = "$love" ] && [ "$2" = "$top/love" ] || grep -q "loaded from package.preload" "$tmp/out" \
    || { echo "test-love: $* did not load the binary through README-LOVE.txt's lines" >&2; exit 1; }
}

[ -n "$zip" ] || run "$love" "$top/love"

# a game folder: the archive unzipped into it, or the tree's files
mkdir -p "$tmp/game/collide"
if [ -n "$zip" ]; then
  (cd "$tmp/game" && unzip -q "$zip")
else
  mkdir -p "$tmp/game/$native"
  cp "$luadir"/*.lua "$tmp/game/collide/"
  cp "$so" "$tmp/game/$native/"
fi
cp love/conf.lua love/suite.lua "$main" "$tmp/game/"
run "$love" "$tmp/game"

mkdir -p "$tmp/dist/$native"
(cd "$tmp/game" && zip -q -r "$tmp/dist/game.love" ./*.lua collide/*.lua)
cp "$so" "$tmp/dist/$native/"
run "$love" "$tmp/dist/game.love"

# the save directory (the identity is love/conf.lua's): the archive's
# lines look there, and so does LÖVE's own C loader
save="$tmp/xdg/love/collide-test"
mkdir -p "$save/$native"
mv "$tmp/dist/$native/core.so" "$save/$native/"
run "$love" "$tmp/dist/game.love"
mv "$save/$native/core.so" "$tmp/dist/$native/"

# with a window, under a virtual X server, from yet another folder: the
# game as a player starts it from a desktop shortcut
mkdir -p "$tmp/window" "$tmp/elsewhere"
cp "$main" "$tmp/window/main.lua"
cp love/suite.lua "$tmp/window/"
printf 'function love.conf(t)\n  t.identity = "collide-window"\n  t.window.width, t.window.height = 320, 200\nend\n' \
  > "$tmp/window/conf.lua"
(cd "$tmp/game" && cp -r collide "$tmp/window/")
(cd "$tmp/window" && zip -q -r "$tmp/dist/window.love" ./*.lua collide/*.lua)
echo "== xvfb-run love $tmp/dist/window.love (a window, from $tmp/elsewhere)"
(cd "$tmp/elsewhere" && XDG_DATA_HOME="$tmp/xdg" SDL_AUDIODRIVER=dummy \
   timeout 120 xvfb-run -a -s "-screen 0 640x480x24" "$love" "$tmp/dist/window.love") >"$tmp/out" 2>&1 \
  || { cat "$tmp/out"; echo "test-love: the .love with a window failed" >&2; exit 1; }
grep -v -e '^ALSA lib' -e '^AL lib' -e '^Could not open device' -e '^ok' -e '^pass' "$tmp/out" | head -n 20
grep -q "FFI path on," "$tmp/out" && grep -q "loaded from package.preload" "$tmp/out" \
  || { echo "test-love: the .love with a window did not load the binary through the lines" >&2; exit 1; }
rm "$tmp/dist/window.love"

cat "$love" "$tmp/dist/game.love" > "$tmp/dist/game"
chmod +x "$tmp/dist/game"
rm "$tmp/dist/game.love"
run "$tmp/dist/game"

[ -n "$windir" ] || exit 0
# the archive's other binaries through README-LOVE.txt's lines, by LuaJIT
# for their system: $1 the label, $2 the command that runs an interpreter
# there, $3 its folder, $4 the system folder, $5 the file, $6 the folder
# as that interpreter names it
other() {
  dir=$tmp/$1
  rm -rf "$dir" && mkdir -p "$dir/collide/$4" "$dir/game/collide"
  cp "$3"/* "$dir/" 2>/dev/null || true
  cp "$tmp/zip/collide/$4/$5" "$dir/collide/$4/"
  cp "$luadir"/*.lua "$dir/game/collide/"
  cp love/suite.lua "$dir/game/"
  { echo '-- a stand-in for the love.filesystem functions the lines call'
    printf 'local base = [[%s]]\n' "$6"
    echo 'love = { filesystem = { getSource = function() return base .. "/game" end,'
    echo '  getSourceBaseDirectory = function() return base end,'
    echo '  getSaveDirectory = function() return base .. "/save" end } }'
    echo 'package.path, package.cpath = "./?.lua;./?/init.lua", ""'
    sed -n '/^-- at the top of main.lua/,/^local collide = require "collide"/p' "$tmp/main.lua"
    echo 'assert(package.preload["collide.core"], "the lines loaded no binary")'
    echo 'print("collide.intersects through " .. (collide.info().ffi and "the FFI" or "the Lua C API"))'
    echo 'local passed, failed, skipped = require("suite")(print)'
    echo 'print(string.format("%d passed, %d failed, %d skipped", passed, failed, skipped))'
    echo 'os.exit(failed == 0 and 0 or 1)'; } > "$dir/game/main.lua"
  printf "== %s, %s beside it through README-LOVE.txt's lines\n" "$1" "collide/$4/$5"
  (cd "$dir/game" && timeout 300 $2 main.lua) > "$tmp/out" 2>&1 \
    || { cat "$tmp/out"; echo "test-love: $1 failed" >&2; exit 1; }
  grep -v '^ok\|^pass' "$tmp/out" | head -n 20
  grep -q "collide.intersects through the FFI" "$tmp/out" \
    || { echo "test-love: $1 did not take the FFI path" >&2; exit 1; }
}
winpath=$(echo "Z:$tmp/win" | sed 's|/|\\|g')
other win "$WINE ../luajit.exe" "$windir" Windows-x64 core.dll "$winpath"
[ -n "$3" ] || exit 0
other arm64 "$QEMU ../luajit" "$3" Linux-arm64 core.so "$tmp/arm64"
