/*
** lint-noreturn.h - force-included by `make lint` (clang-tidy only, never in
** a build). Lua's error functions longjmp and never return, but lua.h and
** lauxlib.h do not say so, so the static analyzer follows the impossible
** path past every failed argument check and reports garbage values and NULL
** dereferences there. These redeclarations tell it those calls end the path.
*/
#include "lua.h"
#include "lauxlib.h"

int lua_error(lua_State *L) __attribute__((noreturn));
int luaL_error(lua_State *L, const char *fmt, ...) __attribute__((noreturn));
int luaL_argerror(lua_State *L, int arg, const char *extramsg) __attribute__((noreturn));
int luaL_typeerror(lua_State *L, int arg, const char *tname) __attribute__((noreturn));
/* ours, ending in one of those (analyzer_noreturn: only the analyzer is
** told, so their `return luaL_error(...)` bodies raise no diagnostic) */
int l_typeerror(lua_State *L, int i, const char *expected)
  __attribute__((analyzer_noreturn));              /* src/lua/l_args.c */
static int l_argerror(lua_State *L, int arg, const char *extramsg)
  __attribute__((analyzer_noreturn));              /* src/lua/l_compat.h */
