# mk/mesh.mk - collide.mesh (doc/mesh.md, doc/performance.md)
#
#   make render       examples/render.lua: a terrain, a torus and hull rocks ray-cast into
#                     build/render.png (RENDER_OUT=file.png|file.ppm,
#                     RENDER_SIZE="640 400"); the README's picture is
#                     `make render RENDER_OUT=doc/img/mesh-render.png`
#   make bench-mesh   bench/mesh.lua: 1,000,000 triangles, build time, memory
#                     per triangle, ray:cast(mesh) against brute force, capsule
#                     sweeps beside ray casts along the same motions,
#                     Embree's rtcIntersect1 and Bullet's
#                     btBvhTriangleMeshShape on the same mesh and rays
#                     (also part of `make bench`)
#   make test-portable  the spec suite on the module built with NO_SSE2=1
#                     (build/portable/): the mesh's portable C alone, whose
#                     answers the SSE2 slab tests must give identically

RENDER_OUT  ?= build/render.png
RENDER_SIZE ?= 320 200

.PHONY: render bench-mesh test-portable

CI_TARGETS += render test-portable

# NO_SSE2=1: compile the SSE2 paths out (x86-64 always has SSE2; other
# machines take the portable C anyway)
ifneq ($(NO_SSE2),)
CFLAGS += -DCL_NO_SSE2
endif

test-portable:
	@$(MAKE) --no-print-directory NO_SSE2=1 BUILD=build/portable/$(LUA) test

bench: bench-mesh

render: $(SO)
	@mkdir -p $(dir $(RENDER_OUT))
	$(RUN) examples/render.lua $(RENDER_OUT) $(RENDER_SIZE)

# the references beside collide in bench-mesh (bench/mesh_ref.h): Embree's
# rtcIntersect1 and Bullet's btBvhTriangleMeshShape, float and float64
EMBREE_MESH   = $(BUILD)/bench/embree_mesh
BULLET_MESH   = $(BUILD)/bench/bullet_mesh
BULLET_MESH64 = $(BUILD)/bench/bullet_mesh64

# (the names above come before the rule: a prerequisite list is expanded
# when make reads it)
bench-mesh: $(SO) $(EMBREE_MESH) $(BULLET_MESH) $(BULLET_MESH64)
	$(RUN) bench/mesh.lua $(EMBREE_MESH) $(BULLET_MESH) $(BULLET_MESH64)

# the ray cast from C alone, its instructions a ray counted by callgrind
MESH_RAYS = $(BUILD)/bench/mesh_rays
MESH_RAYS_N = 20000
$(MESH_RAYS): bench/mesh_rays.c build/libcollide.a
	@mkdir -p $(dir $@)
	$(CC) $(OPT) -std=c99 -Wall -Wextra -pedantic -Iinclude -Isrc/geometry $< build/libcollide.a -o $@ -lm

.PHONY: bench-mesh-instructions
bench-mesh-instructions: $(MESH_RAYS)
	@command -v valgrind >/dev/null 2>&1 || sh tools/deps.sh $(LUA) valgrind:valgrind
	@for kind in 0 1; do \
	  valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect=cl_mesh_cast \
	    $(MESH_RAYS) $(MESH_RAYS_N) 1 $$kind 2>&1 | awk -v n=$(MESH_RAYS_N) -v k=$$kind \
	    '/^kind/ { print } /Collected :/ { printf "kind %d: %.0f instructions a ray in cl_mesh_cast\n", k, $$NF / n }'; \
	done

.PHONY: mesh-ref-deps
mesh-ref-deps:
	@sh tools/deps.sh - /usr/include/embree3/rtcore.h:libembree-dev \
	  /usr/include/bullet/btBulletCollisionCommon.h:libbullet-dev $(CXX):g++

$(EMBREE_MESH): bench/embree_mesh.cpp bench/mesh_ref.h | mesh-ref-deps
	@mkdir -p $(dir $@)
	$(CXX) $(OPT) -Wall -Wextra $< -o $@ -lembree3

$(BULLET_MESH): bench/bullet_mesh.cpp bench/mesh_ref.h | mesh-ref-deps
	@mkdir -p $(dir $@)
	$(CXX) $(OPT) -Wall -Wextra -I/usr/include/bullet $< -o $@ -lBulletCollision -lLinearMath

$(BULLET_MESH64): bench/bullet_mesh.cpp bench/mesh_ref.h | mesh-ref-deps
	@mkdir -p $(dir $@)
	$(CXX) $(OPT) -Wall -Wextra -DBT_USE_DOUBLE_PRECISION -I/usr/include/bullet $< -o $@ \
	  -lBulletCollision-float64 -lLinearMath-float64
