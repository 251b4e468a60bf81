# mk/versions.mk - every Lua a game runs (doc/install.md).
#
#   make test-all       `make test LUA=x` for Lua 5.1 to 5.5 and LuaJIT (5.5
#                       built from third_party, mk/lua55.mk),
#                       then one line of busted counts per version
#   make test-love      love/main.lua in a real, headless LÖVE 11 with the
#                       LuaJIT build: from the tree, as a game folder, as a
#                       .love, as a fused executable (tools/test_love.sh)
#   make love-example   examples/love, the example game, in a real LÖVE under
#   make love-rollback  Xvfb with a screenshot; examples/rollback, two peers
#                       rolling back, the same (tools/love_example.sh)
#   make test-luarocks  `luarocks make` offline into a temporary tree for each
#                       version, then a fresh interpreter requires everything
#                       from it and passes love/suite.lua (tools/test_luarocks.sh)
#   make rockspec       rewrites collide-scm-1.rockspec and the release's
#                       collide-$(VERSION)-1.rockspec (mk/release.mk) from
#                       src/*/*.c and lua/collide/*.lua (test-luarocks fails
#                       while either is stale)
#
# Each installs what it lacks through tools/deps.sh when run as root.

VERSIONS = lua5.1 lua5.2 lua5.3 lua5.4 lua5.5 luajit
# the versions test-all runs (CI leaves out the one `make test` ran)
TEST_ALL_VERSIONS ?= $(VERSIONS)
# Debian's luarocks knows Lua 5.1 to 5.4 and LuaJIT, not 5.5
LUAROCKS_VERSIONS = $(filter-out lua5.5,$(VERSIONS))

.PHONY: test-all test-love love-example love-rollback test-luarocks rockspec

CI_TARGETS += test-all test-love love-example love-rollback test-luarocks

# every version runs even when one fails, so the summary shows them all
test-all:
	@mkdir -p build; : > build/test-all.txt; fail=; \
	for v in $(TEST_ALL_VERSIONS); do \
	  echo "== make test LUA=$$v"; \
	  $(MAKE) --no-print-directory test LUA=$$v > build/test-$$v.log 2>&1; rc=$$?; \
	  cat build/test-$$v.log; \
	  printf '%-7s %s\n' $$v "$$(grep -E '^[0-9]+ success' build/test-$$v.log | tail -n 1)" \
	    >> build/test-all.txt; \
	  [ $$rc = 0 ] || fail="$$fail $$v"; \
	done; \
	echo "== test-all"; cat build/test-all.txt; \
	awk 'NF < 3 { f++; next } { p += $$2; f += $$5 + $$8 } END { printf "test-all: %d passed, %d failed\n", p, f }' \
	  build/test-all.txt; \
	[ -z "$$fail" ] || { echo "test-all: failed on$$fail" >&2; exit 1; }

test-love:
	@sh tools/deps.sh luajit love:love zip:zip xvfb-run:xvfb xauth:xauth
	@$(MAKE) --no-print-directory all LUA=luajit
	@sh tools/test_love.sh

# the example game, headless under Xvfb (tools/love_example.sh)
SHOT ?= build/love-example.png
love-example:
	@sh tools/deps.sh luajit love:love xvfb-run:xvfb xauth:xauth
	@$(MAKE) --no-print-directory all LUA=luajit
	@sh tools/love_example.sh $(SHOT)

# the rollback example, headless under Xvfb: its summary must be the one
# make rollback-example checks (tools/love_example.sh --rollback)
ROLLBACK_SHOT ?= build/love-rollback.png
love-rollback:
	@sh tools/deps.sh luajit love:love xvfb-run:xvfb xauth:xauth
	@$(MAKE) --no-print-directory all LUA=luajit
	@sh tools/love_example.sh --rollback $(ROLLBACK_SHOT)

test-luarocks:
	@for v in $(LUAROCKS_VERSIONS); do sh tools/deps.sh $$v luarocks:luarocks unshare:util-linux || exit 1; done
	@sh tools/test_luarocks.sh

rockspec:
	$(LUA) tools/rockspec.lua > collide-scm-1.rockspec
	$(LUA) tools/rockspec.lua $(VERSION)-1 > collide-$(VERSION)-1.rockspec
