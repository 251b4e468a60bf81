# mk/hull.mk - collide.hull (doc/hull.md)
#
#   make bench-hull   bench/hull.lua: rocks (hulls of 24 points) against
#                     rocks and boxes, distance and intersects per call from
#                     Lua beside Bullet's btConvexHullShape with
#                     btGjkPairDetector (double precision) on the same
#                     pairs, and how often the answers agree
#   make bench-hull-contact   bench/hull_contact.lua: collide.contact between
#                     overlapping hulls of 12 to 96 vertices, per call, and
#                     each size's time over the 12-vertex one (part of
#                     `make bench`)

.PHONY: bench-hull hull-ref-deps bench-hull-contact
bench: bench-hull-contact

bench-hull-contact: $(SO)
	$(RUN) bench/hull_contact.lua

BULLET_HULL = $(BUILD)/bench/bullet_hull

bench-hull: $(SO) $(BULLET_HULL)
	$(RUN) bench/hull.lua $(BULLET_HULL)

hull-ref-deps:
	@sh tools/deps.sh - /usr/include/bullet/btBulletCollisionCommon.h:libbullet-dev $(CXX):g++

$(BULLET_HULL): bench/bullet_hull.cpp | hull-ref-deps
	@mkdir -p $(dir $@)
	$(CXX) $(OPT) -Wall -Wextra -DBT_USE_DOUBLE_PRECISION -I/usr/include/bullet $< -o $@ \
	  -lBulletCollision-float64 -lLinearMath-float64
