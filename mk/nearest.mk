# mk/nearest.mk - the nearest item's benchmark (doc/performance.md)
#
#   make bench-nearest   bench/nearest.lua: 10,000 scene:nearest queries
#                        among 100,000 boxes beside the same queries among
#                        the 1,000 boxes around the points, and the ratio
#                        of the two times (also part of `make bench`)

.PHONY: bench-nearest
bench: bench-nearest

bench-nearest: $(SO)
	$(RUN) bench/nearest.lua
