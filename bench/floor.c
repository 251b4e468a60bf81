/*
** bench/floor.c - the cost floor of a Lua->C call: a C function that takes
** two userdata and returns a boolean without looking at them further.
*/
#include "lua.h"
#include "lauxlib.h"

static int empty2(lua_State *L) {
  lua_pushboolean(L, lua_touserdata(L, 1) != lua_touserdata(L, 2));
  return 1;
}

LUALIB_API int luaopen_floor(lua_State *L);

LUALIB_API int luaopen_floor(lua_State *L) {
  lua_pushcfunction(L, empty2);
  return 1;
}
