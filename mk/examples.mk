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
#
# The C examples run in mk/test-c.mk (example-world, and examples/engine.c
# in test-c); the LÖVE example in mk/versions.mk (love-example).

CHARACTER_PNG ?= doc/img/character.png
RENDER_OUT    ?= build/render.png
RENDER_SIZE   ?= 320 200

.PHONY: character character-picture render
CI_TARGETS += character render

character: $(SO)
	$(RUN) examples/character.lua

character-picture: $(SO)
	@mkdir -p $(dir $(CHARACTER_PNG))
	$(RUN) examples/character.lua $(CHARACTER_PNG)

render: $(SO)
	@mkdir -p $(dir $(RENDER_OUT))
	$(RUN) examples/render.lua $(RENDER_OUT) $(RENDER_SIZE)
