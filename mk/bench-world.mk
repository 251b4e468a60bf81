# mk/bench-world.mk - the scene and the character beside the peers a game
# developer would otherwise pick (doc/performance.md, "The world beside
# Jolt and bump-3dpd"), and Jolt Physics compiled natively for it
# (mk/bench.mk puts bench-world in `make bench` and bench-world-smoke in
# CI_TARGETS)
#
#
#   make bench-world   under Lua 5.4 and LuaJIT, in one table with ratios:
#                      the character (bench/world.lua) on a 17-box level,
#                      the same with 10,000 more boxes and a terrain of
#                      100,352 triangles beside Jolt's CharacterVirtual in
#                      its WebAssembly build (npm jolt-physics, run by node:
#                      bench/jolt_character.mjs, installed into
#                      $(WORLD_DIR)/npm when absent) and compiled natively
#                      (bench/jolt_character.cpp on third_party/jolt, built
#                      once by `make bench-jolt-native` below, a few
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
#   make bench-jolt-native  the library of third_party/jolt/ built once into
#                      build/bench/jolt/libJolt.a, then
#                      build/bench/jolt_character (bench/jolt_character.cpp)
#                      linked against it; `make bench-world` builds and runs
#                      it beside the WebAssembly build and collide

WORLD_DIR    = build/world
JOLT_VERSION = 1.1.0
JOLT_DIR     = $(WORLD_DIR)/npm/node_modules/jolt-physics
BUMP3DPD    ?=
WORLD_ONLY  ?=
WORLD_ROUNDS ?= 5

.PHONY: bench-world bench-world-character bench-world-instructions bench-world-smoke jolt-deps

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

# ---- Jolt Physics compiled natively -------------------------------------
# The library is compiled as Jolt's own CMake build compiles it for this
# CPU with g++ (Build/CMakeLists.txt and Jolt/Jolt.cmake of its release):
# its Release flags -O3 -DNDEBUG with link-time optimisation (its
# INTERPROCEDURAL_OPTIMIZATION default), -std=c++17, no RTTI, no
# exceptions, -ffp-contract=off, and the x86-64 instruction sets its
# options turn on by default (USE_SSE4_1, USE_SSE4_2, USE_AVX, USE_AVX2,
# USE_LZCNT, USE_TZCNT, USE_F16C, USE_FMADD): -mavx2 -mbmi -mpopcnt -mlzcnt
# -mf16c -mfma -mfpmath=sse and the JPH_USE_* macros naming them;
# JPH_OBJECT_STREAM as its ENABLE_OBJECT_STREAM default. Its profiler and
# debug renderer (on by default in its Release configuration, off in its
# Distribution one, which has the same compiler flags) are left off: a
# game ships without them, and they would only slow Jolt down. On a CPU
# without AVX2 set JOLT_ARCH (say JOLT_ARCH="-msse4.2 -mpopcnt" and
# JOLT_DEFS without the AVX ones). Nothing here runs in `make test` or CI.

JOLT_SRC_DIR  = third_party/jolt
JOLT_BUILD    = build/bench/jolt
JOLT_LIB      = $(JOLT_BUILD)/libJolt.a
JOLT_BENCH    = build/bench/jolt_character
JOLT_ARCH    ?= -mavx2 -mbmi -mpopcnt -mlzcnt -mf16c -mfma -mfpmath=sse
JOLT_DEFS    ?= -DJPH_USE_SSE4_1 -DJPH_USE_SSE4_2 -DJPH_USE_AVX -DJPH_USE_AVX2 \
                -DJPH_USE_LZCNT -DJPH_USE_TZCNT -DJPH_USE_F16C -DJPH_USE_FMADD \
                -DJPH_OBJECT_STREAM -DNDEBUG
JOLT_CXXFLAGS = -std=c++17 -O3 -flto=auto -fno-rtti -fno-exceptions -ffp-contract=off \
                -Wall -Wno-stringop-overflow -Wno-psabi -pthread \
                $(JOLT_ARCH) $(JOLT_DEFS) -I$(JOLT_SRC_DIR)
JOLT_CPP      = $(shell find $(JOLT_SRC_DIR)/Jolt -name '*.cpp' 2>/dev/null | sort)
JOLT_OBJ      = $(patsubst $(JOLT_SRC_DIR)/%.cpp,$(JOLT_BUILD)/%.o,$(JOLT_CPP))

.PHONY: bench-jolt-native jolt-native-deps

bench-jolt-native: $(JOLT_BENCH)

jolt-native-deps:
	@sh tools/deps.sh - g++:g++ gcc-ar:gcc

$(JOLT_BUILD)/%.o: $(JOLT_SRC_DIR)/%.cpp | jolt-native-deps
	@mkdir -p $(dir $@)
	@echo "g++ $<"
	@g++ $(JOLT_CXXFLAGS) -c $< -o $@

$(JOLT_LIB): $(JOLT_OBJ)
	@rm -f $@
	gcc-ar rcs $@ $(JOLT_OBJ)

$(JOLT_BENCH): bench/jolt_character.cpp $(JOLT_LIB)
	g++ $(JOLT_CXXFLAGS) -Wextra -Wno-maybe-uninitialized $< -o $@ $(JOLT_LIB)
