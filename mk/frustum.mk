# mk/frustum.mk - make bench-frustum: frustum:classify, ns per call, on a
# fixed mix of boxes, rotated boxes, spheres and triangles (bench/frustum.lua)
.PHONY: bench-frustum
bench: bench-frustum

bench-frustum: $(SO)
	$(LUA) -e 'package.path="./lua/?.lua;./lua/?/init.lua;"..package.path; package.cpath="./$(BUILD)/?.so;"..package.cpath' bench/frustum.lua
