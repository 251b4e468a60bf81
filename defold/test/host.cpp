// A host that stands in for Defold's engine, enough to run the extension
// as a game would meet it (make test-defold; doc/defold.md):
//
//   host PROJECT SCRIPT
//
// makes a LuaJIT state whose require behaves as Defold's: no FFI for game
// code, no package.path or cpath search (so no ?/init.lua and no C
// modules), only package.preload and the project's Lua files that its
// scripts require literally (Defold's build bundles those alone, found by
// scanning the sources, transitively); then, as the engine does, calls
// every declared extension's Initialize, loads PROJECT/SCRIPT as a script
// component (its init, 120 update calls at 1/60 s, final) and calls the
// extensions' Finalize. Exits 1 when anything fails, printing why.
#include <stdio.h>
#include <string.h>
#include <dmsdk/sdk.h>

// Defold's require, in Lua: the project directory and the script are its
// arguments
static const char DEFOLD_REQUIRE[] =
    "local project, script = ...\n"
    "local bundled = {}\n"
    "local function scan(path)\n"
    "  local f = io.open(project .. '/' .. path, 'rb')\n"
    "  if not f then return end\n"
    "  local text = f:read('*a'); f:close()\n"
    "  for _, pattern in ipairs({ 'require%s*%(%s*[\"\\']([^\"\\']+)[\"\\']', 'require%s*[\"\\']([^\"\\']+)[\"\\']' }) do\n"
    "    for name in text:gmatch(pattern) do\n"
    "      if not bundled[name] then\n"
    "        bundled[name] = name:gsub('%.', '/') .. '.lua'\n"
    "        scan(bundled[name])\n"
    "      end\n"
    "    end\n"
    "  end\n"
    "end\n"
    "scan(script)\n"
    "package.path, package.cpath = '', ''\n"
    "package.loaded.ffi, package.preload.ffi = nil, nil\n"
    "local preload = package.loaders[1]\n"
    "package.loaders = { preload, function(name)\n"
    "  local file = bundled[name]\n"
    "  if not file then return '\\n\\tno project file required literally as ' .. name end\n"
    "  local chunk, err = loadfile(project .. '/' .. file)\n"
    "  if not chunk then return '\\n\\t' .. err end\n"
    "  return chunk\n"
    "end }\n";

// the script component's life: init(self), update(self, dt) 120 times,
// final(self), each called if the script defines it
static const char RUN_SCRIPT[] =
    "local project, script = ...\n"
    "local env = setmetatable({}, { __index = _G })\n"
    "local chunk = assert(loadfile(project .. '/' .. script))\n"
    "setfenv(chunk, env)\n"
    "chunk()\n"
    "local self = {}\n"
    "if env.init then env.init(self) end\n"
    "for _ = 1, 120 do if env.update then env.update(self, 1 / 60) end end\n"
    "if env.final then env.final(self) end\n";

static int run(lua_State *L, const char *code, const char *name, const char *project, const char *script)
{
    if (luaL_loadbuffer(L, code, sizeof code[0] * strlen(code), name) != 0
        || (lua_pushstring(L, project), lua_pushstring(L, script), lua_pcall(L, 2, 0, 0)) != 0) {
        fprintf(stderr, "host: %s\n", lua_tostring(L, -1));
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s PROJECT SCRIPT\n", argv[0]);
        return 2;
    }
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    if (run(L, DEFOLD_REQUIRE, "=defold_require", argv[1], argv[2]) != 0) return 1;
    dmExtension::Params params = { 0, 0, L };
    int extensions = 0;
    for (dmExtension::Desc *e = dmExtension::StandinExtensions(); e; e = e->m_Next) {
        extensions++;
        if (e->m_Initialize && e->m_Initialize(&params) != dmExtension::RESULT_OK) {
            fprintf(stderr, "host: extension %s failed to initialise\n", e->m_Name);
            return 1;
        }
    }
    if (extensions == 0) {
        fprintf(stderr, "host: no extension declared\n");
        return 1;
    }
    int failed = run(L, RUN_SCRIPT, "=script_component", argv[1], argv[2]);
    for (dmExtension::Desc *e = dmExtension::StandinExtensions(); e; e = e->m_Next)
        if (e->m_Finalize && e->m_Finalize(&params) != dmExtension::RESULT_OK) failed = 1;
    lua_close(L);
    return failed;
}
