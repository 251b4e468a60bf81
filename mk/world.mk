# mk/world.mk - the scene and the character beside the peers a game
# developer would otherwise pick (doc/performance.md, "The world beside
# Jolt and bump-3dpd")
#
#   make bench-world   under Lua 5.4 and LuaJIT, in one table with ratios:
#                      the character (bench/world.lua) on a 17-box level,
#                      the same with 10,000 more boxes and a terrain of
#                      100,352 triangles beside Jolt's CharacterVirtual in
#                      its WebAssembly build (npm jolt-physics, run by node:
#                      bench/jolt_character.mjs, installed into
#                      $(WORLD_DIR)/npm when absent) and compiled natively
#                      (bench/jolt_character.cpp on third_party/jolt, built
#                      once by mk/jolt.mk: `make bench-jolt-native`, a few
#                      minutes the first time); scene:move beside
#                      bump-3dpd's world:move; the frame of 100,000 static
#                      and 1,000 moving boxes with and without a plane and
#                      with nothing moved; memory per item
#     BUMP3DPD=path/to/bump-3dpd.lua   bump-3dpd (MIT, pure Lua, not part of
#                      collide and not downloaded by the build): without it
#                      its rows say "skipped"
#     WORLD_ROUNDS=n   the character's rows run in n rounds (5), each of
#                      the Jolts, Lua 5.4 and LuaJIT in turn, and each engine's
#                      best round is kept: a machine whose load changes
#                      during the run slows every engine alike; the first
#                      round also measures the other rows
#   make bench-world-character  the character's rows alone (Jolt WASM, Jolt
#                      native, Lua 5.4, LuaJIT): WORLD_ONLY=character, about
#                      a minute
#   make bench-world-instructions  instructions per character update on
#                      the three levels under Lua 5.4 and LuaJIT, counted
#                      by callgrind (bench/world_instr.sh): repeatable on a
#                      busy machine, a few minutes; then the instructions
#                      of scene:raycast, query, move and a frame's sync and
#                      pairs (bench/scene_instr.sh)
#   make bench-world-smoke  (CI) the same code on tiny sizes under $(LUA),
#                      no peers, a few seconds

WORLD_DIR    = build/world
JOLT_VERSION = 1.1.0
JOLT_DIR     = $(WORLD_DIR)/npm/node_modules/jolt-physics
BUMP3DPD    ?=
WORLD_ONLY  ?=
WORLD_ROUNDS ?= 5

.PHONY: bench bench-world bench-world-character bench-world-instructions bench-world-smoke jolt-deps
bench: bench-world
CI_TARGETS += bench-world-smoke

jolt-deps: $(JOLT_DIR)/package.json

$(JOLT_DIR)/package.json:
	@sh tools/deps.sh - node:nodejs npm:npm
	@mkdir -p $(WORLD_DIR)/npm
	cd $(WORLD_DIR)/npm && npm install --no-save --no-audit --no-fund --loglevel=error jolt-physics@$(JOLT_VERSION)

bench-world:
	@$(MAKE) --no-print-directory LUA=lua5.4 all
	@$(MAKE) --no-print-directory LUA=luajit all
	@$(MAKE) --no-print-directory jolt-deps || echo "jolt-physics could not be installed: its rows are skipped"
	@$(MAKE) --no-print-directory bench-jolt-native || echo "native Jolt could not be built: its rows are skipped"
	lua5.4 $(call IN_TREE,lua5.4) bench/world.lua dump $(WORLD_DIR)/levels.txt
	rm -f $(WORLD_DIR)/*.out
	@r=1; while [ $$r -le $(WORLD_ROUNDS) ]; do \
	  only="$(WORLD_ONLY)"; [ $$r -gt 1 ] && only=character; \
	  echo "round $$r of $(WORLD_ROUNDS): Jolt WASM, Jolt native, Lua 5.4, LuaJIT"; \
	  node bench/jolt_character.mjs $(WORLD_DIR)/levels.txt $(JOLT_DIR) > $(WORLD_DIR)/jolt.$$r.out || rm -f $(WORLD_DIR)/jolt.$$r.out; \
	  $(JOLT_BENCH) $(WORLD_DIR)/levels.txt > $(WORLD_DIR)/jolt-native.$$r.out || rm -f $(WORLD_DIR)/jolt-native.$$r.out; \
	  WORLD_ONLY="$$only" BUMP3DPD="$(BUMP3DPD)" lua5.4 $(call IN_TREE,lua5.4) bench/world.lua measure > $(WORLD_DIR)/lua5.4.$$r.out || exit 1; \
	  WORLD_ONLY="$$only" BUMP3DPD="$(BUMP3DPD)" luajit $(call IN_TREE,luajit) bench/world.lua measure > $(WORLD_DIR)/luajit.$$r.out || exit 1; \
	  r=$$((r + 1)); \
	done
	@lua5.4 $(call IN_TREE,lua5.4) bench/world.lua report $(WORLD_DIR)/lua5.4.*.out $(WORLD_DIR)/luajit.*.out \
	  $(WORLD_DIR)/jolt.*.out $(WORLD_DIR)/jolt-native.*.out

bench-world-character:
	@$(MAKE) --no-print-directory bench-world WORLD_ONLY=character

bench-world-instructions:
	@$(MAKE) --no-print-directory LUA=lua5.4 all
	@$(MAKE) --no-print-directory LUA=luajit all
	@command -v valgrind >/dev/null 2>&1 || sh tools/deps.sh lua5.4 valgrind:valgrind
	sh bench/world_instr.sh lua5.4 build/lua5.4
	sh bench/world_instr.sh luajit build/luajit
	sh bench/scene_instr.sh lua5.4 build/lua5.4
	sh bench/scene_instr.sh luajit build/luajit

bench-world-smoke: $(SO)
	@mkdir -p $(WORLD_DIR)
	WORLD_SMOKE=1 BUMP3DPD="$(BUMP3DPD)" $(RUN) bench/world.lua measure > $(WORLD_DIR)/smoke.out
	@$(RUN) bench/world.lua report $(WORLD_DIR)/smoke.out
