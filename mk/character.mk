# mk/character.mk - the character controller's example, picture and benchmark
#
#   make character          examples/character.lua: a capsule walks a small
#                           level with collide.character; prints its path
#   make character-picture  the same, and the path drawn over the level (side
#                           and top views) into $(CHARACTER_PNG)
#                           (CHARACTER_PNG=file.png|file.ppm)
#   make bench-character    ch:move per character per frame on a level of
#                           about 100,000 triangles (one mesh) and on one of
#                           10,000 items, scene:move per call on the items;
#                           under Lua 5.4 and LuaJIT (CHARACTER_FRAMES=n)

CHARACTER_PNG ?= doc/img/character.png
CHARACTER_PATHS = package.path="./lua/?.lua;./lua/?/init.lua;"..package.path; package.cpath="./$(1)/?.so;"..package.cpath

.PHONY: character character-picture bench-character
CI_TARGETS += character

character: $(SO)
	$(LUA) -e '$(call CHARACTER_PATHS,$(BUILD))' examples/character.lua

character-picture: $(SO)
	@mkdir -p $(dir $(CHARACTER_PNG))
	$(LUA) -e '$(call CHARACTER_PATHS,$(BUILD))' examples/character.lua $(CHARACTER_PNG)

bench-character:
	@$(MAKE) --no-print-directory LUA=lua5.4 all
	@$(MAKE) --no-print-directory LUA=luajit all
	lua5.4 -e '$(call CHARACTER_PATHS,build/lua5.4)' bench/character.lua
	luajit -e '$(call CHARACTER_PATHS,build/luajit)' bench/character.lua
