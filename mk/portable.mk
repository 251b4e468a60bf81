# mk/portable.mk - the module without its SSE2 paths
#
#   make test-portable  the spec suite on the module built with NO_SSE2=1
#                       (build/portable/): the mesh's portable C alone,
#                       whose answers the SSE2 slab tests must give
#                       identically (CI)

.PHONY: test-portable

CI_TARGETS += test-portable

# NO_SSE2=1: compile the SSE2 paths out (x86-64 always has SSE2; other
# machines take the portable C anyway)
ifneq ($(NO_SSE2),)
CFLAGS += -DCL_NO_SSE2
endif

test-portable:
	@$(MAKE) --no-print-directory NO_SSE2=1 BUILD=build/portable/$(LUA) test
