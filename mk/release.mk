# mk/release.mk - the release: its version and the LÖVE archive
# (doc/release.md).
#
#   make dist        dist/collide-$(VERSION)-love.zip: collide/*.lua, a
#                    binary per desktop in a folder named after LuaJIT's
#                    jit.os and jit.arch (Linux-x64/core.so: make
#                    LUA=luajit; Linux-arm64/core.so: mk/arm64.mk;
#                    OSX-arm64 and OSX-x64/core.so: mk/macos.mk;
#                    Windows-x64/core.dll, against LuaJIT's lua51.dll:
#                    mk/windows.mk), LICENSE and README-LOVE.txt
#                    (tools/dist/), which gives the lines of main.lua that
#                    load the right one and says where each goes
#   make test-dist   a LÖVE game laid out from the archive exactly as
#                    README-LOVE.txt says, run headless by LÖVE 11 on
#                    Linux (folder, .love, save directory, fused); the DLL
#                    by LuaJIT for Windows under wine and the arm64 module
#                    by LuaJIT for arm64 under qemu, through the same lines
#                    (tools/test_love.sh ZIP WINDIR ARM64DIR); the macOS
#                    binaries checked by make check-macos
#
# The version is written here, in CHANGELOG.md's section for it and in
# collide-$(VERSION)-1.rockspec (make rockspec); test-dist checks they agree.
# CMakeLists.txt's project() carries it too (make test-cmake checks it).

VERSION  = 0.1.0
DIST_ZIP = dist/collide-$(VERSION)-love.zip
DIST_TXT = tools/dist/README-LOVE.txt

.PHONY: dist test-dist

dist: $(DIST_ZIP)

# the binaries are stripped of what a loader does not need (their
# symbol tables); luaopen_collide_core stays exported
DIST_NATIVE = build/dist/collide
$(DIST_ZIP): $(wildcard lua/collide/*.lua) $(DIST_TXT) LICENSE $(SRC) $(HDR)
	@sh tools/deps.sh luajit zip:zip
	@$(MAKE) --no-print-directory all LUA=luajit
	@$(MAKE) --no-print-directory $(WIN)/luajit/collide/core.dll $(A64)/luajit/collide/core.so macos
	@rm -rf build/dist && mkdir -p $(foreach d,Linux-x64 Linux-arm64 OSX-arm64 OSX-x64 Windows-x64,$(DIST_NATIVE)/$(d)) dist
	cp lua/collide/*.lua build/dist/collide/
	strip --strip-unneeded -o $(DIST_NATIVE)/Linux-x64/core.so build/luajit/collide/core.so
	$(A64_CROSS)strip --strip-unneeded -o $(DIST_NATIVE)/Linux-arm64/core.so $(A64)/luajit/collide/core.so
	cp $(MAC)/arm64/collide/core.so $(DIST_NATIVE)/OSX-arm64/core.so
	cp $(MAC)/x64/collide/core.so $(DIST_NATIVE)/OSX-x64/core.so
	$(WIN_CROSS)strip --strip-unneeded -o $(DIST_NATIVE)/Windows-x64/core.dll $(WIN)/luajit/collide/core.dll
	sed 's/@VERSION@/$(VERSION)/g' $(DIST_TXT) > build/dist/README-LOVE.txt
	cp LICENSE build/dist/
	rm -f $@ && (cd build/dist && zip -q -X -r ../../$@ README-LOVE.txt LICENSE collide)
	@echo "dist: $@"; unzip -l $@ | tail -n +2

test-dist: dist wine-deps arm64-deps check-macos
	@sh tools/deps.sh luajit love:love unzip:unzip xvfb-run:xvfb xauth:xauth
	@grep -q '^## $(subst .,\.,$(VERSION)) ' CHANGELOG.md \
	  || { echo "test-dist: CHANGELOG.md has no section for $(VERSION)" >&2; exit 1; }
	@[ -f collide-$(VERSION)-1.rockspec ] \
	  || { echo "test-dist: collide-$(VERSION)-1.rockspec missing (make rockspec)" >&2; exit 1; }
	@WINE="$(WINE)" QEMU="$(A64_QEMU)" sh tools/test_love.sh $(DIST_ZIP) $(WIN)/luajit $(A64)/luajit

CI_TARGETS += test-dist
