# mk/lines.mk - debug lines (collide.lines, scene:lines)
#
#   make bench-lines   bench/lines.lua: collide.lines on each kind beside the
#                      floor of its result table, scene:lines within a box
#                      on a terrain (mesh and heightfield) beside the whole
#                      terrain's lines and mesh:query with edges from Lua
#                      (also part of `make bench`)

.PHONY: bench-lines
bench: bench-lines

bench-lines: $(SO)
	$(RUN) bench/lines.lua
