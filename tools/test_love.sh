#!/bin/sh
# make test-love: runs love/main.lua in a real, headless LÖVE 11 with the
# LuaJIT build, five ways: from the tree; as a game folder holding collide/;
# as a zipped .love beside collide/core.so; as a .love with collide/core.so
# in the game's save directory; as a fused executable (the LÖVE binary with
# the .love appended) beside collide/core.so. Fails unless every
# run exits 0 and every run took LuaJIT's FFI path (collide.info().ffi).
# Needs build/luajit/collide/core.so (make LUA=luajit), love, zip.
set -e
cd "$(dirname "$0")/.."
top=$PWD
so=$top/build/luajit/collide/core.so
[ -f "$so" ] || { echo "test-love: $so missing (make LUA=luajit)" >&2; exit 1; }
love=$(command -v love)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

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

run "$love" "$top/love"

mkdir -p "$tmp/game/collide"
cp love/*.lua "$tmp/game/"
cp lua/collide/*.lua "$so" "$tmp/game/collide/"
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
