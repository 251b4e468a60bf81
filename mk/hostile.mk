# mk/hostile.mk - hostile input: sanitizers, fuzzing, valgrind, lint
# (doc/robustness.md).
#
#   make sanitize        module built with ASan+UBSan (no recovery), whole spec
#                        suite run with the ASan runtime preloaded
#   make fuzz            each libFuzzer harness in fuzz/ for FUZZ_SECONDS
#   make fuzz-smoke      each harness for FUZZ_SMOKE_SECONDS (CI)
#   make check-valgrind  the spec suite under valgrind memcheck
#   make memcheck        the specs of the world, the character, meshes,
#                        heightfields, compounds and events, and the C
#                        tests, under valgrind memcheck (CI): it sees the
#                        reads of uninitialised memory that ASan does not
#   make lint            cppcheck and clang-tidy on src/, then lint-lua
#   make lint-lua        luacheck over every Lua folder

SAN_BUILD       = build/sanitize
SAN_SO          = $(SAN_BUILD)/collide/core.so
SAN_FLAGS       = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# gcc: its libasan.so is the runtime preloaded into the interpreter
SAN_CC          ?= gcc
# leaks are checked too: lua5.4 closes its state at exit, so every shape,
# tree and mesh is collected and anything left is ours (the whole suite runs
# leak-free); SAN_LEAKS=0 for an interpreter that does not close its state
SAN_LEAKS       ?= 1
SAN_ENV         = LD_PRELOAD="$$($(SAN_CC) -print-file-name=libasan.so)" \
                  ASAN_OPTIONS=detect_leaks=$(SAN_LEAKS):abort_on_error=1:detect_stack_use_after_return=1 \
                  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

FUZZ_CC         ?= clang
FUZZ_BUILD      = build/fuzz
FUZZ_HARNESSES  = $(patsubst fuzz/%.c,%,$(wildcard fuzz/fuzz_*.c))
FUZZ_BINS       = $(addprefix $(FUZZ_BUILD)/,$(FUZZ_HARNESSES))
FUZZ_FLAGS      = -g -O1 -std=c99 -Wall -Wextra -pedantic -Wshadow \
                  -fsanitize=fuzzer,address,undefined,float-cast-overflow -fno-sanitize-recover=all
FUZZ_SECONDS       ?= 60
FUZZ_SMOKE_SECONDS ?= 120
# extra libFuzzer options, e.g. FUZZ_OPTS=-jobs=2. The smoke run has a fixed
# seed and a fixed number of runs (the seconds only cap it), so that CI on a
# fresh clone explores the same inputs every time: a time limit made the
# number of runs, and so the inputs tried, depend on the machine's load
FUZZ_OPTS       ?=
FUZZ_SMOKE_OPTS ?= -seed=1 -runs=200000

# spec/hostile_spec.lua makes fewer calls under valgrind (about 50 times slower)
VALGRIND_HOSTILE_CALLS ?= 5000
VALGRIND_OPTS   = --tool=memcheck --error-exitcode=1 --leak-check=no --track-origins=yes \
                  --suppressions=fuzz/valgrind.supp -q

.PHONY: sanitize fuzz fuzz-smoke fuzz-build fuzz-deps check-valgrind memcheck lint

CI_TARGETS += sanitize fuzz-smoke memcheck

# the specs memcheck runs: every one that drives the world, a character, a
# mesh, a heightfield, a compound or the events (the whole suite under
# valgrind takes about 26 minutes on 2 cores; these, about 15)
MEMCHECK_SPECS ?= world scene scene_filter scene_mask scene_hostile scene_finalizer move \
                  character character_flags control push_out mesh mesh_contact \
                  mesh_finalizer heightfield compound events seams reentrancy snapshot push
# without --track-origins, which doubles the time: a report still names
# the read and its stack; `make memcheck MEMCHECK_OPTS="$(VALGRIND_OPTS)"`
# tells where the memory came from
MEMCHECK_OPTS  ?= --tool=memcheck --error-exitcode=1 --leak-check=no \
                  --suppressions=fuzz/valgrind.supp -q
MEMCHECK_TESTS  = build/c/world_test build/c/world_api_test build/c/motion_test \
                  build/c/hull_contact_test build/c/world_example

# ---- sanitizers ---------------------------------------------------------
$(SAN_SO): $(SRC) $(HDR) | deps
	@sh tools/deps.sh $(LUA) sanitize
	@mkdir -p $(SAN_BUILD)/collide
	$(SAN_CC) -g -O1 -fPIC $(CFLAGS_W) $(SAN_FLAGS) -I$(LUA_INCDIR) $(INC) $(SRC) -o $@ -shared -lm

sanitize: $(SAN_SO)
	$(SAN_ENV) $(LUA) $(BUSTED) --cpath="./$(SAN_BUILD)/?.so" spec

# ---- libFuzzer ----------------------------------------------------------
fuzz-deps:
	@sh tools/deps.sh - fuzz

$(FUZZ_BUILD)/fuzz_%: fuzz/fuzz_%.c fuzz/fuzz_common.h $(GEOMETRY_SRC) $(GEOMETRY_HDR) | fuzz-deps
	@mkdir -p $(FUZZ_BUILD)
	$(FUZZ_CC) $(FUZZ_FLAGS) -Iinclude -Isrc/geometry $< $(GEOMETRY_SRC) -o $@ -lm

fuzz-build: $(FUZZ_BINS)

# each harness: corpus in build/fuzz/corpus/NAME (seeded from fuzz/corpus/NAME
# when present), crashes written to build/fuzz/ as crash-*; the committed
# regression inputs in fuzz/regress/NAME are replayed first
# $(1): seconds per harness, $(2): extra options
define FUZZ_RUN
	@set -e; for h in $(FUZZ_HARNESSES); do \
	  mkdir -p $(FUZZ_BUILD)/corpus/$$h; \
	  if [ -d fuzz/regress/$$h ]; then \
	    echo "== $$h: replaying fuzz/regress/$$h"; \
	    $(FUZZ_BUILD)/$$h fuzz/regress/$$h/* >$(FUZZ_BUILD)/$$h.regress.log 2>&1 \
	      || { cat $(FUZZ_BUILD)/$$h.regress.log; exit 1; }; \
	  fi; \
	  echo "== $$h: $(1) s"; \
	  $(FUZZ_BUILD)/$$h -max_total_time=$(1) -print_final_stats=1 -artifact_prefix=$(FUZZ_BUILD)/ \
	    $(2) $(FUZZ_BUILD)/corpus/$$h $$( [ -d fuzz/corpus/$$h ] && echo fuzz/corpus/$$h ) \
	    >$(FUZZ_BUILD)/$$h.log 2>&1 || { tail -40 $(FUZZ_BUILD)/$$h.log; exit 1; }; \
	  grep -E 'stat::number_of_executed_units|cov:' $(FUZZ_BUILD)/$$h.log | tail -2; \
	done
endef

fuzz: fuzz-build
	$(call FUZZ_RUN,$(FUZZ_SECONDS),$(FUZZ_OPTS))

fuzz-smoke: fuzz-build
	$(call FUZZ_RUN,$(FUZZ_SMOKE_SECONDS),$(FUZZ_SMOKE_OPTS))

# ---- valgrind -----------------------------------------------------------
check-valgrind: $(SO)
	@sh tools/deps.sh $(LUA) valgrind:valgrind
	HOSTILE_CALLS=$(VALGRIND_HOSTILE_CALLS) valgrind $(VALGRIND_OPTS) $(LUA) $(BUSTED) --cpath="./$(BUILD)/?.so" spec

memcheck: $(SO) $(MEMCHECK_TESTS)
	@sh tools/deps.sh $(LUA) valgrind:valgrind
	HOSTILE_RAYS=250 valgrind $(MEMCHECK_OPTS) $(LUA) $(BUSTED) \
	  --cpath="./$(BUILD)/?.so" $(patsubst %,spec/%_spec.lua,$(MEMCHECK_SPECS))
	@for t in $(MEMCHECK_TESTS); do echo "valgrind $$t"; \
	  valgrind $(MEMCHECK_OPTS) ./$$t || exit 1; done

# ---- lint ---------------------------------------------------------------
lint: lint-lua
	@sh tools/deps.sh - cppcheck:cppcheck clang-tidy:clang-tidy
	cppcheck --quiet --error-exitcode=1 --std=c99 --enable=warning,style,performance,portability \
	  --inline-suppr --suppressions-list=fuzz/cppcheck.supp -I$(LUA_INCDIR) $(INC) src
	clang-tidy --quiet --warnings-as-errors='*' $(SRC) -- -std=c99 \
	  -include fuzz/lint-noreturn.h -I$(LUA_INCDIR) $(INC)

# ---- Lua lint -------------------------------------------------------------
# luacheck (.luacheckrc) over every Lua folder, warning-free; CI runs it
# as part of lint
LUACHECK_DIRS ?= lua library spec examples bench love tools
.PHONY: lint-lua
CI_TARGETS += lint
lint-lua:
	@sh tools/deps.sh $(LUA) luacheck:lua-check
	luacheck --no-color -q $(LUACHECK_DIRS)
