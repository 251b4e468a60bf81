# mk/mesh.mk - collide.mesh (doc/mesh.md, doc/performance.md)
#
#   make render       examples/render.lua: a terrain and a torus ray-cast into
#                     build/render.png (RENDER_OUT=file.png|file.ppm,
#                     RENDER_SIZE="640 400"); the README's picture is
#                     `make render RENDER_OUT=doc/img/mesh-render.png`
#   make bench-mesh   bench/mesh.lua: 1,000,000 triangles, build time, memory
#                     per triangle, ray:cast(mesh) against brute force, capsule
#                     sweeps beside ray casts along the same motions
#                     (also part of `make bench`)

RENDER_OUT  ?= build/render.png
RENDER_SIZE ?= 320 200

.PHONY: render bench-mesh

CI_TARGETS += render

bench: bench-mesh

render: $(SO)
	@mkdir -p $(dir $(RENDER_OUT))
	$(RUN) examples/render.lua $(RENDER_OUT) $(RENDER_SIZE)

bench-mesh: $(SO)
	$(RUN) bench/mesh.lua
