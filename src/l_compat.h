/*
** l_compat.h - the few Lua 5.2+ API calls the binding uses, filled in for
** Lua 5.1 and LuaJIT. Everything version-specific lives here.
*/
#ifndef COLLIDE_L_COMPAT_H
#define COLLIDE_L_COMPAT_H

#include "lua.h"
#include "lauxlib.h"

#if LUA_VERSION_NUM < 502
#define lua_rawlen(L, i) lua_objlen(L, i)
static inline void compat_setfuncs(lua_State *L, const luaL_Reg *l, int nup) {
  int i;
  for (; l->name != NULL; l++) {
    for (i = 0; i < nup; i++) lua_pushvalue(L, -nup);
    lua_pushcclosure(L, l->func, nup);
    lua_setfield(L, -(nup + 2), l->name);
  }
  lua_pop(L, nup);
}
#define luaL_setfuncs(L, l, n) compat_setfuncs(L, l, n)
#endif

#if LUA_VERSION_NUM < 503
static inline int compat_geti(lua_State *L, int i, lua_Integer n) {
  if (i < 0 && i > LUA_REGISTRYINDEX) i = lua_gettop(L) + i + 1;
  lua_pushinteger(L, n);
  lua_gettable(L, i);
  return lua_type(L, -1);
}
#define lua_geti(L, i, n) compat_geti(L, i, n)
static inline int compat_getfield(lua_State *L, int i, const char *k) {
  lua_getfield(L, i, k);
  return lua_type(L, -1);
}
#define COLLIDE_GETFIELD(L, i, k) compat_getfield(L, i, k)
#else
#define COLLIDE_GETFIELD(L, i, k) lua_getfield(L, i, k)
#endif

#if LUA_VERSION_NUM < 504
#define COLLIDE_NEWUD(L, size) lua_newuserdata(L, size)
#else
#define COLLIDE_NEWUD(L, size) lua_newuserdatauv(L, size, 0)
#endif

#endif
