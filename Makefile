# collide - 3D collision detection for Lua
# make [LUA=lua5.4]   builds build/libcollide.a, then build/$(LUA)/collide/core.so
# make lib            builds build/libcollide.a alone: the C library, no Lua
#                     needed (doc/install.md)
# make test           builds and runs every spec with busted, then the C
#                     API's test and example program
# make demo           builds and runs examples/demo.lua

LUA        ?= lua5.4
LUA_INCDIR ?= $(firstword $(wildcard /usr/include/$(LUA) /usr/include/$(LUA:luajit=luajit-2.1)) /usr/include/$(LUA))
CC         ?= cc
OPT        ?= -O2
# -ffp-contract=off: no fused multiply-add, the same bits on every build
# (doc/determinism.md; src/geometry/fp.h says so in the source too)
CFLAGS_W    = -std=c99 -Wall -Wextra -pedantic -Wshadow -Wmissing-prototypes -ffp-contract=off
# hidden: only luaopen_collide_core is exported, so calls inside the
# module are direct (no PLT); measured with make bench-instructions
CFLAGS     += $(OPT) -fPIC -fvisibility=hidden $(CFLAGS_W)
LDFLAGS    += -shared
BUSTED     ?= /usr/bin/busted
BUSTED_FLAGS ?=

BUILD   = build/$(LUA)
SO      = $(BUILD)/collide/core.so
# src/geometry: plain C99 with no Lua header, what an engine compiles in;
# src/lua: the binding that makes it the Lua module
GEOMETRY_SRC = $(wildcard src/geometry/*.c)
GEOMETRY_HDR = $(wildcard include/collide/*.h src/geometry/*.h)
# the public headers alone, what an engine includes
PUBLIC_HDR   = $(wildcard include/collide/*.h)
SRC     = $(GEOMETRY_SRC) $(wildcard src/lua/*.c)
HDR     = $(GEOMETRY_HDR) $(wildcard src/lua/*.h)
INC     = -Iinclude -Isrc/geometry -Isrc/lua
# a script run with the module from this checkout: lua/ and bench/ on
# package.path, the core built for interpreter $(1) (and the benchmarks'
# helpers) on package.cpath; $(RUN) for the current $(LUA)
IN_TREE = -e 'package.path="./lua/?.lua;./lua/?/init.lua;./bench/?.lua;"..package.path; package.cpath="./build/$(1)/?.so;./build/$(1)/bench/?.so;"..package.cpath'
RUN     = $(LUA) $(call IN_TREE,$(LUA))

.PHONY: all lib test demo deps clean ci-extra ci-lane

# mk/*.mk files append the targets CI runs after `make test`
CI_TARGETS =

all: build/libcollide.a $(SO)

# the world and the geometry for an engine in C, no Lua: its headers are
# include/collide/*.h (doc/install.md). `make lib` builds it alone, with no
# Lua and without the deps step, which asks for Lua and its headers; `all`
# builds it first, so that a machine without Lua gets it before the
# module fails
lib: build/libcollide.a

LIB_OBJ = $(patsubst src/geometry/%.c,build/lib/%.o,$(GEOMETRY_SRC))
build/lib/%.o: src/geometry/%.c $(GEOMETRY_HDR)
	@mkdir -p build/lib
	$(CC) $(OPT) $(CFLAGS_W) -Iinclude -Isrc/geometry -c $< -o $@

build/libcollide.a: $(LIB_OBJ)
	rm -f $@
	$(AR) rcs $@ $(LIB_OBJ)

$(SO): $(SRC) $(HDR) | deps
	@mkdir -p $(BUILD)/collide
	$(CC) $(CFLAGS) -I$(LUA_INCDIR) $(INC) $(SRC) -o $@ $(LDFLAGS) -lm

# Installs what a fresh Debian machine lacks when run as root; otherwise
# says which command to run. DEPS=true skips it (a machine without apt
# whose packages are installed otherwise: the workflow's macOS job).
DEPS ?= sh tools/deps.sh
deps:
	@$(DEPS) $(LUA)

# every spec, then the C API without Lua: its test and the example
# program, each built with -Iinclude only (mk/test-c.mk)
test: $(SO)
	$(LUA) $(BUSTED) $(BUSTED_FLAGS) --cpath="./$(BUILD)/?.so" spec
	@$(MAKE) --no-print-directory test-world-api example-world

demo: $(SO)
	$(RUN) examples/demo.lua

clean:
	rm -rf build

# CI's targets run in two lanes side by side, one per core; the second
# lane's output follows the first's. The LuaJIT module and the arm64
# builds, which targets of both lanes load, are built before they start;
# the targets that build the Windows DLLs (test-dist, test-windows) share
# the first lane. CI_LANES=1
# runs them one after the other. `make test` has run $(LUA), so test-all
# runs the other versions.
CI_LANES ?= 2
CI_LANE2  = test-all test-love love-example love-rollback test-luarocks lint test-arm64
CI_SKIP   = TEST_ALL_VERSIONS="$(filter-out $(LUA),$(VERSIONS))"
ci-extra:
	@mkdir -p build; \
	if [ "$(CI_LANES)" = 1 ]; then \
	  exec $(MAKE) --no-print-directory ci-lane CI_LANE="$(CI_TARGETS)"; fi; \
	$(MAKE) --no-print-directory all LUA=luajit || exit 1; \
	$(MAKE) --no-print-directory arm64 || exit 1; \
	$(MAKE) --no-print-directory ci-lane CI_LANE="$(filter $(CI_LANE2),$(CI_TARGETS))" \
	  > build/ci-lane2.log 2>&1 & lane2=$$!; \
	$(MAKE) --no-print-directory ci-lane CI_LANE="$(filter-out $(CI_LANE2),$(CI_TARGETS))"; rc1=$$?; \
	wait $$lane2; rc2=$$?; \
	echo "== the second lane"; cat build/ci-lane2.log; \
	[ $$rc1 = 0 ] && [ $$rc2 = 0 ]

# runs the targets in CI_LANE in order, with the seconds each took
ci-lane:
	@for t in $(CI_LANE); do echo "== make $$t"; s=$$(date +%s); \
	  $(MAKE) --no-print-directory $$t $(CI_SKIP) || exit 1; \
	  echo "== make $$t: $$(( $$(date +%s) - s )) s"; done

# Further targets (bench, sanitize, fuzz, lint, versions, love, ...) live in mk/*.mk
-include mk/*.mk
