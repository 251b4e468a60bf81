# mk/examples.mk - the examples run from make, and the pictures they draw
#
#   make character          examples/character.lua: a capsule walks a small
#                           level with collide.character; prints its path
#                           (CI)
#   make character-picture  the same, and the path drawn over the level (side
#                           and top views) into $(CHARACTER_PNG)
#                           (CHARACTER_PNG=file.png|file.ppm)
#   make render             examples/render.lua: a terrain, a torus and hull
#                           rocks ray-cast into build/render.png
#                           (RENDER_OUT=file.png|file.ppm, RENDER_SIZE="640
#                           400"); the README's picture is `make render
#                           RENDER_OUT=doc/img/mesh-render.png` (CI)
#   make rollback-example   examples/rollback/main.lua headless, two peers
#                           rolling back: under Lua 5.4 and LuaJIT
#                           ($(ROLLBACK_LUAS)) its summary must be
#                           $(ROLLBACK_EXPECTED) line for line, and with
#                           --no-rollback its check must catch the desync
#                           (CI). `make rollback-example UPDATE=1` first
#                           writes the expected summary from the first
#                           interpreter's run, and into doc/rollback.md,
#                           which quotes it (after a change to the game or to
#                           scene:hash()); tools/rollback_doc.lua checks that
#                           the doc quotes the example's code as it is
#
# The C examples run in mk/test-c.mk (example-world, and examples/engine.c
# in test-c); the LÖVE examples in mk/versions.mk (love-example,
# love-rollback).

CHARACTER_PNG ?= doc/img/character.png
RENDER_OUT    ?= build/render.png
RENDER_SIZE   ?= 320 200

ROLLBACK_EXPECTED = examples/rollback/expected.txt
ROLLBACK_LUAS    ?= lua5.4 luajit

.PHONY: character character-picture render rollback-example
CI_TARGETS += character render rollback-example

character: $(SO)
	$(RUN) examples/character.lua

character-picture: $(SO)
	@mkdir -p $(dir $(CHARACTER_PNG))
	$(RUN) examples/character.lua $(CHARACTER_PNG)

render: $(SO)
	@mkdir -p $(dir $(RENDER_OUT))
	$(RUN) examples/render.lua $(RENDER_OUT) $(RENDER_SIZE)

# each interpreter with the module built for it ('"$$v"' ends IN_TREE's
# quotes around the shell's $v); its summary in build/rollback-$v.txt
rollback-example:
	@for v in $(ROLLBACK_LUAS); do $(MAKE) --no-print-directory all LUA=$$v || exit 1; done
	@mkdir -p build; rm -f build/rollback-updated
	@for v in $(ROLLBACK_LUAS); do \
	  $$v $(call IN_TREE,'"$$v"') examples/rollback/main.lua > build/rollback-$$v.txt; rc=$$?; \
	  cat build/rollback-$$v.txt; \
	  [ $$rc = 0 ] || { echo "rollback-example: $$v: the peers disagree" >&2; exit 1; }; \
	  if [ -n "$(UPDATE)" ] && [ ! -e build/rollback-updated ]; then \
	    cp build/rollback-$$v.txt $(ROLLBACK_EXPECTED); : > build/rollback-updated; \
	    echo "rollback-example: $(ROLLBACK_EXPECTED) written from $$v"; fi; \
	  diff -u $(ROLLBACK_EXPECTED) build/rollback-$$v.txt \
	    || { echo "rollback-example: $$v: not the summary in $(ROLLBACK_EXPECTED)" >&2; exit 1; }; \
	done; rm -f build/rollback-updated
	@$(firstword $(ROLLBACK_LUAS)) tools/rollback_doc.lua $(if $(UPDATE),--write)
	@v=$(firstword $(ROLLBACK_LUAS)); \
	$$v $(call IN_TREE,'"$$v"') examples/rollback/main.lua --no-rollback > build/rollback-broken.txt \
	  && { echo "rollback-example: --no-rollback ran without a desync" >&2; exit 1; }; \
	grep -q '^desync on confirmed frame ' build/rollback-broken.txt \
	  || { cat build/rollback-broken.txt; echo "rollback-example: --no-rollback: no desync reported" >&2; exit 1; }
	@echo "rollback-example: $(ROLLBACK_LUAS) give $(ROLLBACK_EXPECTED); without rollback the desync is caught"
