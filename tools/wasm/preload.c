/* tools/wasm/preload.c - Lua 5.4's standalone interpreter with collide
** linked in, for WebAssembly (make test-wasm), where no C module can be
** loaded at run time: lua.c is compiled with luaL_openlibs renamed to
** collide_openlibs, which opens the standard libraries and puts
** luaopen_collide_core in package.preload["collide.core"], so that
** require "collide" finds the Lua files on package.path and the core
** compiled in. */
#include "lua.h"
#include "lauxlib.h"
#include "lualib.h"

int luaopen_collide_core(lua_State *L);
void collide_openlibs(lua_State *L);

void collide_openlibs(lua_State *L) {
  luaL_openlibs(L);
  lua_getglobal(L, "package");
  lua_getfield(L, -1, "preload");
  lua_pushcfunction(L, luaopen_collide_core);
  lua_setfield(L, -2, "collide.core");
  lua_pop(L, 2);
}
