#!/bin/sh
# make test-love: runs love/main.lua in a real, headless LÖVE 11 with the
# LuaJIT build, five ways: from the tree; as a game folder holding collide/;
# as a zipped .love beside collide/core.so; as a .love with collide/core.so
# in the game's save directory; as a fused executable (the LÖVE binary with
# the .love appended) beside collide/core.so. Fails unless every
# run exits 0 and every run took LuaJIT's FFI path (collide.info().ffi).
# Needs build/luajit/collide/core.so (make LUA=luajit), love, zip.
#
# make test-dist: tools/test_love.sh ZIP WINDIR takes collide/ from the
# release archive ZIP instead, and main.lua is the lines README-LOVE.txt
# (in ZIP) gives followed by love/main.lua; the same layouts but the tree
# are run. Then the archive's core.dll, in a collide folder beside
# WINDIR's luajit.exe (LuaJIT for Windows, lua51.dll) as README-LOVE.txt
# says for a fused Windows game, is loaded by that LuaJIT under $WINE with
# the archive's Lua files, and must pass love/suite.lua through the FFI.
set -e
cd "$(dirname "$0")/.."
top=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
zip=$1 windir=$2
if [ -n "$zip" ]; then
  case $zip in /*) ;; *) zip=$top/$zip ;; esac
  unzip -q "$zip" -d "$tmp/zip"
  so=$tmp/zip/collide/core.so
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
  luadir=$top/lua/collide
  main=$top/love/main.lua
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
}

[ -n "$zip" ] || run "$love" "$top/love"

# a game folder: the archive unzipped into it, or the tree's files
mkdir -p "$tmp/game/collide"
if [ -n "$zip" ]; then (cd "$tmp/game" && unzip -q "$zip"); else cp "$luadir"/*.lua "$so" "$tmp/game/collide/"; fi
cp love/conf.lua love/suite.lua "$main" "$tmp/game/"
run "$love" "$tmp/game"

mkdir -p "$tmp/dist/collide"
(cd "$tmp/game" && zip -q -r "$tmp/dist/game.love" ./*.lua collide/*.lua)
cp "$so" "$tmp/dist/collide/"
run "$love" "$tmp/dist/game.love"

# the save directory: LÖVE's C loader looks there (the identity is
# love/conf.lua's)
save="$tmp/xdg/love/collide-test"
mkdir -p "$save/collide"
mv "$tmp/dist/collide/core.so" "$save/collide/"
run "$love" "$tmp/dist/game.love"
mv "$save/collide/core.so" "$tmp/dist/collide/"

cat "$love" "$tmp/dist/game.love" > "$tmp/dist/game"
chmod +x "$tmp/dist/game"
rm "$tmp/dist/game.love"
run "$tmp/dist/game"

[ -n "$windir" ] || exit 0
# Windows: LuaJIT's default package.cpath has !\?.dll, the executable's
# folder; the Lua files are found as LÖVE's loader finds them in a game
win=$tmp/win
mkdir -p "$win/collide" "$win/game/collide"
cp "$windir/luajit.exe" "$windir/lua51.dll" "$win/"
cp "$tmp/zip/collide/core.dll" "$win/collide/"
cp "$luadir"/*.lua "$win/game/collide/"
cp love/suite.lua "$win/game/"
printf "== %s (wine), collide/core.dll beside it\n" "$windir/luajit.exe"
(cd "$win/game" && timeout 300 $WINE ../luajit.exe -e '
package.path = "./?.lua;./?/init.lua"
local collide = require "collide"
print("collide.core loaded from " .. package.searchpath("collide.core", package.cpath))
print("collide.intersects through " .. (collide.intersects ~= require("collide.core").intersects
  and "LuaJIT'"'"'s FFI" or "the Lua C API"))
local passed, failed, skipped = require("suite")(print)
print(string.format("wine: %d passed, %d failed, %d skipped", passed, failed, skipped))
os.exit(failed == 0 and 0 or 1)') > "$tmp/out" 2>&1 \
  || { cat "$tmp/out"; echo "test-love: luajit.exe under wine failed" >&2; exit 1; }
grep -v '^ok\|^pass' "$tmp/out" | head -n 20
grep -q "collide.intersects through LuaJIT's FFI" "$tmp/out" \
  || { echo "test-love: luajit.exe under wine did not take the FFI path" >&2; exit 1; }
grep -q 'collide.core loaded from .*\\collide\\core.dll' "$tmp/out" \
  || { echo "test-love: luajit.exe did not load the DLL beside it" >&2; exit 1; }
