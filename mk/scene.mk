# mk/scene.mk - the scene benchmark (doc/performance.md)
#
#   make bench-scene   collide.scene on 100,000 items and 2,000 rays, beside
#                      brute force and Bullet's btDbvt (float and float64)
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
CXX            ?= g++

.PHONY: bench bench-scene bench-scene-smoke bullet-deps
bench: bench-scene
CI_TARGETS += bench-scene-smoke

bench-scene: $(SO) $(BULLET_DBVT) $(BULLET_DBVT64)
	$(RUN) bench/scene.lua $(BULLET_DBVT) $(BULLET_DBVT64)

bench-scene-smoke: $(SO)
	SCENE_N=4000 SCENE_WORLD=120 SCENE_RAYS=400 SCENE_BRUTE=400 $(RUN) bench/scene.lua

bullet-deps:
	@sh tools/deps.sh - /usr/include/bullet/btBulletCollisionCommon.h:libbullet-dev $(CXX):g++

$(SCENE_GEOM_DIR)/%.o: src/geometry/%.c $(GEOMETRY_HDR)
	@mkdir -p $(SCENE_GEOM_DIR)
	$(CC) $(OPT) -std=c99 -Isrc/geometry -c $< -o $@

$(BULLET_DBVT): bench/bullet_dbvt.cpp $(SCENE_GEOM_OBJ) | bullet-deps
	$(CXX) $(OPT) -Isrc/geometry -I/usr/include/bullet $< $(SCENE_GEOM_OBJ) -o $@ \
	  -lBulletCollision -lLinearMath -lm

$(BULLET_DBVT64): bench/bullet_dbvt.cpp $(SCENE_GEOM_OBJ) | bullet-deps
	$(CXX) $(OPT) -DBT_USE_DOUBLE_PRECISION -Isrc/geometry -I/usr/include/bullet $< $(SCENE_GEOM_OBJ) -o $@ \
	  -lBulletCollision-float64 -lLinearMath-float64 -lm
