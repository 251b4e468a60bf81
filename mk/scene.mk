# mk/scene.mk - the scene benchmark (doc/performance.md)
#
#   make bench-scene   collide.scene on 100,000 items and 2,000 rays, beside
#                      brute force and Bullet's btDbvt (float and float64);
#                      then the broad phase at game scale (bench/broad.lua:
#                      moving boxes, sync and pairs, queries, rays, inserts
#                      and memory at 10k, 100k and 1M boxes) beside Bullet's
#                      btDbvtBroadphase and btDbvt in the same run
#   make bullet-deps   installs libbullet-dev and g++ when run as root
#   make bench-scene-smoke  (CI) the same on 4,000 items and 400 rays, every
#                      ray brute-forced, no Bullet: fails when a nearest hit
#                      differs
#
# The Bullet programs link collide's Lua-free geometry (src/geometry)
# for the exact casts; objects go to $(BUILD)/bench/geometry.

SCENE_GEOM_DIR  = $(BUILD)/bench/geometry
SCENE_GEOM_OBJ  = $(patsubst src/geometry/%.c,$(SCENE_GEOM_DIR)/%.o,$(GEOMETRY_SRC))
BULLET_DBVT     = $(BUILD)/bench/bullet_dbvt
BULLET_DBVT64   = $(BUILD)/bench/bullet_dbvt64
BULLET_BROAD    = $(BUILD)/bench/bullet_broad
CXX            ?= g++

.PHONY: bench bench-scene bench-scene-smoke bullet-deps
bench: bench-scene
CI_TARGETS += bench-scene-smoke

bench-scene: $(SO) $(BULLET_DBVT) $(BULLET_DBVT64) $(BULLET_BROAD)
	$(RUN) bench/scene.lua $(BULLET_DBVT) $(BULLET_DBVT64)
	$(RUN) bench/broad.lua $(BULLET_BROAD)

bench-scene-smoke: $(SO)
	SCENE_N=4000 SCENE_WORLD=120 SCENE_RAYS=400 SCENE_BRUTE=400 $(RUN) bench/scene.lua
	BROAD_SIZES=2000 BROAD_FRAMES=3 BROAD_QUERIES=200 $(RUN) bench/broad.lua

bullet-deps:
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
