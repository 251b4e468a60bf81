// collide as a Defold native extension: registers the module with the
// engine (DM_DECLARE_EXTENSION) and, when the engine's Lua state starts,
// puts it in package.loaded, so a script's require "collide" finds it.
//
// package.loaded["collide.core"] is the C module (luaopen_collide_core, the
// same entry point the Lua builds use). package.loaded["collide"] is the
// full module, collide/init.lua run through require "collide.init" (Defold's
// require has no ?/init.lua pattern); should that fail (the library's Lua
// files missing from the project), it is the C module alone, and a warning
// says why. Built by Defold's build server with the sources `make defold`
// copies beside it; see doc/defold.md.
#define EXTENSION_NAME collide
#define LIB_NAME "collide"
#include <dmsdk/sdk.h>

extern "C" int luaopen_collide_core(lua_State *L);

// require "collide.init" (called in protected mode by Initialize)
static int require_init(lua_State *L)
{
    lua_getglobal(L, "require");
    lua_pushstring(L, "collide.init");
    lua_call(L, 1, 1);
    return 1;
}

static dmExtension::Result Initialize(dmExtension::Params *params)
{
    lua_State *L = params->m_L;
    int top = lua_gettop(L);
    lua_getglobal(L, "package");
    lua_getfield(L, -1, "loaded");
    lua_pushcfunction(L, luaopen_collide_core);
    lua_call(L, 0, 1);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, "collide.core");           // package.loaded["collide.core"]
    lua_pushcfunction(L, require_init);
    if (lua_pcall(L, 0, 1, 0) == 0) {
        lua_remove(L, -2);                          // the full module replaces the core
    } else {
        dmLogWarning("collide: require \"collide.init\" failed (%s); "
                     "require \"collide\" gives the C module alone",
                     lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    lua_setfield(L, -2, "collide");                 // package.loaded["collide"]
    lua_settop(L, top);
    return dmExtension::RESULT_OK;
}

static dmExtension::Result Finalize(dmExtension::Params *params)
{
    (void)params;
    return dmExtension::RESULT_OK;
}

DM_DECLARE_EXTENSION(EXTENSION_NAME, LIB_NAME, 0, 0, Initialize, 0, 0, Finalize)
