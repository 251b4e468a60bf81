# mk/cxx.mk - the sources as C++, as Defold's build server compiles them
# (clang++ on every .c file), and as C99 by clang, both with -Werror.
#
#   make test-cxx   every .c of src/ compiled by clang as C99 ($(CFLAGS_W))
#                   and by clang++ as C++11 ($(CXXFLAGS_CXX)), each with
#                   -Werror; the C++ objects linked into
#                   build/cxx/lua5.4/collide/core.so, which Debian's Lua 5.4
#                   (a C library) loads and runs the smoke and determinism
#                   specs with: C linkage where it matters, and the same
#                   bits from a C++ build (CI)
#
# Installs clang through tools/deps.sh.

CXX_CLANG    = clang++
CXXFLAGS_CXX = -x c++ -std=c++11 -fno-exceptions -fno-rtti -Wall -Wextra -pedantic \
               -Wshadow -ffp-contract=off -Werror
CXX_BUILD    = build/cxx/lua5.4
CXX_OBJ      = $(patsubst src/%.c,$(CXX_BUILD)/obj/%.o,$(SRC))

.PHONY: test-cxx cxx-deps

cxx-deps:
	@sh tools/deps.sh lua5.4 clang:clang clang++:clang

# C99 first (syntax only: the gcc build makes the objects), then C++
$(CXX_BUILD)/obj/%.o: src/%.c $(HDR) | cxx-deps
	@mkdir -p $(@D)
	@clang -fsyntax-only $(CFLAGS_W) -Werror -I/usr/include/lua5.4 $(INC) $<
	@$(CXX_CLANG) $(CXXFLAGS_CXX) $(OPT) -fPIC -fvisibility=hidden -I/usr/include/lua5.4 $(INC) -c $< -o $@

$(CXX_BUILD)/collide/core.so: $(CXX_OBJ)
	@mkdir -p $(@D)
	$(CXX_CLANG) -shared -o $@ $(CXX_OBJ) -lm

test-cxx: $(CXX_BUILD)/collide/core.so
	@echo "test-cxx: $(words $(SRC)) files warning-free as C99 (clang) and as C++11 (clang++)"
	@nm -D --defined-only $< | grep -q ' T luaopen_collide_core$$' \
	  || { echo "test-cxx: luaopen_collide_core not exported with C linkage" >&2; exit 1; }
	lua5.4 $(BUSTED) --cpath="./$(CXX_BUILD)/?.so" spec/smoke_spec.lua spec/determinism_spec.lua

CI_TARGETS += test-cxx
