# mk/lua55.mk - Lua 5.5, built from third_party/lua-5.5.0 (Debian has no
# package for it) into build/lua5.5-host/.
#
#   make LUA=lua5.5 [test]  builds the interpreter first, then the module
#                           against its headers, and runs every spec with
#                           Debian's busted under it (test-all does too)
#
# build/lua5.5-host/bin/lua5.5 is a small script that runs the interpreter
# built there with LUA_PATH_5_5 naming Penlight 1.15 (the first release that
# compiles under 5.5, third_party/busted-deps/penlight) and then Debian's
# Lua 5.4 tree of pure-Lua modules (busted, luassert, say, cliargs, ...),
# and LUA_CPATH_5_5 naming build/lua5.5-host/lib, where busted's three C
# modules (lfs, system.core, term.core) are compiled against Lua 5.5 from
# third_party/busted-deps. With that directory first on PATH, every target
# that runs $(LUA) runs it. busted loads only Lua spec files under 5.5
# (--loaders=lua): its MoonScript loader assigns to a for-loop variable.

LUA55_SRC  = third_party/lua-5.5.0
LUA55_HOST = build/lua5.5-host
LUA55_CORE = $(filter-out $(LUA55_SRC)/lua.c,$(wildcard $(LUA55_SRC)/*.c))

# busted's three C modules built by compiler command $(1) into directory
# $(2) with extension $(3), linked with $(4)
BUSTED_DEPS  = third_party/busted-deps
BUSTED_C_SRC = $(wildcard $(BUSTED_DEPS)/*/*.c $(BUSTED_DEPS)/*/src/*.[ch])
define busted_c
	@mkdir -p $(2)/system $(2)/term
	$(1) $(BUSTED_DEPS)/luafilesystem/src/lfs.c -o $(2)/lfs.$(3) $(4)
	$(1) $(BUSTED_DEPS)/luasystem/src/*.c -o $(2)/system/core.$(3) $(4)
	$(1) $(BUSTED_DEPS)/lua-term/core.c -o $(2)/term/core.$(3) $(4)
endef

.PHONY: lua5.5-host

lua5.5-host: $(LUA55_HOST)/bin/lua5.5 $(LUA55_HOST)/lib/lfs.so

# -Wl,-E exports the C API to the C modules the interpreter loads; Lua's
# own code is built as its makefile does (gnu99), its warnings not ours
$(LUA55_HOST)/lua: $(wildcard $(LUA55_SRC)/*.c $(LUA55_SRC)/*.h) | deps
	@mkdir -p $(LUA55_HOST)
	$(CC) -O2 -std=gnu99 -DLUA_USE_LINUX -w $(LUA55_SRC)/lua.c $(LUA55_CORE) \
	  -o $@ -Wl,-E -lm -ldl

$(LUA55_HOST)/bin/lua5.5: $(LUA55_HOST)/lua mk/lua55.mk
	@mkdir -p $(LUA55_HOST)/bin
	@{ echo '#!/bin/sh'; \
	   echo 'here=$$(cd "$$(dirname "$$0")/.." && pwd)'; \
	   echo 'pl="$(CURDIR)/$(BUSTED_DEPS)/penlight/lua/?.lua"'; \
	   echo 'LUA_PATH_5_5="$${LUA_PATH_5_5:-$$pl;;/usr/share/lua/5.4/?.lua;/usr/share/lua/5.4/?/init.lua}"'; \
	   echo 'LUA_CPATH_5_5="$${LUA_CPATH_5_5:-;;$$here/lib/?.so}"'; \
	   echo 'export LUA_PATH_5_5 LUA_CPATH_5_5'; \
	   echo 'exec "$$here/lua" "$$@"'; } > $@
	@chmod +x $@

$(LUA55_HOST)/lib/lfs.so: $(BUSTED_C_SRC) | $(LUA55_HOST)/lua
	$(call busted_c,$(CC) -O2 -fPIC -shared -w -I$(LUA55_SRC),$(LUA55_HOST)/lib,so,)

ifeq ($(LUA),lua5.5)
LUA_INCDIR = $(LUA55_SRC)
BUSTED_FLAGS += --loaders=lua
export PATH := $(CURDIR)/$(LUA55_HOST)/bin:$(PATH)
$(SO): | lua5.5-host
endif
