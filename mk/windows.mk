# mk/windows.mk - Windows x64, cross-built with mingw-w64 and run under wine.
#
#   make windows        Lua 5.4 for Windows (lua54.dll, lua.exe) and LuaJIT 2.1
#                       for Windows (lua51.dll, luajit.exe), both built from
#                       third_party, then build/win64/$(v)/collide/core.dll
#                       against each, into build/win64/lua5.4 and .../luajit
#   make test-windows   every spec with Debian's busted run by those two
#                       Windows interpreters under wine (busted's C modules
#                       cross-built from third_party/busted-deps), and under
#                       LuaJIT a check that collide took the FFI path
#   make test-windows-run   the same runs without building first; on
#                       Windows itself `make test-windows-run WINE=
#                       WIN_BUSTED=... WIN_LUA_TREE=...` runs the binaries
#                       natively (the GitHub workflow's Windows job)
#   make windows-bundle     build/win64-bundle/: what that job needs beside a
#                       checkout: build/win64/{lua5.4,luajit} and busted with
#                       its pure-Lua modules (lua/5.1, lua/5.4, copied from
#                       Debian's trees, links resolved)
#
# Installs gcc-mingw-w64-x86-64 and wine64 through tools/deps.sh. The wine
# prefix is build/wine (made on first use: wine says there that it "failed
# to open rundll32.exe", which is harmless).

WIN_CROSS = x86_64-w64-mingw32-
WIN_CC    = $(WIN_CROSS)gcc
WIN       = build/win64
WIN_LUAS  = lua5.4 luajit
WINE     ?= env WINEPREFIX=$(CURDIR)/build/wine WINEDEBUG=-all \
            WINEDLLOVERRIDES="mscoree,mshtml=" wine
# building needs the cross compiler alone; running (test-windows-run,
# test-dist) needs wine too, unless WINE is empty (on Windows itself)
WIN_DEPS  = sh tools/deps.sh - $(WIN_CC):gcc-mingw-w64-x86-64
WINE_DEPS = sh tools/deps.sh - wine:wine /usr/lib/wine/wine64:wine64

# busted (a Lua script) and the trees of pure-Lua modules it needs,
# /usr/share/lua/5.x: Debian's
WIN_BUSTED   ?= /usr/bin/busted
WIN_LUA_TREE ?= /usr/share/lua

# per interpreter: headers, DLL, executable, Debian's tree of Lua modules
WIN_INC_lua5.4  = third_party/lua-5.4.8
WIN_DLL_lua5.4  = lua54.dll
WIN_EXE_lua5.4  = lua.exe
WIN_TREE_lua5.4 = 5.4
WIN_INC_luajit  = third_party/luajit-2.1/src
WIN_DLL_luajit  = lua51.dll
WIN_EXE_luajit  = luajit.exe
WIN_TREE_luajit = 5.1

LUA54_SRC  = third_party/lua-5.4.8
LUA54_CORE = $(filter-out $(LUA54_SRC)/lua.c,$(wildcard $(LUA54_SRC)/*.c))
LUAJIT_SRC = third_party/luajit-2.1

.PHONY: windows test-windows test-windows-run windows-deps wine-deps windows-bundle

windows: $(foreach v,$(WIN_LUAS),$(WIN)/$(v)/collide/core.dll $(WIN)/$(v)/lfs.dll)

windows-deps:
	@$(WIN_DEPS)

wine-deps:
	@$(if $(strip $(WINE)),$(WINE_DEPS),true)

# Lua 5.4 as its makefile builds it for mingw: the core and libraries in
# lua54.dll (LUA_BUILD_AS_DLL exports the API), lua.exe linked to it
$(WIN)/lua5.4/lua54.dll: $(wildcard $(LUA54_SRC)/*.c $(LUA54_SRC)/*.h) | windows-deps
	@mkdir -p $(@D)
	$(WIN_CC) -O2 -std=gnu99 -DLUA_BUILD_AS_DLL -w -shared -o $@ $(LUA54_CORE)

$(WIN)/lua5.4/lua.exe: $(WIN)/lua5.4/lua54.dll
	$(WIN_CC) -O2 -std=gnu99 -DLUA_BUILD_AS_DLL -w -o $@ $(LUA54_SRC)/lua.c $<

# LuaJIT's own makefile, cross-compiling (its build tools run on the host),
# in a copy of the source so third_party stays clean
$(WIN)/luajit/lua51.dll: $(shell find $(LUAJIT_SRC) -type f 2>/dev/null) | windows-deps
	@rm -rf $(WIN)/luajit-src && mkdir -p $(WIN) $(@D)
	cp -R $(LUAJIT_SRC) $(WIN)/luajit-src
	$(MAKE) --no-print-directory -C $(WIN)/luajit-src HOST_CC=gcc \
	  CROSS=$(WIN_CROSS) TARGET_SYS=Windows BUILDMODE=dynamic > $(WIN)/luajit-build.log 2>&1 \
	  || { tail -n 30 $(WIN)/luajit-build.log; exit 1; }
	cp $(WIN)/luajit-src/src/lua51.dll $(WIN)/luajit-src/src/luajit.exe $(@D)/

$(WIN)/luajit/luajit.exe: $(WIN)/luajit/lua51.dll

# per interpreter $(1): the module, the same sources and warning flags as
# on Linux, linked to the interpreter's DLL (a Windows DLL imports by
# name), and busted's C modules
define win_module
$(WIN)/$(1)/collide/core.dll: $(SRC) $(HDR) $(WIN)/$(1)/$(WIN_EXE_$(1))
	@mkdir -p $$(@D)
	$(WIN_CC) $(OPT) $(CFLAGS_W) -I$(WIN_INC_$(1)) $(INC) $(SRC) -shared \
	  -o $$@ $(WIN)/$(1)/$(WIN_DLL_$(1)) -lm

$(WIN)/$(1)/lfs.dll: $(BUSTED_C_SRC) $(WIN)/$(1)/$(WIN_EXE_$(1))
	$$(call busted_c,$(WIN_CC) -O2 -shared -w -I$(WIN_INC_$(1)),$(WIN)/$(1),dll,$(WIN)/$(1)/$(WIN_DLL_$(1)))
endef
$(foreach v,$(WIN_LUAS),$(eval $(call win_module,$(v))))

# a script run by a Windows interpreter with the module from this checkout
IN_TREE_WIN = -e 'package.path="./lua/?.lua;./lua/?/init.lua;"..package.path; package.cpath="./$(WIN)/$(1)/?.dll;"..package.cpath'

WIN_BUNDLE = build/win64-bundle
windows-bundle: windows
	@rm -rf $(WIN_BUNDLE) && mkdir -p $(WIN_BUNDLE)/build/win64 $(WIN_BUNDLE)/lua
	cp -R $(WIN)/lua5.4 $(WIN)/luajit $(WIN_BUNDLE)/build/win64/
	cp -RL /usr/share/lua/5.1 /usr/share/lua/5.4 $(WIN_BUNDLE)/lua/
	cp $(WIN_BUSTED) $(WIN_BUNDLE)/busted

# says whether collide.intersects is the FFI path's (lua/collide/ffi.lua)
FFI_PATH = local c = require "collide"; print("collide.intersects through " .. (c.intersects ~= require("collide.core").intersects and "the FFI" or "the Lua C API"))

# the runs: busted (/usr/bin/busted is Z:\usr\bin\busted to wine) with
# Debian's pure-Lua modules and the DLLs built here; one summary line each
test-windows: windows
	@$(MAKE) --no-print-directory test-windows-run

test-windows-run: wine-deps
	@fail=; : > build/test-windows.txt; \
	for v in $(WIN_LUAS); do \
	  case $$v in lua5.4) exe=$(WIN_EXE_lua5.4); t=$(WIN_TREE_lua5.4);; \
	    luajit) exe=$(WIN_EXE_luajit); t=$(WIN_TREE_luajit);; esac; \
	  echo "== busted under $(WIN)/$$v/$$exe (wine)"; \
	  env -u LUA_PATH_5_4 -u LUA_CPATH_5_4 \
	    LUA_PATH="$(WIN_LUA_TREE)/$$t/?.lua;$(WIN_LUA_TREE)/$$t/?/init.lua;;" \
	    LUA_CPATH="./$(WIN)/$$v/?.dll;;" \
	    timeout 1200 $(WINE) $(WIN)/$$v/$$exe $(WIN_BUSTED) -o TAP \
	      --cpath="./$(WIN)/$$v/?.dll" spec > build/test-windows-$$v.log 2>&1; rc=$$?; \
	  grep -v '^ok ' build/test-windows-$$v.log; \
	  printf '%-7s %s passed, %s not\n' $$v "$$(grep -c '^ok ' build/test-windows-$$v.log)" \
	    "$$(grep -c '^not ok ' build/test-windows-$$v.log)" >> build/test-windows.txt; \
	  [ $$rc = 0 ] || fail="$$fail $$v"; \
	done; \
	echo "== the FFI path under $(WIN)/luajit/luajit.exe (wine)"; \
	$(WINE) $(WIN)/luajit/luajit.exe $(call IN_TREE_WIN,luajit) -e '$(FFI_PATH)' \
	  | tee build/test-windows-ffi.txt; \
	grep -q "through the FFI" build/test-windows-ffi.txt || fail="$$fail luajit-ffi"; \
	echo "== test-windows"; cat build/test-windows.txt; \
	[ -z "$$fail" ] || { echo "test-windows: failed on$$fail" >&2; exit 1; }

CI_TARGETS += test-windows
