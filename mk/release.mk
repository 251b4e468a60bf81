# mk/release.mk - the release: its version and the LÖVE archive
# (doc/release.md).
#
#   make dist        dist/collide-$(VERSION)-love.zip: collide/*.lua,
#                    collide/core.so (Linux x86-64, against LuaJIT: make
#                    LUA=luajit), collide/core.dll (Windows x64, against
#                    LuaJIT's lua51.dll: mk/windows.mk), LICENSE and
#                    README-LOVE.txt (tools/dist/), which says where
#                    each goes in a LÖVE game
#   make test-dist   a LÖVE game laid out from the archive exactly as
#                    README-LOVE.txt says, run headless by LÖVE 11 on
#                    Linux (folder, .love, save directory, fused) and, for
#                    the DLL, by LuaJIT for Windows under wine
#                    (tools/test_love.sh ZIP WINDIR)
#
# The version is written here, in CHANGELOG.md's section for it and in
# collide-$(VERSION)-1.rockspec (make rockspec); test-dist checks they agree.

VERSION  = 0.1.0
DIST_ZIP = dist/collide-$(VERSION)-love.zip
DIST_TXT = tools/dist/README-LOVE.txt

.PHONY: dist test-dist

dist: $(DIST_ZIP)

# the binaries are stripped of what a loader does not need (their
# symbol tables); luaopen_collide_core stays exported
$(DIST_ZIP): $(wildcard lua/collide/*.lua) $(DIST_TXT) LICENSE $(SRC) $(HDR)
	@sh tools/deps.sh luajit zip:zip
	@$(MAKE) --no-print-directory all LUA=luajit
	@$(MAKE) --no-print-directory $(WIN)/luajit/collide/core.dll
	@rm -rf build/dist && mkdir -p build/dist/collide dist
	cp lua/collide/*.lua build/dist/collide/
	strip --strip-unneeded -o build/dist/collide/core.so build/luajit/collide/core.so
	$(WIN_CROSS)strip --strip-unneeded -o build/dist/collide/core.dll $(WIN)/luajit/collide/core.dll
	sed 's/@VERSION@/$(VERSION)/g' $(DIST_TXT) > build/dist/README-LOVE.txt
	cp LICENSE build/dist/
	rm -f $@ && (cd build/dist && zip -q -X -r ../../$@ README-LOVE.txt LICENSE collide)
	@echo "dist: $@"; unzip -l $@ | tail -n +2

test-dist: dist wine-deps
	@sh tools/deps.sh luajit love:love unzip:unzip
	@grep -q '^## $(subst .,\.,$(VERSION)) ' CHANGELOG.md \
	  || { echo "test-dist: CHANGELOG.md has no section for $(VERSION)" >&2; exit 1; }
	@[ -f collide-$(VERSION)-1.rockspec ] \
	  || { echo "test-dist: collide-$(VERSION)-1.rockspec missing (make rockspec)" >&2; exit 1; }
	@WINE="$(WINE)" sh tools/test_love.sh $(DIST_ZIP) $(WIN)/luajit

CI_TARGETS += test-dist
