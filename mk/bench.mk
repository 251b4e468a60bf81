# mk/bench.mk - the benchmarks (doc/performance.md), and the reference
# programs they run beside collide. The world's benchmark beside Jolt and
# bump-3dpd, with Jolt's native build, is mk/bench-world.mk.
#
#   make bench          every benchmark below that is part of it, in turn
#   make bench-narrow   narrow-phase ns per call against the floor and pure
#                       Lua; `make bench-narrow LUA=luajit
#                       CPML_PATH=/path/to/cpml` adds CPML's own functions
#                       on the same shapes (a copy of CPML, never part of
#                       collide)
#   make bench-manifold collide.manifold beside collide.contact on resting
#                       pairs
#   make bench-instructions  instructions per call under callgrind:
#                       repeatable on a busy machine
#   make bench-compound bench/compound.lua: a ray and an aabb against a
#                       compound of 64 boxes, through its tree beside a
#                       loop from Lua over its children
#   make bench-frustum  frustum:classify, ns per call, on a fixed mix of
#                       boxes, rotated boxes, spheres and triangles
#                       (bench/frustum.lua)
#   make bench-heightfield  bench/heightfield.lua: a 1024 x 1024 grid
#                       against collide.mesh of the same triangles in one
#                       run (build time, memory per sample, ray:cast for
#                       four sorts of rays, every hit compared), and
#                       Bullet's btHeightfieldTerrainShape ray test on the
#                       same heights and rays (not in CI)
#   make bench-hull     bench/hull.lua: rocks (hulls of 24 points) against
#                       rocks and boxes, distance and intersects per call
#                       from Lua beside Bullet's btConvexHullShape with
#                       btGjkPairDetector (double precision) on the same
#                       pairs, and how often the answers agree (not part of
#                       `make bench`)
#   make bench-hull-contact  bench/hull_contact.lua: collide.contact between
#                       overlapping hulls of 12 to 96 vertices, per call,
#                       and each size's time over the 12-vertex one
#   make bench-lines    bench/lines.lua: collide.lines on each kind beside
#                       the floor of its result table, scene:lines within a
#                       box on a terrain (mesh and heightfield) beside the
#                       whole terrain's lines and mesh:query with edges
#                       from Lua
#   make bench-mesh     bench/mesh.lua: 1,000,000 triangles, build time,
#                       memory per triangle, ray:cast(mesh) against brute
#                       force, capsule sweeps beside ray casts along the
#                       same motions, Embree's rtcIntersect1 and Bullet's
#                       btBvhTriangleMeshShape on the same mesh and rays
#   make bench-mesh-instructions  bench/mesh_rays.c: the ray cast from C
#                       alone, its instructions a ray counted by callgrind
#   make bench-nearest  bench/nearest.lua: 10,000 scene:nearest queries
#                       among 100,000 boxes beside the same queries among
#                       the 1,000 boxes around the points, and the ratio of
#                       the two times
#   make bench-snapshot bench/snapshot.lua: a snapshot and a restore of a
#                       level of 100,000 static boxes, 1,000 moving ones
#                       and 100 sensors beside a frame that moves the 1,000
#                       and reads the events, and the bytes per moving item
#   make bench-scene    collide.scene on 100,000 items and 2,000 rays,
#                       beside brute force and Bullet's btDbvt (float and
#                       float64); then the broad phase at game scale
#                       (bench/broad.lua: moving boxes, sync and pairs,
#                       queries, rays, inserts and memory at 10k, 100k and
#                       1M boxes) beside Bullet's btDbvtBroadphase and
#                       btDbvt in the same run
#   make bench-scene-smoke  (CI) the same on 4,000 items and 400 rays, every
#                       ray brute-forced, no Bullet: fails when a nearest
#                       hit differs
#   make bullet-deps    installs libbullet-dev and g++ when run as root
#   make bench-threads  raycasts on one world from two threads at once
#                       against one thread (bench/threads.c): the
#                       throughput ratio
#   make bench-character  ch:move per character per frame on a level of
#                       about 100,000 triangles (one mesh) and on one of
#                       10,000 items, scene:move per call on the items and
#                       on 100,000 items built as the scene benchmark's;
#                       under Lua 5.4 and LuaJIT (CHARACTER_FRAMES=n; not
#                       part of `make bench`)
#
# `make bench` runs its benchmarks in the order of its list below; the CI
# smoke runs of the scene and of the world (mk/bench-world.mk) join
# CI_TARGETS here.

.PHONY: bench bench-narrow bench-manifold bench-instructions bench-compound bench-frustum \
        bench-heightfield heightfield-ref-deps bench-hull hull-ref-deps bench-hull-contact \
        bench-lines bench-mesh bench-mesh-instructions mesh-ref-deps bench-nearest bench-snapshot \
        bench-scene bench-scene-smoke bullet-deps bench-threads bench-character

bench: bench-narrow bench-manifold bench-compound bench-frustum bench-heightfield \
       bench-hull-contact bench-lines bench-mesh bench-nearest bench-snapshot bench-scene bench-world \
       bench-threads

CI_TARGETS += bench-scene-smoke bench-world-smoke

# ---- narrow phase, manifolds, instructions ------------------------------
FLOOR_SO = $(BUILD)/bench/floor.so
# the geometry alone, timed from C: the core's sources without the binding
GEOMETRY_SO = $(BUILD)/bench/geometry.so

$(FLOOR_SO): bench/floor.c | deps
	@mkdir -p $(BUILD)/bench
	$(CC) $(OPT) -fPIC -std=c99 -Wall -Wextra -pedantic -I$(LUA_INCDIR) $< -o $@ -shared

$(GEOMETRY_SO): bench/geometry.c $(GEOMETRY_SRC) $(HDR) | deps
	@mkdir -p $(BUILD)/bench
	$(CC) $(CFLAGS) -I$(LUA_INCDIR) $(INC) bench/geometry.c $(GEOMETRY_SRC) -o $@ $(LDFLAGS) -lm

# collide.manifold beside collide.contact on resting pairs
bench-manifold: $(SO)
	$(RUN) bench/manifold.lua

bench-narrow: $(SO) $(FLOOR_SO) $(GEOMETRY_SO)
	$(RUN) bench/narrow.lua

# instructions per call under callgrind: repeatable on a busy machine
bench-instructions: $(SO) $(FLOOR_SO)
	@command -v valgrind >/dev/null 2>&1 || sh tools/deps.sh $(LUA) valgrind:valgrind
	sh bench/instr.sh $(LUA) $(BUILD)

# ---- compounds, frustums, debug lines, the nearest item -----------------
bench-compound: $(SO)
	$(RUN) bench/compound.lua

bench-frustum: $(SO)
	$(RUN) bench/frustum.lua

bench-lines: $(SO)
	$(RUN) bench/lines.lua

bench-nearest: $(SO)
	$(RUN) bench/nearest.lua

bench-snapshot: $(SO)
	$(RUN) bench/snapshot.lua

# ---- heightfields (doc/mesh.md) -----------------------------------------
BULLET_HEIGHTFIELD = $(BUILD)/bench/bullet_heightfield

bench-heightfield: $(SO) $(BULLET_HEIGHTFIELD)
	$(RUN) bench/heightfield.lua $(BULLET_HEIGHTFIELD)

$(BULLET_HEIGHTFIELD): bench/bullet_heightfield.cpp | heightfield-ref-deps
	@mkdir -p $(dir $@)
	$(CXX) $(OPT) -Wall -Wextra -I/usr/include/bullet $< -o $@ -lBulletCollision -lLinearMath

# ---- hulls (doc/hull.md) ------------------------------------------------
bench-hull-contact: $(SO)
	$(RUN) bench/hull_contact.lua

BULLET_HULL = $(BUILD)/bench/bullet_hull

bench-hull: $(SO) $(BULLET_HULL)
	$(RUN) bench/hull.lua $(BULLET_HULL)

$(BULLET_HULL): bench/bullet_hull.cpp | hull-ref-deps
	@mkdir -p $(dir $@)
	$(CXX) $(OPT) -Wall -Wextra -DBT_USE_DOUBLE_PRECISION -I/usr/include/bullet $< -o $@ \
	  -lBulletCollision-float64 -lLinearMath-float64

# ---- meshes (doc/mesh.md) -----------------------------------------------
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

bench-mesh-instructions: $(MESH_RAYS)
	@command -v valgrind >/dev/null 2>&1 || sh tools/deps.sh $(LUA) valgrind:valgrind
	@for kind in 0 1; do \
	  valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect=cl_mesh_cast \
	    $(MESH_RAYS) $(MESH_RAYS_N) 1 $$kind 2>&1 | awk -v n=$(MESH_RAYS_N) -v k=$$kind \
	    '/^kind/ { print } /Collected :/ { printf "kind %d: %.0f instructions a ray in cl_mesh_cast\n", k, $$NF / n }'; \
	done

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

# ---- the scene and the broad phase --------------------------------------
# The Bullet programs link collide's Lua-free geometry (src/geometry)
# for the exact casts; objects go to $(BUILD)/bench/geometry.
SCENE_GEOM_DIR  = $(BUILD)/bench/geometry
SCENE_GEOM_OBJ  = $(patsubst src/geometry/%.c,$(SCENE_GEOM_DIR)/%.o,$(GEOMETRY_SRC))
BULLET_DBVT     = $(BUILD)/bench/bullet_dbvt
BULLET_DBVT64   = $(BUILD)/bench/bullet_dbvt64
BULLET_BROAD    = $(BUILD)/bench/bullet_broad
CXX            ?= g++

bench-scene: $(SO) $(BULLET_DBVT) $(BULLET_DBVT64) $(BULLET_BROAD)
	$(RUN) bench/scene.lua $(BULLET_DBVT) $(BULLET_DBVT64)
	$(RUN) bench/broad.lua $(BULLET_BROAD)

bench-scene-smoke: $(SO)
	SCENE_N=4000 SCENE_WORLD=120 SCENE_RAYS=400 SCENE_BRUTE=400 $(RUN) bench/scene.lua
	BROAD_SIZES=2000 BROAD_FRAMES=3 BROAD_QUERIES=200 $(RUN) bench/broad.lua

# Bullet's headers and libraries, for every benchmark beside Bullet
bullet-deps heightfield-ref-deps hull-ref-deps:
	@sh tools/deps.sh - /usr/include/bullet/btBulletCollisionCommon.h:libbullet-dev $(CXX):g++

$(SCENE_GEOM_DIR)/%.o: src/geometry/%.c $(GEOMETRY_HDR)
	@mkdir -p $(SCENE_GEOM_DIR)
	$(CC) $(OPT) -std=c99 -Iinclude -Isrc/geometry -c $< -o $@

$(BULLET_DBVT): bench/bullet_dbvt.cpp $(SCENE_GEOM_OBJ) | bullet-deps
	$(CXX) $(OPT) -Iinclude -Isrc/geometry -I/usr/include/bullet $< $(SCENE_GEOM_OBJ) -o $@ \
	  -lBulletCollision -lLinearMath -lm

$(BULLET_DBVT64): bench/bullet_dbvt.cpp $(SCENE_GEOM_OBJ) | bullet-deps
	$(CXX) $(OPT) -DBT_USE_DOUBLE_PRECISION -Iinclude -Isrc/geometry -I/usr/include/bullet $< $(SCENE_GEOM_OBJ) -o $@ \
	  -lBulletCollision-float64 -lLinearMath-float64 -lm

$(BULLET_BROAD): bench/bullet_broad.cpp | bullet-deps
	@mkdir -p $(BUILD)/bench
	$(CXX) $(OPT) -I/usr/include/bullet $< -o $@ -lBulletCollision -lLinearMath -lm

# ---- threads ------------------------------------------------------------
# raycasts from two threads against one (bench/threads.c): the throughput
# ratio, about 2 with two free cores
build/c/threads_bench: bench/threads.c build/libcollide.a $(PUBLIC_HDR)
	@mkdir -p build/c
	$(CC) $(OPT) $(CFLAGS_W) -pthread -Iinclude bench/threads.c build/libcollide.a -o $@ -lm

bench-threads: build/c/threads_bench
	./build/c/threads_bench

# ---- the character controller -------------------------------------------
bench-character:
	@$(MAKE) --no-print-directory LUA=lua5.4 all
	@$(MAKE) --no-print-directory LUA=luajit all
	lua5.4 $(call IN_TREE,lua5.4) bench/character.lua
	luajit $(call IN_TREE,luajit) bench/character.lua
