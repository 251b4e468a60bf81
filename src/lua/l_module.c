/*
** l_module.c - luaopen_collide_core: makes the metatables and registers the
** functions and methods of every binding file with the same upvalues.
*/
#include "fp.h"
#include "l_collide.h"

static void push_upvalues(lua_State *L, int first) {
  int k;
  for (k = 0; k < L_NUPVALUES; k++) lua_pushvalue(L, first + k);
}

/* a metatable at index mt whose __index holds methods */
static void fill_meta(lua_State *L, int mt, int mts, const luaL_Reg *meta, const luaL_Reg *methods) {
  lua_pushvalue(L, mt);
  if (meta) { push_upvalues(L, mts); luaL_setfuncs(L, meta, L_NUPVALUES); }
  lua_newtable(L);
  push_upvalues(L, mts);
  luaL_setfuncs(L, methods, L_NUPVALUES);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
}

/* Protects the metatable at mt: getmetatable gives a separate table with
** its name and its __tostring and __eq (functions: reading them changes
** nothing), so a script cannot reach or replace __index (the methods) or
** the metamethods without the debug library. */
static void protect(lua_State *L, int mt) {
  static const char *const fields[] = {"__name", "__tostring", "__eq"};
  int k;
  lua_createtable(L, 0, 3);
  for (k = 0; k < 3; k++) {
    lua_getfield(L, mt, fields[k]);
    lua_setfield(L, -2, fields[k]);
  }
  lua_setfield(L, mt, "__metatable");
}

/* core.info(): the build's own facts, a new table on each call (the
** collide module adds which Lua runs it and whether the FFI path is on) */
static int module_info(lua_State *L) {
  lua_createtable(L, 0, 4);
  lua_pushliteral(L, CL_VERSION);
  lua_setfield(L, -2, "version");
  lua_pushliteral(L, CL_SIMD);
  lua_setfield(L, -2, "simd");
  return 1;
}

/* core._call(f, ...) -> f(...): a call that cannot yield. The Lua helpers
** call a user's callback through it where a yield would leave them half
** done (a scene's filter runs with the scene locked): the yield raises
** Lua's own "attempt to yield across a C-call boundary", as it does in the
** tree's raycast callback, and the helper unlocks on the way out. The
** module's collide table drops it (lua/collide/init.lua). */
static int m_call(lua_State *L) {
  l_checktype(L, 1, LUA_TFUNCTION);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

COLLIDE_LINKAGE COLLIDE_EXPORT int luaopen_collide_core(lua_State *L);

COLLIDE_EXPORT int luaopen_collide_core(lua_State *L) {
  int k, mts;
  lua_settop(L, 0);
  l_anchors_init(L);
  for (k = 0; k < L_NUPVALUES; k++) {
    static const char *const objects[] = {"collide.tree", "collide.mesh", "collide.frustum",
                                          "collide.heightfield"};
    const char *name = k < CL_NKINDS ? l_type_names[k] : objects[k - CL_NKINDS];
    luaL_newmetatable(L, name);
    lua_pushstring(L, name);
    lua_setfield(L, -2, "__name");          /* Lua 5.1/5.2 do not set it */
  }
  mts = 1;
  fill_meta(L, mts + CL_NKINDS, mts, l_tree_meta, l_tree_methods);
  fill_meta(L, mts + CL_NKINDS + 1, mts, l_mesh_meta, l_mesh_methods);
  fill_meta(L, mts + CL_NKINDS + 2, mts, l_frustum_meta, l_frustum_methods);
  fill_meta(L, mts + CL_NKINDS + 3, mts, l_heightfield_meta, l_heightfield_methods);
  for (k = 0; k < CL_NKINDS; k++) {
    int mt = mts + k;
    lua_pushvalue(L, mt);
    push_upvalues(L, mts);
    luaL_setfuncs(L, l_shape_meta, L_NUPVALUES);
    lua_newtable(L);                        /* methods, the __index */
    push_upvalues(L, mts);
    luaL_setfuncs(L, l_shape_common_methods, L_NUPVALUES);
    push_upvalues(L, mts);
    luaL_setfuncs(L, l_shape_methods[k], L_NUPVALUES);
    push_upvalues(L, mts);
    luaL_setfuncs(L, l_query_methods[k], L_NUPVALUES);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
  }
  for (k = 0; k < L_NUPVALUES; k++) protect(L, mts + k);
  lua_newtable(L);
  push_upvalues(L, mts);
  luaL_setfuncs(L, l_shape_functions, L_NUPVALUES);
  push_upvalues(L, mts);
  luaL_setfuncs(L, l_query_functions, L_NUPVALUES);
  push_upvalues(L, mts);
  luaL_setfuncs(L, l_tree_functions, L_NUPVALUES);
  push_upvalues(L, mts);
  luaL_setfuncs(L, l_mesh_functions, L_NUPVALUES);
  push_upvalues(L, mts);
  luaL_setfuncs(L, l_frustum_functions, L_NUPVALUES);
  l_world_open(L, mts);
  push_upvalues(L, mts);
  luaL_setfuncs(L, l_heightfield_functions, L_NUPVALUES);
  push_upvalues(L, mts);
  luaL_setfuncs(L, l_hull_functions, L_NUPVALUES);
  push_upvalues(L, mts);
  luaL_setfuncs(L, l_compound_functions, L_NUPVALUES);
  push_upvalues(L, mts);
  luaL_setfuncs(L, l_lines_functions, L_NUPVALUES);
  lua_pushnumber(L, CL_EPSILON);
  lua_setfield(L, -2, "epsilon");
  lua_pushcfunction(L, module_info);
  lua_setfield(L, -2, "info");
  lua_pushcfunction(L, m_call);
  lua_setfield(L, -2, "_call");
  l_push_ffi_entries(L);
  lua_setfield(L, -2, "_ffi");
  return 1;
}
