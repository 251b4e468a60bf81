# make bench: narrow-phase ns per call against the floor and pure Lua
# (other mk files add their own benchmarks as prerequisites of `bench`)
#   make bench-narrow LUA=luajit CPML_PATH=/path/to/cpml   adds CPML's own
#     functions on the same shapes (a copy of CPML, never part of collide)
FLOOR_SO = $(BUILD)/bench/floor.so
# the geometry alone, timed from C: the core's sources without the binding
GEOMETRY_SO = $(BUILD)/bench/geometry.so

$(FLOOR_SO): bench/floor.c | deps
	@mkdir -p $(BUILD)/bench
	$(CC) $(OPT) -fPIC -std=c99 -Wall -Wextra -pedantic -I$(LUA_INCDIR) $< -o $@ -shared

$(GEOMETRY_SO): bench/geometry.c $(GEOMETRY_SRC) $(HDR) | deps
	@mkdir -p $(BUILD)/bench
	$(CC) $(CFLAGS) -I$(LUA_INCDIR) $(INC) bench/geometry.c $(GEOMETRY_SRC) -o $@ $(LDFLAGS) -lm

.PHONY: bench bench-narrow bench-manifold
bench: bench-narrow bench-manifold

# collide.manifold beside collide.contact on resting pairs
bench-manifold: $(SO)
	$(RUN) bench/manifold.lua

bench-narrow: $(SO) $(FLOOR_SO) $(GEOMETRY_SO)
	$(RUN) bench/narrow.lua

# instructions per call under callgrind: repeatable on a busy machine
.PHONY: bench-instructions
bench-instructions: $(SO) $(FLOOR_SO)
	@command -v valgrind >/dev/null 2>&1 || sh tools/deps.sh $(LUA) valgrind:valgrind
	sh bench/instr.sh $(LUA) $(BUILD)
