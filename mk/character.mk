# mk/character.mk - the character controller's example, picture and benchmark
#
#   make character          examples/character.lua: a capsule walks a small
#                           level with collide.character; prints its path
#   make character-picture  the same, and the path drawn over the level (side
#                           and top views) into $(CHARACTER_PNG)
#                           (CHARACTER_PNG=file.png|file.ppm)
#   make bench-character    ch:move per character per frame on a level of
#                           about 100,000 triangles (one mesh) and on one of
#                           10,000 items, scene:move per call on the items
#                           and on 100,000 items built as the scene
#                           benchmark's; under Lua 5.4 and LuaJIT
#                           (CHARACTER_FRAMES=n)

CHARACTER_PNG ?= doc/img/character.png

.PHONY: character character-picture bench-character
CI_TARGETS += character

character: $(SO)
	$(RUN) examples/character.lua

character-picture: $(SO)
	@mkdir -p $(dir $(CHARACTER_PNG))
	$(RUN) examples/character.lua $(CHARACTER_PNG)

bench-character:
	@$(MAKE) --no-print-directory LUA=lua5.4 all
	@$(MAKE) --no-print-directory LUA=luajit all
	lua5.4 $(call IN_TREE,lua5.4) bench/character.lua
	luajit $(call IN_TREE,luajit) bench/character.lua
