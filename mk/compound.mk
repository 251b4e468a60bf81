# mk/compound.mk - compound shapes (collide.compound)
#
#   make bench-compound   bench/compound.lua: a ray and an aabb against a
#                         compound of 64 boxes, through its tree beside a
#                         loop from Lua over its children (also part of
#                         `make bench`)

.PHONY: bench-compound
bench: bench-compound

bench-compound: $(SO)
	$(RUN) bench/compound.lua
