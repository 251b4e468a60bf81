#!/bin/sh
# make test-luarocks: the rockspecs (collide-scm-1 and each release's
# collide-VERSION-REV) list every src/*/*.c and lua/collide/*.lua (else: make
# rockspec) and pass `luarocks lint`, and for each of Lua 5.1, 5.2, 5.3, 5.4 and LuaJIT
# `luarocks make` from a copy of the tree, without network, installs into a
# temporary tree from which a fresh interpreter, whose paths name only that
# tree, requires collide, collide.core and every helper and passes
# love/suite.lua. Versions to try may be given: tools/test_luarocks.sh lua5.4
set -e
cd "$(dirname "$0")/.."
top=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for spec in collide-*.rockspec; do
  version=${spec#collide-}; version=${version%.rockspec}
  lua5.4 tools/rockspec.lua "$version" > "$tmp/rockspec"
  if ! cmp -s "$tmp/rockspec" "$spec"; then
    diff -u "$spec" "$tmp/rockspec" >&2 || true
    echo "test-luarocks: $spec is stale: run make rockspec" >&2
    exit 1
  fi
  luarocks lint "$spec" || { echo "test-luarocks: luarocks lint $spec failed" >&2; exit 1; }
done

# no network for luarocks: its own namespace when we may make one, else
# proxies that refuse every connection
offline() {
  if unshare -n true 2>/dev/null; then
    unshare -n "$@"
  else
    http_proxy=http://127.0.0.1:9 https_proxy=http://127.0.0.1:9 "$@"
  fi
}

for lua in ${*:-lua5.1 lua5.2 lua5.3 lua5.4 luajit}; do
  case $lua in
    luajit) ver=5.1; vars=LUA_INCDIR=/usr/include/luajit-2.1 ;;
    *) ver=${lua#lua}; vars= ;;
  esac
  echo "== luarocks --lua-version=$ver make ($lua)"
  src=$tmp/src-$lua tree=$tmp/tree-$lua
  mkdir -p "$src"
  cp -r collide-scm-1.rockspec include src lua "$src/"
  rm -f "$src"/src/*/*.o
  (cd "$src" && offline luarocks --lua-version="$ver" make --tree="$tree" \
     collide-scm-1.rockspec $vars) > "$tmp/log" 2>&1 || { cat "$tmp/log" >&2; exit 1; }
  # what the rockspec installs: collide/core.so and the Lua modules
  modules=$(cd "$tree/share/lua/$ver" && find collide -name '*.lua' | sort |
            sed 's/\.lua$//; s|/init$||; s|/|.|g' | tr '\n' ' ')
  (cd "$tmp" && env -u LUA_INIT -u LUA_PATH -u LUA_CPATH -u LUA_PATH_5_2 -u LUA_CPATH_5_2 \
     -u LUA_PATH_5_3 -u LUA_CPATH_5_3 -u LUA_PATH_5_4 -u LUA_CPATH_5_4 \
     "$lua" - "$tree" "$ver" "$top/love/suite.lua" $modules) <<'LUA'
local tree, ver, suite = arg[1], arg[2], arg[3]
package.path = tree .. "/share/lua/" .. ver .. "/?.lua;" .. tree .. "/share/lua/" .. ver .. "/?/init.lua"
package.cpath = tree .. "/lib/lua/" .. ver .. "/?.so"
assert(type(require "collide.core") == "table", "collide.core")
assert(type(require "collide") == "table", "collide")
for i = 4, #arg do require(arg[i]) end
local passed, failed, skipped = dofile(suite)(print)
print(string.format("%s: required %s; %d passed, %d failed, %d skipped",
  (jit and jit.version or _VERSION), table.concat(arg, " ", 4), passed, failed, skipped))
os.exit(failed == 0 and 0 or 1)
LUA
done
