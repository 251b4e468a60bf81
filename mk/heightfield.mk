# mk/heightfield.mk - collide.heightfield (doc/mesh.md)
#
#   make bench-heightfield   bench/heightfield.lua: a 1024 x 1024 grid against
#                     collide.mesh of the same triangles in one run (build
#                     time, memory per sample, ray:cast for four sorts of
#                     rays, every hit compared), and Bullet's
#                     btHeightfieldTerrainShape ray test on the same heights
#                     and rays (also part of `make bench`; not in CI)

.PHONY: bench-heightfield

bench: bench-heightfield

BULLET_HEIGHTFIELD = $(BUILD)/bench/bullet_heightfield

bench-heightfield: $(SO) $(BULLET_HEIGHTFIELD)
	$(RUN) bench/heightfield.lua $(BULLET_HEIGHTFIELD)

.PHONY: heightfield-ref-deps
heightfield-ref-deps:
	@sh tools/deps.sh - /usr/include/bullet/btBulletCollisionCommon.h:libbullet-dev $(CXX):g++

$(BULLET_HEIGHTFIELD): bench/bullet_heightfield.cpp | heightfield-ref-deps
	@mkdir -p $(dir $@)
	$(CXX) $(OPT) -Wall -Wextra -I/usr/include/bullet $< -o $@ -lBulletCollision -lLinearMath
