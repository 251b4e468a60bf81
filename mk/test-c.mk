# mk/test-c.mk - the C tests: the geometry, the world and the character
# from C, with no Lua
#
#   make test-c         compiles src/geometry with no Lua header in reach,
#                       links examples/engine.c to it and runs it; then
#                       test-world-c, test-world-api, test-header-clash,
#                       example-world and test-threads-plain (CI)
#   make test-world-c   builds tests/world_test.c against src/geometry
#                       alone (no Lua header, no binding) and runs it: a
#                       capsule walks a level of boxes, climbs stairs, rides
#                       a lift and walks a mesh; moves slide and stop
#                       exactly; sync refits what moved. Part of make test-c.
#   make test-world-api compiles each public header alone (C99, and C++
#                       when a C++ compiler is found), then builds
#                       tests/world_api_test.c with -Iinclude only against
#                       libcollide.a, as C and as C++, and runs both: the
#                       world through its public header, nested calls, and
#                       every allocation of a scenario failed in turn; and
#                       checks that a const shape given to cl_world_add
#                       does not compile. `make test` runs it.
#                       Part of make test-c.
#   make test-header-clash  compiles tests/header_clash_test.c with
#                       -Werror, the public headers before OpenCL's
#                       <CL/cl.h> and after it (tools/deps.sh installs
#                       opencl-c-headers), and runs both: no public name
#                       is one of OpenCL's. Part of make test-c.
#   make example-world  builds examples/world.c with -Iinclude only against
#                       libcollide.a and runs it. `make test` runs it.
#                       Part of make test-c.
#   make test-threads   builds tests/threads_test.c with ThreadSanitizer
#                       and runs it: four threads read one world at once
#                       (raycasts, queries, frustum queries, sweeps, pairs,
#                       options and shapes), each answer as the call gives
#                       it alone, and no data race. In CI; make test-c runs
#                       the same test built plain (test-threads-plain).
#   make test-hull-contact  tests/hull_contact_test.c: the contact of
#                       hulls by EPA's normal against the search over every
#                       separating axis, on seeded random pairs (CI)
#   make test-motion    builds tests/motion_test.c against src/geometry (no
#                       Lua) and runs its seeded random checks: distance
#                       certified by separating slabs, capsule tests against
#                       the core segment's distance, sweeps against bisection
#                       of intersects, the mesh sweep against every triangle
#                       (MOTION_SCALE=n runs n times as many cases; CI)

MOTION_SCALE ?= 1

.PHONY: test-c test-world-c test-world-api test-header-clash example-world test-threads \
        test-threads-plain test-hull-contact test-motion

CI_TARGETS += test-hull-contact test-motion test-c test-threads

# the geometry with no Lua header in reach (examples/engine.c); the second
# rule adds the world from C, built and run after deps as before
test-c: $(GEOMETRY_SRC) $(GEOMETRY_HDR) examples/engine.c | deps
	@! grep -n '^ *# *include *["<]\(lua\|lauxlib\|lualib\|luajit\|l_\)' \
	  $(GEOMETRY_SRC) $(GEOMETRY_HDR) || { echo "test-c: a Lua header above" >&2; exit 1; }
	@mkdir -p build/c
	$(CC) $(OPT) $(CFLAGS_W) -Iinclude -Isrc/geometry examples/engine.c $(GEOMETRY_SRC) -o build/c/engine -lm
	./build/c/engine

test-c: test-world-c test-world-api test-header-clash example-world test-threads-plain

build/c/world_test: tests/world_test.c $(GEOMETRY_SRC) $(GEOMETRY_HDR)
	@mkdir -p build/c
	$(CC) $(OPT) $(CFLAGS_W) -Iinclude -Isrc/geometry tests/world_test.c $(GEOMETRY_SRC) -o $@ -lm

test-world-c: build/c/world_test
	./build/c/world_test

# a C++ compiler, when there is one: the public headers' extern "C"
# is checked with it
CXX_FOUND = $(shell command -v $(CXX) 2>/dev/null)
CXXFLAGS_W = -std=c++11 -Wall -Wextra

build/c/world_api_test: tests/world_api_test.c build/libcollide.a $(PUBLIC_HDR)
	@mkdir -p build/c
	$(CC) $(OPT) $(CFLAGS_W) -Iinclude tests/world_api_test.c build/libcollide.a -o $@ -lm

build/c/world_api_test_cxx: tests/world_api_test.c build/libcollide.a $(PUBLIC_HDR)
	@mkdir -p build/c
	$(CXX) $(OPT) -x c++ $(CXXFLAGS_W) -Iinclude tests/world_api_test.c -x none build/libcollide.a -o $@ -lm

test-world-api: build/c/world_api_test $(if $(CXX_FOUND),build/c/world_api_test_cxx)
	@for h in $(PUBLIC_HDR); do \
	  $(CC) -fsyntax-only -std=c99 -Wall -Wextra -pedantic -Iinclude -x c $$h || exit 1; \
	  if [ -n "$(CXX_FOUND)" ]; then \
	    $(CXX) -fsyntax-only $(CXXFLAGS_W) -Iinclude -x c++ $$h || exit 1; fi; \
	done; echo "test-world-api: each of $(words $(PUBLIC_HDR)) headers compiles alone"
	@if $(CC) -fsyntax-only $(CFLAGS_W) -Werror -DCONST_SHAPE -Iinclude tests/world_api_test.c 2>/dev/null; then \
	  echo "test-world-api: a const shape given to cl_world_add compiles" >&2; exit 1; fi
	@echo "test-world-api: a const shape given to cl_world_add does not compile"
	./build/c/world_api_test
	$(if $(CXX_FOUND),./build/c/world_api_test_cxx)

CLASH_FLAGS = -std=c99 -Wall -Wextra -pedantic -Werror -Iinclude

test-header-clash: tests/header_clash_test.c $(PUBLIC_HDR)
	@sh tools/deps.sh - /usr/include/CL/cl.h:opencl-c-headers
	@mkdir -p build/c
	$(CC) $(CLASH_FLAGS) -DCOLLIDE_FIRST tests/header_clash_test.c -o build/c/header_clash_first
	$(CC) $(CLASH_FLAGS) tests/header_clash_test.c -o build/c/header_clash_second
	./build/c/header_clash_first
	./build/c/header_clash_second

build/c/world_example: examples/world.c build/libcollide.a $(PUBLIC_HDR)
	@mkdir -p build/c
	$(CC) $(OPT) $(CFLAGS_W) -Iinclude examples/world.c build/libcollide.a -o $@ -lm

example-world: build/c/world_example
	./build/c/world_example

THREADS_FLAGS = $(CFLAGS_W) -pthread -Iinclude -Isrc/geometry

build/c/threads_test: tests/threads_test.c $(GEOMETRY_SRC) $(GEOMETRY_HDR)
	@mkdir -p build/c
	$(CC) $(OPT) $(THREADS_FLAGS) tests/threads_test.c $(GEOMETRY_SRC) -o $@ -lm

build/c/threads_test_tsan: tests/threads_test.c $(GEOMETRY_SRC) $(GEOMETRY_HDR)
	@mkdir -p build/c
	$(CC) -O1 -g -fsanitize=thread $(THREADS_FLAGS) tests/threads_test.c $(GEOMETRY_SRC) -o $@ -lm

test-threads-plain: build/c/threads_test
	./build/c/threads_test

test-threads: build/c/threads_test_tsan
	TSAN_OPTIONS="halt_on_error=1 exitcode=66" ./build/c/threads_test_tsan

# ---- hulls -------------------------------------------------------------
build/c/hull_contact_test: tests/hull_contact_test.c $(GEOMETRY_SRC) $(GEOMETRY_HDR)
	@mkdir -p build/c
	$(CC) $(OPT) $(CFLAGS_W) -Iinclude -Isrc/geometry tests/hull_contact_test.c $(GEOMETRY_SRC) -o $@ -lm

test-hull-contact: build/c/hull_contact_test
	./build/c/hull_contact_test

# ---- capsules, distance and shape casts -------------------------------
build/c/motion_test: tests/motion_test.c $(GEOMETRY_SRC) $(GEOMETRY_HDR)
	@mkdir -p build/c
	$(CC) $(OPT) $(CFLAGS_W) -Iinclude -Isrc/geometry tests/motion_test.c $(GEOMETRY_SRC) -o $@ -lm

test-motion: build/c/motion_test
	./build/c/motion_test $(MOTION_SCALE)
