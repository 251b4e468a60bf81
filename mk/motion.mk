# mk/motion.mk - capsules, distance and shape casts checked from C
#
#   make test-motion   builds tests/motion_test.c against src/geometry (no
#                      Lua) and runs its seeded random checks: distance
#                      certified by separating slabs, capsule tests against
#                      the core segment's distance, sweeps against bisection
#                      of intersects, the mesh sweep against every triangle
#                      (MOTION_SCALE=n runs n times as many cases)

MOTION_SCALE ?= 1

.PHONY: test-motion

CI_TARGETS += test-motion

build/c/motion_test: tests/motion_test.c $(GEOMETRY_SRC) $(GEOMETRY_HDR)
	@mkdir -p build/c
	$(CC) $(OPT) $(CFLAGS_W) -Iinclude -Isrc/geometry tests/motion_test.c $(GEOMETRY_SRC) -o $@ -lm

test-motion: build/c/motion_test
	./build/c/motion_test $(MOTION_SCALE)
