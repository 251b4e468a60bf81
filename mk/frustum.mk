# mk/frustum.mk - make bench-frustum: frustum:classify, ns per call, on a
# fixed mix of boxes, rotated boxes, spheres and triangles (bench/frustum.lua)
.PHONY: bench-frustum
bench: bench-frustum

bench-frustum: $(SO)
	$(RUN) bench/frustum.lua
