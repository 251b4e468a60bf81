// collide as a Defold native extension: registers the module with the
// engine (DM_DECLARE_EXTENSION) and, when the engine's Lua state starts,
// makes it what a script's require "collide" gives, and the global collide.
// That state is the one every script shares with script.shared_state on;
// with it off, the game-object scripts' alone: GUI and render scripts then
// have states of their own, which never see the module (doc/defold.md).
//
// Defold's require finds only the Lua files that scripts require literally,
// so the library's Lua modules (collide/init.lua, scene.lua, character.lua,
// ...) are compiled into the extension: `make defold` generates
// collide_lua.cpp from them (tools/embed_lua.lua), whose
// collide_lua_preload puts a loader for each in package.preload, as
// luaopen_collide_core is put there for "collide.core". The full module is
// then loaded at once. Built by Defold's build server with the sources
// `make defold` copies beside it; see doc/defold.md.
#define EXTENSION_NAME collide
#define LIB_NAME "collide"
#include <dmsdk/sdk.h>

extern "C" int luaopen_collide_core(lua_State *L);
void collide_lua_preload(lua_State *L);

// the loaders in package.preload, then require "collide" (called in
// protected mode by Initialize): the module
static int load_collide(lua_State *L)
{
    collide_lua_preload(L);
    lua_getglobal(L, "package");
    lua_getfield(L, -1, "preload");
    lua_pushcfunction(L, luaopen_collide_core);
    lua_setfield(L, -2, "collide.core");
    lua_pop(L, 2);
    lua_getglobal(L, "require");
    lua_pushstring(L, "collide");
    lua_call(L, 1, 1);
    return 1;
}

static dmExtension::Result Initialize(dmExtension::Params *params)
{
    lua_State *L = params->m_L;
    int top = lua_gettop(L);
    lua_pushcfunction(L, load_collide);
    if (lua_pcall(L, 0, 1, 0) != 0) {
        dmLogError("collide: the module failed to load: %s", lua_tostring(L, -1));
        lua_settop(L, top);
        return dmExtension::RESULT_INIT_ERROR;
    }
    lua_setglobal(L, "collide");    // package.loaded["collide"] is set by require
    lua_settop(L, top);
    return dmExtension::RESULT_OK;
}

static dmExtension::Result Finalize(dmExtension::Params *params)
{
    (void)params;
    return dmExtension::RESULT_OK;
}

DM_DECLARE_EXTENSION(EXTENSION_NAME, LIB_NAME, 0, 0, Initialize, 0, 0, Finalize)
