# mk/arm64.mk - Linux arm64, cross-built with Debian's gcc-aarch64-linux-gnu
# and run under qemu-user.
#
#   make arm64        Lua 5.4 and LuaJIT 2.1 for arm64, both built from
#                     third_party (LuaJIT's own makefile, cross-compiling),
#                     and build/arm64/$(v)/collide/core.so against each,
#                     with busted's C modules
#   make test-arm64   every spec but two (A64_SKIP, below) with Debian's
#                     busted run by the arm64 LuaJIT under qemu-aarch64
#                     (its JIT and the FFI path included), then the smoke,
#                     determinism and compat specs by the arm64 Lua 5.4:
#                     the same answers, to the bit, as on x86-64 (CI).
#                     info_spec is left out under Lua 5.4: it asks
#                     `uname -m`, which qemu-user runs as a host program
#
# Installs gcc-aarch64-linux-gnu, libc6-dev-arm64-cross and qemu-user
# through tools/deps.sh.

A64_CROSS = aarch64-linux-gnu-
A64_CC    = $(A64_CROSS)gcc
A64       = build/arm64
A64_LUAS  = lua5.4 luajit
A64_QEMU  = qemu-aarch64 -L /usr/aarch64-linux-gnu
A64_DEPS  = sh tools/deps.sh - $(A64_CC):gcc-aarch64-linux-gnu \
            /usr/aarch64-linux-gnu/include/stdio.h:libc6-dev-arm64-cross qemu-aarch64:qemu-user

# the sources, named here: the files that name them too (windows.mk,
# lua55.mk) are read after this one, too late for a rule's prerequisites
A64_LUA54  = third_party/lua-5.4.8
A64_LUAJIT = third_party/luajit-2.1
A64_BUSTED = $(wildcard third_party/busted-deps/*/*.c third_party/busted-deps/*/src/*.[ch])

A64_INC_lua5.4  = third_party/lua-5.4.8
A64_EXE_lua5.4  = lua
A64_TREE_lua5.4 = 5.4
A64_INC_luajit  = third_party/luajit-2.1/src
A64_EXE_luajit  = luajit
A64_TREE_luajit = 5.1

.PHONY: arm64 test-arm64 arm64-deps

arm64: $(foreach v,$(A64_LUAS),$(A64)/$(v)/collide/core.so $(A64)/$(v)/term/core.so)

arm64-deps:
	@$(A64_DEPS)

# Lua 5.4 as its makefile builds it for Linux: -Wl,-E exports the C API to
# the modules it loads
$(A64)/lua5.4/lua: $(wildcard $(A64_LUA54)/*.c $(A64_LUA54)/*.h) | arm64-deps
	@mkdir -p $(@D)
	$(A64_CC) -O2 -std=gnu99 -DLUA_USE_LINUX -w -o $@ $(wildcard $(A64_LUA54)/*.c) -Wl,-E -lm -ldl

# LuaJIT's own makefile, cross-compiling (its build tools run on the host),
# in a copy of the source so third_party stays clean
$(A64)/luajit/luajit: $(shell find $(A64_LUAJIT) -type f 2>/dev/null) | arm64-deps
	@rm -rf $(A64)/luajit-src && mkdir -p $(@D)
	cp -R $(A64_LUAJIT) $(A64)/luajit-src
	$(MAKE) --no-print-directory -C $(A64)/luajit-src HOST_CC=gcc CROSS=$(A64_CROSS) \
	  TARGET_SYS=Linux > $(A64)/luajit-build.log 2>&1 \
	  || { tail -n 30 $(A64)/luajit-build.log; exit 1; }
	cp $(A64)/luajit-src/src/luajit $@

# per interpreter $(1): the module, the same sources and flags as on
# x86-64, and busted's C modules (luasystem uses INT_MAX, which LuaJIT's
# headers do not bring in)
define a64_module
$(A64)/$(1)/collide/core.so: $(SRC) $(HDR) $(A64)/$(1)/$(A64_EXE_$(1))
	@mkdir -p $$(@D)
	$(A64_CC) $(OPT) -fPIC -fvisibility=hidden $(CFLAGS_W) -I$(A64_INC_$(1)) $(INC) $(SRC) \
	  -shared -o $$@ -lm

$(A64)/$(1)/term/core.so: $(A64_BUSTED) $(A64)/$(1)/$(A64_EXE_$(1))
	$$(call busted_c,$(A64_CC) -O2 -fPIC -shared -w -include limits.h -I$(A64_INC_$(1)),$(A64)/$(1),so,)
endef
$(foreach v,$(A64_LUAS),$(eval $(call a64_module,$(v))))

# busted under the arm64 interpreter $(1) with Debian's pure-Lua modules,
# the C modules and collide built here, on spec files $(2)
a64_busted = env -u LUA_PATH_5_4 -u LUA_CPATH_5_4 \
  LUA_PATH="/usr/share/lua/$(A64_TREE_$(1))/?.lua;/usr/share/lua/$(A64_TREE_$(1))/?/init.lua;;" \
  LUA_CPATH="./$(A64)/$(1)/?.so;;" \
  $(A64_QEMU) $(A64)/$(1)/$(A64_EXE_$(1)) /usr/bin/busted --cpath="./$(A64)/$(1)/?.so" $(2)

test-arm64: arm64
	@echo "== every spec, LuaJIT for arm64 under qemu"
	@file $(A64)/luajit/collide/core.so | grep -q 'ARM aarch64' \
	  || { echo "test-arm64: core.so is not an arm64 binary" >&2; exit 1; }
	$(call a64_busted,luajit,$(A64_SKIP) spec)
	@echo "== the FFI path under LuaJIT for arm64"
	$(A64_QEMU) $(A64)/luajit/luajit $(call IN_TREE_A64,luajit) -e '$(FFI_PATH)' | tee build/test-arm64-ffi.txt
	@grep -q "through the FFI" build/test-arm64-ffi.txt
	@echo "== the smoke, determinism and compat specs, Lua 5.4 for arm64 under qemu"
	$(call a64_busted,lua5.4,spec/smoke_spec.lua spec/determinism_spec.lua spec/compat_spec.lua)

# left out under qemu: finalizers that run when the collector gets to them
# (scene_finalizer_spec, which loops until they have run a few times: over
# five minutes under LuaJIT even natively) and 100 000 random calls of the
# argument checks (hostile_spec): the same C on every machine, and neither
# computes a result to compare
A64_SKIP = --exclude-pattern=scene_finalizer_spec --exclude-pattern=hostile_spec

IN_TREE_A64 = -e 'package.path="./lua/?.lua;./lua/?/init.lua;"..package.path; package.cpath="./$(A64)/$(1)/?.so;"..package.cpath'

CI_TARGETS += test-arm64
