/*
** l_compat.h - what differs between Lua 5.1, 5.2, 5.3, 5.4 and LuaJIT, so
** that the binding is written once against the 5.4 API and gives the same
** results and error messages on every version. Everything version-specific
** lives here; doc/readme/install.md lists what it covers.
*/
#ifndef COLLIDE_L_COMPAT_H
#define COLLIDE_L_COMPAT_H

#include <string.h>
#include "lua.h"
#include "lauxlib.h"

/* The module's one exported symbol. The Makefile builds with
** -fvisibility=hidden where the compiler has it, so calls between the
** binding files and the geometry are direct, not through the PLT, and the
** shape check reads the magic word's address without the GOT. */
#if defined(__GNUC__)
#define COLLIDE_EXPORT __attribute__((visibility("default")))
#else
#define COLLIDE_EXPORT
#endif

/* the module whose functions name a C function called from C (below) */
#define COMPAT_MODULE "collide.core"

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

/* a userdata with one user value, a table: its environment on 5.1 and
** LuaJIT, its user value on 5.2 and 5.3, its first on 5.4 */
#if LUA_VERSION_NUM < 502
#define COLLIDE_NEWUD1(L, size) lua_newuserdata(L, size)
#define COLLIDE_SETUV(L, i) lua_setfenv(L, i)
#define COLLIDE_GETUV(L, i) lua_getfenv(L, i)
#elif LUA_VERSION_NUM < 504
#define COLLIDE_NEWUD1(L, size) lua_newuserdata(L, size)
#define COLLIDE_SETUV(L, i) lua_setuservalue(L, i)
#define COLLIDE_GETUV(L, i) lua_getuservalue(L, i)
#else
#define COLLIDE_NEWUD1(L, size) lua_newuserdatauv(L, size, 1)
#define COLLIDE_SETUV(L, i) lua_setiuservalue(L, i, 1)
#define COLLIDE_GETUV(L, i) lua_getiuservalue(L, i, 1)
#endif

/*
** Argument errors. Each version names the function in `bad argument #n to
** 'f'` its own way when the call site does not tell (5.3/5.4 search
** package.loaded and may print 'collide.core.aabb' or 'collide.aabb', 5.1/5.2
** print '?', and a LuaJIT tail call `return box:translate("a")` loses the
** method call and says `#2 to '?'`). So every version uses this one: Lua
** 5.4's rules when the call site names the function; otherwise the key under
** which the running closure is stored (each registration is its own
** closure, so this is the name the caller used; the smallest if several) in
** the __index table of a metatable among its upvalues (a method: self is not
** counted), then in such a metatable, then in package.loaded[COMPAT_MODULE];
** else '?'.
*/
static inline int compat_findin(lua_State *L, int t, const char **name) {
  int found = 0;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    if (lua_type(L, -2) == LUA_TSTRING && lua_rawequal(L, -1, -3)
        && (*name == NULL || strcmp(lua_tostring(L, -2), *name) < 0)) {
      *name = lua_tostring(L, -2);   /* a key of t: stays alive */
      found = 1;
    }
    lua_pop(L, 1);
  }
  return found;
}

/* the function at the top of the stack: its name, and whether a method */
static inline const char *compat_funcname(lua_State *L, int *method) {
  const char *name = NULL;
  int f = lua_gettop(L), pass, n;
  for (pass = 0; pass < 2 && name == NULL; pass++)
    for (n = 1; lua_getupvalue(L, f, n) != NULL; n++) {
      if (lua_type(L, -1) == LUA_TTABLE) {
        if (pass == 1) {
          lua_pushvalue(L, f);
          compat_findin(L, lua_gettop(L) - 1, &name);
          lua_pop(L, 1);
        } else {
          lua_getfield(L, -1, "__index");
          if (lua_type(L, -1) == LUA_TTABLE) {
            lua_pushvalue(L, f);
            *method |= compat_findin(L, lua_gettop(L) - 1, &name);
            lua_pop(L, 1);
          }
          lua_pop(L, 1);
        }
      }
      lua_pop(L, 1);
    }
  if (name == NULL) {
    lua_getfield(L, LUA_REGISTRYINDEX, "_LOADED");
    if (lua_type(L, -1) == LUA_TTABLE) {
      lua_getfield(L, -1, COMPAT_MODULE);
      if (lua_type(L, -1) == LUA_TTABLE) {
        lua_pushvalue(L, f);
        compat_findin(L, lua_gettop(L) - 1, &name);
      }
    }
  }
  return name;   /* keys of tables reachable from f: alive while f is */
}

static inline int compat_argerror(lua_State *L, int arg, const char *extramsg) {
  lua_Debug ar;
  const char *name;
  int method;
  if (!lua_getstack(L, 0, &ar))
    return luaL_error(L, "bad argument #%d (%s)", arg, extramsg);
  lua_getinfo(L, "nf", &ar);
  name = ar.name;
  method = ar.namewhat != NULL && strcmp(ar.namewhat, "method") == 0;
  if (name == NULL) name = compat_funcname(L, &method);
  if (method && --arg == 0)
    return luaL_error(L, "calling '%s' on bad self (%s)", name, extramsg);
  return luaL_error(L, "bad argument #%d to '%s' (%s)", arg, name ? name : "?",
                    extramsg);
}
#undef luaL_argerror
#define luaL_argerror(L, arg, msg) compat_argerror(L, arg, msg)

/* luaL_checktype with 5.4's text: the __name of a metatable names the type
** (5.1 and 5.2 say `userdata`) */
static inline void compat_checktype(lua_State *L, int i, int t) {
  const char *got;
  if (lua_type(L, i) == t) return;
  if (luaL_getmetafield(L, i, "__name") && lua_type(L, -1) == LUA_TSTRING)
    got = lua_tostring(L, -1);
  else if (lua_type(L, i) == LUA_TLIGHTUSERDATA)
    got = "light userdata";
  else
    got = luaL_typename(L, i);
  luaL_argerror(L, i, lua_pushfstring(L, "%s expected, got %s", lua_typename(L, t), got));
}
#undef luaL_checktype
#define luaL_checktype(L, i, t) compat_checktype(L, i, t)

#endif
