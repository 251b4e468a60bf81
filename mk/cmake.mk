# mk/cmake.mk - the C library for engines built with CMake or pkg-config
# (CMakeLists.txt, doc/install.md)
#
#   make test-cmake   builds examples/cmake/main.c (a world of boxes, a
#                     mesh, a heightfield, a hull and a compound, every byte
#                     from the engine's allocator; six raycasts, each
#                     checked) four ways and runs each: with
#                     add_subdirectory of this checkout (no build type:
#                     -O0); against the package `cmake --install` puts in
#                     build/cmake/prefix, found by find_package(collide)
#                     with CMAKE_PREFIX_PATH (Release: -O3); by cc with
#                     `pkg-config --cflags --libs collide` for that prefix;
#                     and with -Iinclude against the Makefile's
#                     build/libcollide.a (-O2). The four outputs, every t in
#                     hex, must be the same text. It also checks that CMake
#                     compiled the library with -std=c99 and
#                     -ffp-contract=off, that CMakeLists.txt's version is
#                     $(VERSION), and that each ```c block of
#                     doc/install.md is a part of main.c, so that the
#                     documented code is what is compiled and run. CI.

CMAKE_OUT    = build/cmake
CMAKE_PREFIX = $(CURDIR)/$(CMAKE_OUT)/prefix
CMAKE_EXAMPLE = examples/cmake/main.c examples/cmake/CMakeLists.txt

.PHONY: test-cmake

test-cmake: CMakeLists.txt $(CMAKE_EXAMPLE) build/libcollide.a $(GEOMETRY_SRC) $(GEOMETRY_HDR) doc/install.md
	@sh tools/deps.sh - cmake:cmake pkg-config:pkg-config
	@grep -q '^project(collide VERSION $(subst .,\.,$(VERSION)) ' CMakeLists.txt \
	  || { echo "test-cmake: CMakeLists.txt's version is not $(VERSION)" >&2; exit 1; }
	@rm -rf $(CMAKE_OUT) && mkdir -p $(CMAKE_OUT)/doc
	@echo "== add_subdirectory"
	cmake -S examples/cmake -B $(CMAKE_OUT)/sub -DCOLLIDE_SOURCE_DIR=$(CURDIR) -DCMAKE_EXPORT_COMPILE_COMMANDS=ON > $(CMAKE_OUT)/sub.log
	cmake --build $(CMAKE_OUT)/sub >> $(CMAKE_OUT)/sub.log
	./$(CMAKE_OUT)/sub/collide_example > $(CMAKE_OUT)/sub.out
	@for f in -std=c99 -ffp-contract=off; do \
	  n=$$(grep -c -e " $$f " $(CMAKE_OUT)/sub/compile_commands.json); \
	  [ "$$n" -ge $(words $(GEOMETRY_SRC)) ] \
	    || { echo "test-cmake: $$f is missing from the library's compile commands" >&2; exit 1; }; done
	@echo "== cmake --install, find_package"
	cmake -S . -B $(CMAKE_OUT)/lib > $(CMAKE_OUT)/lib.log
	cmake --build $(CMAKE_OUT)/lib >> $(CMAKE_OUT)/lib.log
	cmake --install $(CMAKE_OUT)/lib --prefix $(CMAKE_PREFIX) >> $(CMAKE_OUT)/lib.log
	cmake -S examples/cmake -B $(CMAKE_OUT)/pkg -DCMAKE_PREFIX_PATH=$(CMAKE_PREFIX) > $(CMAKE_OUT)/pkg.log
	cmake --build $(CMAKE_OUT)/pkg >> $(CMAKE_OUT)/pkg.log
	./$(CMAKE_OUT)/pkg/collide_example > $(CMAKE_OUT)/pkg.out
	@echo "== pkg-config"
	PKG_CONFIG_PATH=$(CMAKE_PREFIX)/lib/pkgconfig pkg-config --cflags --libs collide
	$(CC) -std=c99 -Wall -Wextra -pedantic -Werror examples/cmake/main.c \
	  $$(PKG_CONFIG_PATH=$(CMAKE_PREFIX)/lib/pkgconfig pkg-config --cflags --libs collide) \
	  -o $(CMAKE_OUT)/pc_example
	./$(CMAKE_OUT)/pc_example > $(CMAKE_OUT)/pc.out
	@echo "== build/libcollide.a"
	$(CC) $(OPT) $(CFLAGS_W) -Iinclude examples/cmake/main.c build/libcollide.a -o $(CMAKE_OUT)/make_example -lm
	./$(CMAKE_OUT)/make_example > $(CMAKE_OUT)/make.out
	@cat $(CMAKE_OUT)/sub.out
	@for o in pkg pc make; do cmp -s $(CMAKE_OUT)/sub.out $(CMAKE_OUT)/$$o.out \
	  || { echo "test-cmake: the $$o build prints otherwise:" >&2; \
	       diff $(CMAKE_OUT)/sub.out $(CMAKE_OUT)/$$o.out >&2; exit 1; }; done
	@grep -qx "every check passed" $(CMAKE_OUT)/sub.out
	@awk -v dir=$(CMAKE_OUT)/doc '/^```c$$/ { n++; f = dir "/block" n ".c"; inside = 1; printf "" > f; next } \
	  /^```/ { inside = 0; next } inside { print > f }' doc/install.md
	@n=0; for b in $(CMAKE_OUT)/doc/block*.c; do [ -f "$$b" ] || continue; n=$$((n + 1)); \
	  awk 'FNR == NR { a = a $$0 "\n"; next } { b = b $$0 "\n" } END { exit !index(a, b) }' \
	    examples/cmake/main.c $$b \
	    || { echo "test-cmake: a C block of doc/install.md is not in examples/cmake/main.c:" >&2; \
	         cat $$b >&2; exit 1; }; done; \
	  [ $$n -ge 4 ] || { echo "test-cmake: doc/install.md has $$n C blocks, 4 expected" >&2; exit 1; }; \
	  echo "test-cmake: the four builds print the same; the $$n C blocks of doc/install.md are main.c's"

CI_TARGETS += test-cmake
