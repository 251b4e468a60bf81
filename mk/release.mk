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
#                    load the right one and says where each goes. It says
#                    first what it will install (apt) and download (Zig,
#                    from the npm registry: tools/dist_plan.sh); a part
#                    whose tools cannot be had (offline, not root) is left
#                    out, named at the end and in the archive's text, and
#                    the archive is made again by the next make dist.
#                    DIST_ALL=1 (test-dist sets it) fails instead
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
# symbol tables); luaopen_collide_core stays exported. The Lua files and
# the Linux x86-64 binary are the archive's base: without them it fails;
# each other part that cannot be built is left out and named
DIST_NATIVE = build/dist/collide
DIST_ALL   ?=
$(DIST_ZIP): $(wildcard lua/collide/*.lua) $(DIST_TXT) LICENSE $(SRC) $(HDR)
	@sh tools/dist_plan.sh $(ZIG) $(A64_CC) $(WIN_CC)
	@sh tools/deps.sh luajit zip:zip
	@$(MAKE) --no-print-directory all LUA=luajit
	@rm -rf build/dist && mkdir -p $(DIST_NATIVE)/Linux-x64 dist
	cp lua/collide/*.lua build/dist/collide/
	strip --strip-unneeded -o $(DIST_NATIVE)/Linux-x64/core.so build/luajit/collide/core.so
	@skipped=""; \
	if $(MAKE) --no-print-directory $(A64)/luajit/collide/core.so; then \
	  mkdir -p $(DIST_NATIVE)/Linux-arm64 && \
	  $(A64_CROSS)strip --strip-unneeded -o $(DIST_NATIVE)/Linux-arm64/core.so $(A64)/luajit/collide/core.so; \
	else skipped="$$skipped Linux-arm64"; fi; \
	if $(MAKE) --no-print-directory macos; then \
	  mkdir -p $(DIST_NATIVE)/OSX-arm64 $(DIST_NATIVE)/OSX-x64 && \
	  cp $(MAC)/arm64/collide/core.so $(DIST_NATIVE)/OSX-arm64/core.so && \
	  cp $(MAC)/x64/collide/core.so $(DIST_NATIVE)/OSX-x64/core.so; \
	else skipped="$$skipped OSX-arm64 OSX-x64"; fi; \
	if $(MAKE) --no-print-directory $(WIN)/luajit/collide/core.dll; then \
	  mkdir -p $(DIST_NATIVE)/Windows-x64 && \
	  $(WIN_CROSS)strip --strip-unneeded -o $(DIST_NATIVE)/Windows-x64/core.dll $(WIN)/luajit/collide/core.dll; \
	else skipped="$$skipped Windows-x64"; fi; \
	if [ -n "$$skipped" ] && [ -n "$(DIST_ALL)" ]; then \
	  echo "dist: could not build$$skipped (DIST_ALL is set)" >&2; exit 1; fi; \
	sed 's/@VERSION@/$(VERSION)/g' $(DIST_TXT) > build/dist/README-LOVE.txt; \
	if [ -n "$$skipped" ]; then \
	  printf '\nThis archive was made without:%s (their tools could not be had\nwhen it was made).\n' \
	    "$$skipped" >> build/dist/README-LOVE.txt; fi; \
	cp LICENSE build/dist/; \
	rm -f $@ && (cd build/dist && zip -q -X -r ../../$@ README-LOVE.txt LICENSE collide) || exit 1; \
	echo "dist: $@"; unzip -l $@ | tail -n +2; \
	if [ -n "$$skipped" ]; then \
	  touch -d @0 $@; \
	  echo "dist: made without$$skipped: what they need could not be had (above); the next make dist tries again"; fi

test-dist: DIST_ALL = 1

test-dist: dist wine-deps arm64-deps check-macos
	@sh tools/deps.sh luajit love:love unzip:unzip xvfb-run:xvfb xauth:xauth
	@grep -q '^## $(subst .,\.,$(VERSION)) ' CHANGELOG.md \
	  || { echo "test-dist: CHANGELOG.md has no section for $(VERSION)" >&2; exit 1; }
	@[ -f collide-$(VERSION)-1.rockspec ] \
	  || { echo "test-dist: collide-$(VERSION)-1.rockspec missing (make rockspec)" >&2; exit 1; }
	@WINE="$(WINE)" QEMU="$(A64_QEMU)" sh tools/test_love.sh $(DIST_ZIP) $(WIN)/luajit $(A64)/luajit

CI_TARGETS += test-dist
