# mk/wasm.mk - WebAssembly: Lua 5.4 with collide linked in, built by
# Debian's emscripten and run by node.
#
#   make wasm        build/wasm/lua.js: Lua 5.4's interpreter
#                    (third_party/lua-5.4.8) with collide's sources
#                    compiled in, the core in package.preload
#                    (tools/wasm/preload.c), reading the real file system
#                    (NODERAWFS), the .wasm inside the .js (SINGLE_FILE)
#   make test-wasm   node runs in it the contract (love/suite.lua, the
#                    checks every other build passes) and the determinism
#                    game (spec/game.lua) to its committed hashes (CI)
#
# The first step towards Defold's HTML5 target and web tools. love.js (LÖVE
# in a browser) cannot load C modules, this build or any other
# (doc/release.md). Installs emscripten and nodejs through tools/deps.sh;
# emscripten's optimiser needs Debian's acorn, found through NODE_PATH.

WASM       = build/wasm
WASM_CC    = env NODE_PATH=/usr/share/nodejs emcc
WASM_LUA   = third_party/lua-5.4.8
WASM_LUA_C = $(filter-out $(WASM_LUA)/lua.c,$(wildcard $(WASM_LUA)/*.c))

.PHONY: wasm test-wasm wasm-deps

wasm: $(WASM)/lua.js

wasm-deps:
	@sh tools/deps.sh - emcc:emscripten node:nodejs

# Lua's own code as its makefile builds it (gnu99, its warnings not ours);
# collide's with the flags of every build
$(WASM)/lua.js: $(SRC) $(HDR) tools/wasm/preload.c $(wildcard $(WASM_LUA)/*.c $(WASM_LUA)/*.h) | wasm-deps
	@mkdir -p $(WASM)/obj
	$(WASM_CC) -O2 -std=gnu99 -w -c $(WASM_LUA)/lua.c \
	  -DluaL_openlibs=collide_openlibs -o $(WASM)/obj/lua.o
	$(WASM_CC) -O2 -std=gnu99 -w -I$(WASM_LUA) -c tools/wasm/preload.c -o $(WASM)/obj/preload.o
	$(WASM_CC) -O2 -std=gnu99 -w $(WASM_LUA_C) -r -o $(WASM)/obj/liblua.o
	$(WASM_CC) $(OPT) $(CFLAGS_W) -I$(WASM_LUA) $(INC) $(SRC) -r -o $(WASM)/obj/collide.o
	$(WASM_CC) -O2 $(WASM)/obj/lua.o $(WASM)/obj/preload.o $(WASM)/obj/liblua.o \
	  $(WASM)/obj/collide.o -o $@ -sNODERAWFS=1 -sEXIT_RUNTIME=1 \
	  -sALLOW_MEMORY_GROWTH=1 -sSINGLE_FILE=1 -sENVIRONMENT=node

# a script run by the WebAssembly Lua with lua/, spec/ and love/ on its path
WASM_RUN = node $(WASM)/lua.js -e 'package.path="./lua/?.lua;./lua/?/init.lua;./spec/?.lua;./love/?.lua;"..package.path'

test-wasm: wasm
	@echo "== the contract (love/suite.lua), Lua 5.4 in WebAssembly under node"
	$(WASM_RUN) -e 'local c = require "collide"; print("collide " .. c.info().version .. ", " .. c.info().simd); local p, f, s = require("suite")(print); print(("wasm: %d passed, %d failed, %d skipped"):format(p, f, s)); os.exit(f == 0 and 0 or 1)' \
	  > build/test-wasm.txt 2>&1 || { cat build/test-wasm.txt; exit 1; }
	@grep -v '^ok\|^pass' build/test-wasm.txt
	@echo "== the determinism game, Lua 5.4 in WebAssembly under node"
	$(WASM_RUN) spec/game.lua

CI_TARGETS += test-wasm
