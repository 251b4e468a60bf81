# mk/world_c.mk - the world and the character from C, with no Lua
#
#   make test-world-c   builds tests/world_test.c against src/geometry
#                       alone (no Lua header, no binding) and runs it: a
#                       capsule walks a level of boxes, climbs stairs, rides
#                       a lift and walks a mesh; moves slide and stop
#                       exactly; sync refits what moved. Part of make test-c.

.PHONY: test-world-c
test-c: test-world-c

build/c/world_test: tests/world_test.c $(GEOMETRY_SRC) $(GEOMETRY_HDR)
	@mkdir -p build/c
	$(CC) $(OPT) $(CFLAGS_W) -Iinclude -Isrc/geometry tests/world_test.c $(GEOMETRY_SRC) -o $@ -lm

test-world-c: build/c/world_test
	./build/c/world_test

