/*
** l_compat.h - what differs between Lua 5.1, 5.2, 5.3, 5.4 and LuaJIT, so
** that the binding is written once against the 5.4 API and gives the same
** results and error messages on every version. Everything version-specific
** lives here; doc/install.md lists what it covers.
*/
#ifndef COLLIDE_L_COMPAT_H
#define COLLIDE_L_COMPAT_H

#include <string.h>
/* Lua's headers declare a C API without extern "C" (C++ programs include
** lua.hpp): compiled as C++ (Defold's build server compiles .c files so),
** the binding still calls a Lua built as C */
#ifdef __cplusplus
extern "C" {
#endif
#include "lua.h"
#include "lauxlib.h"
#ifdef __cplusplus
}
#endif

/* The module's one exported symbol. The Makefile builds with
** -fvisibility=hidden where the compiler has it, so calls between the
** binding files and the geometry are direct, not through the PLT, and the
** shape check reads the magic word's address without the GOT. A Windows
** DLL exports what is marked dllexport (GCC has no visibility there). */
#if defined(_WIN32)
#define COLLIDE_EXPORT __declspec(dllexport)
#elif defined(__GNUC__)
#define COLLIDE_EXPORT __attribute__((visibility("default")))
#else
#define COLLIDE_EXPORT
#endif
/* and its linkage: C's, in a C++ build too, so that Lua's loader and
** Defold's extension find luaopen_collide_core by that name */
#ifdef __cplusplus
#define COLLIDE_LINKAGE extern "C"
#else
#define COLLIDE_LINKAGE extern
#endif

/* the module whose functions name a C function called from C (below) */
#define COMPAT_MODULE "collide.core"

/* LuaJIT's FFI data (cdata): lua_type answers 10, a number no other Lua
** gives a type. CPML's vec3 under LuaJIT is a cdata struct with x, y, z. */
#define L_TCDATA 10

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


/* Lua 5.1 and LuaJIT pace their incremental collector by allocations, not
** bytes: each allocation checks the collector, which then repays 1 KB of
** its debt; a few large userdata (a mesh's storage, a tree's node block)
** outrun it and the heap climbs far past its pause. After such an
** allocation, at a point where Lua code may run (finalizers), the binding
** makes one small allocation per KB, so the collector runs its usual steps
** for those bytes. A collector stopped with collectgarbage("stop") stays
** stopped (a check does nothing then), unlike with lua_gc(LUA_GCSTEP). 5.2
** and later count bytes themselves. */
#if LUA_VERSION_NUM < 502
static inline void COLLIDE_GC_PACE(lua_State *L, size_t bytes) {
  size_t k = bytes >> 10;
  for (; k > 0; k--) {
    lua_createtable(L, 0, 0);
    lua_pop(L, 1);
  }
}
#else
#define COLLIDE_GC_PACE(L, bytes) ((void)(L), (void)(bytes))
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
** else '?'. l_argerror and l_argcheck are the binding's own names for this
** behaviour; lauxlib's luaL_argerror and luaL_argcheck keep their meaning.
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

static inline int l_argerror(lua_State *L, int arg, const char *extramsg) {
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
/* luaL_argcheck's shape, raising through l_argerror */
#define l_argcheck(L, cond, arg, msg) ((void)((cond) || l_argerror(L, (arg), (msg))))

/* type checks: l_checktype (l_collide.h), whose text is 5.4's on every
** version (the __name of a metatable names the type; 5.1 and 5.2 say
** `userdata`) */

#endif
