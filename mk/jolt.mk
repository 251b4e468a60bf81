# mk/jolt.mk - Jolt Physics compiled natively, the C++ peer of the
# character's rows of `make bench-world` (doc/performance.md, "The world
# beside Jolt and bump-3dpd")
#
#   make bench-jolt-native  the library of third_party/jolt/ built once into
#                      build/bench/jolt/libJolt.a, then
#                      build/bench/jolt_character (bench/jolt_character.cpp)
#                      linked against it; `make bench-world` builds and runs
#                      it beside the WebAssembly build and collide
#
# The library is compiled as Jolt's own CMake build compiles it for this
# CPU with g++ (Build/CMakeLists.txt and Jolt/Jolt.cmake of its release):
# its Release flags -O3 -DNDEBUG with link-time optimisation (its
# INTERPROCEDURAL_OPTIMIZATION default), -std=c++17, no RTTI, no
# exceptions, -ffp-contract=off, and the x86-64 instruction sets its
# options turn on by default (USE_SSE4_1, USE_SSE4_2, USE_AVX, USE_AVX2,
# USE_LZCNT, USE_TZCNT, USE_F16C, USE_FMADD): -mavx2 -mbmi -mpopcnt -mlzcnt
# -mf16c -mfma -mfpmath=sse and the JPH_USE_* macros naming them;
# JPH_OBJECT_STREAM as its ENABLE_OBJECT_STREAM default. Its profiler and
# debug renderer (on by default in its Release configuration, off in its
# Distribution one, which has the same compiler flags) are left off: a
# game ships without them, and they would only slow Jolt down. On a CPU
# without AVX2 set JOLT_ARCH (say JOLT_ARCH="-msse4.2 -mpopcnt" and
# JOLT_DEFS without the AVX ones). Nothing here runs in `make test` or CI.

JOLT_SRC_DIR  = third_party/jolt
JOLT_BUILD    = build/bench/jolt
JOLT_LIB      = $(JOLT_BUILD)/libJolt.a
JOLT_BENCH    = build/bench/jolt_character
JOLT_ARCH    ?= -mavx2 -mbmi -mpopcnt -mlzcnt -mf16c -mfma -mfpmath=sse
JOLT_DEFS    ?= -DJPH_USE_SSE4_1 -DJPH_USE_SSE4_2 -DJPH_USE_AVX -DJPH_USE_AVX2 \
                -DJPH_USE_LZCNT -DJPH_USE_TZCNT -DJPH_USE_F16C -DJPH_USE_FMADD \
                -DJPH_OBJECT_STREAM -DNDEBUG
JOLT_CXXFLAGS = -std=c++17 -O3 -flto=auto -fno-rtti -fno-exceptions -ffp-contract=off \
                -Wall -Wno-stringop-overflow -Wno-psabi -pthread \
                $(JOLT_ARCH) $(JOLT_DEFS) -I$(JOLT_SRC_DIR)
JOLT_CPP      = $(shell find $(JOLT_SRC_DIR)/Jolt -name '*.cpp' 2>/dev/null | sort)
JOLT_OBJ      = $(patsubst $(JOLT_SRC_DIR)/%.cpp,$(JOLT_BUILD)/%.o,$(JOLT_CPP))

.PHONY: bench-jolt-native jolt-native-deps

bench-jolt-native: $(JOLT_BENCH)

jolt-native-deps:
	@sh tools/deps.sh - g++:g++ gcc-ar:gcc

$(JOLT_BUILD)/%.o: $(JOLT_SRC_DIR)/%.cpp | jolt-native-deps
	@mkdir -p $(dir $@)
	@echo "g++ $<"
	@g++ $(JOLT_CXXFLAGS) -c $< -o $@

$(JOLT_LIB): $(JOLT_OBJ)
	@rm -f $@
	gcc-ar rcs $@ $(JOLT_OBJ)

$(JOLT_BENCH): bench/jolt_character.cpp $(JOLT_LIB)
	g++ $(JOLT_CXXFLAGS) -Wextra -Wno-maybe-uninitialized $< -o $@ $(JOLT_LIB)
