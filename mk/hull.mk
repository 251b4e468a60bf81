# mk/hull.mk - collide.hull (doc/hull.md)
#
#   make bench-hull   bench/hull.lua: rocks (hulls of 24 points) against
#                     rocks and boxes, distance and intersects per call from
#                     Lua beside Bullet's btConvexHullShape with
#                     btGjkPairDetector (double precision) on the same
#                     pairs, and how often the answers agree
#   make test-hull-contact   tests/hull_contact_test.c: the contact of
#                     hulls by EPA's normal against the search over every
#                     separating axis, on seeded random pairs (CI)
#   make bench-hull-contact   bench/hull_contact.lua: collide.contact between
#                     overlapping hulls of 12 to 96 vertices, per call, and
#                     each size's time over the 12-vertex one (part of
#                     `make bench`)

.PHONY: bench-hull hull-ref-deps bench-hull-contact test-hull-contact
CI_TARGETS += test-hull-contact

build/c/hull_contact_test: tests/hull_contact_test.c $(GEOMETRY_SRC) $(GEOMETRY_HDR)
	@mkdir -p build/c
	$(CC) $(OPT) $(CFLAGS_W) -Iinclude -Isrc/geometry tests/hull_contact_test.c $(GEOMETRY_SRC) -o $@ -lm

test-hull-contact: build/c/hull_contact_test
	./build/c/hull_contact_test

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
