# mk/defold.mk - collide as a Defold native extension (doc/defold.md).
#
#   make defold         build/defold/: a Defold library project whose folder
#                       collide/ is the extension: ext.manifest, src/ (every
#                       src/geometry and src/lua file and
#                       defold/collide_defold.cpp, which registers the module),
#                       include/ (lua.h and lauxlib.h naming Defold's
#                       dmsdk/lua headers) and the Lua modules collide/*.lua;
#                       game.project lists collide/ as the library's folder,
#                       and build/defold/collide-defold.zip zips the lot
#   make check-defold   syntax and type check of that extension against
#                       Defold's dmsdk headers: DEFOLD_SDK names a folder
#                       holding dmsdk/sdk.h (the include folder of Defold's
#                       SDK). Without it, says it is skipped and why:
#                       linking needs Defold's build server, and Defold's
#                       headers are not part of this repository.

DEFOLD_OUT = build/defold
DEFOLD_EXT = $(DEFOLD_OUT)/collide
DEFOLD_SDK ?=

.PHONY: defold check-defold

defold: $(SRC) $(HDR) defold/collide_defold.cpp defold/ext.manifest $(wildcard lua/collide/*.lua)
	@sh tools/deps.sh - zip:zip
	@rm -rf $(DEFOLD_OUT) && mkdir -p $(DEFOLD_EXT)/src $(DEFOLD_EXT)/include/collide
	cp defold/ext.manifest $(DEFOLD_EXT)/
	cp $(SRC) $(filter-out include/%,$(HDR)) defold/collide_defold.cpp $(DEFOLD_EXT)/src/
	cp include/collide/*.h $(DEFOLD_EXT)/include/collide/
	printf '/* Defold ships the Lua headers as dmsdk/lua */\n#include <dmsdk/lua/%s>\n' lua.h > $(DEFOLD_EXT)/include/lua.h
	printf '/* Defold ships the Lua headers as dmsdk/lua */\n#include <dmsdk/lua/%s>\n' lauxlib.h > $(DEFOLD_EXT)/include/lauxlib.h
	cp lua/collide/*.lua $(DEFOLD_EXT)/
	printf '[project]\ntitle = collide\n\n[library]\ninclude_dirs = collide\n' > $(DEFOLD_OUT)/game.project
	cd $(DEFOLD_OUT) && rm -f collide-defold.zip && zip -q -r collide-defold.zip game.project collide
	@echo "defold: $(DEFOLD_EXT) and $(DEFOLD_OUT)/collide-defold.zip"

check-defold: defold
	@if [ -z "$(DEFOLD_SDK)" ] || [ ! -f "$(DEFOLD_SDK)/dmsdk/sdk.h" ]; then \
	  echo "check-defold: SKIPPED, not checked: Defold's dmsdk headers are absent"; \
	  echo "  (set DEFOLD_SDK to a folder holding dmsdk/sdk.h; the extension is untested here)"; \
	  exit 0; fi; \
	set -e; \
	echo "check-defold: against $(DEFOLD_SDK)"; \
	$(CXX) -fsyntax-only -std=c++11 -Wall -I$(DEFOLD_SDK) $(DEFOLD_EXT)/src/collide_defold.cpp; \
	for f in $(DEFOLD_EXT)/src/*.c; do \
	  $(CC) -fsyntax-only $(CFLAGS_W) -I$(DEFOLD_EXT)/include -I$(DEFOLD_SDK) $$f; done; \
	echo "check-defold: the extension compiles against Defold's headers (not linked)"
