// STAND-IN for Defold's dmsdk/sdk.h, not Defold's header: the few
// declarations of its SDK that collide_defold.cpp uses, written here from
// Defold's public API reference (dmExtension: Result, Params,
// DM_DECLARE_EXTENSION; dmLog), so that the extension compiles and runs on
// a host without Defold's SDK (make test-defold). Only their names, types
// and meaning are Defold's; how DM_DECLARE_EXTENSION registers an
// extension here (a list the host walks) is this stand-in's own. Defold's
// build server compiles against the real header.
#ifndef COLLIDE_STANDIN_DMSDK_SDK_H
#define COLLIDE_STANDIN_DMSDK_SDK_H

#include <stdio.h>
#include <dmsdk/lua/lua.h>
#include <dmsdk/lua/lauxlib.h>

namespace dmExtension
{
    // what an extension's callbacks return
    enum Result
    {
        RESULT_OK = 0,
        RESULT_INIT_ERROR = -1,
    };

    // the application's parameters (none used here)
    struct AppParams
    {
        void *m_ConfigFile;
    };

    // the parameters of Initialize and Finalize: m_L is the engine's Lua state
    struct Params
    {
        void *m_ConfigFile;
        void *m_ResourceFactory;
        lua_State *m_L;
    };

    struct Event
    {
        int m_Event;
    };

    typedef Result (*FAppInit)(AppParams *params);
    typedef Result (*FInit)(Params *params);
    typedef Result (*FUpdate)(Params *params);
    typedef void (*FOnEvent)(Params *params, const Event *event);

    // stand-in only: an extension as DM_DECLARE_EXTENSION declares it
    struct Desc
    {
        const char *m_Name;
        FAppInit m_AppInitialize, m_AppFinalize;
        FInit m_Initialize;
        FUpdate m_Update;
        FOnEvent m_OnEvent;
        FInit m_Finalize;
        Desc *m_Next;
    };
    // stand-in only: the declared extensions, for the host to call
    inline Desc *&StandinExtensions()
    {
        static Desc *first = 0;
        return first;
    }
    struct StandinRegistrar
    {
        explicit StandinRegistrar(Desc *desc)
        {
            desc->m_Next = StandinExtensions();
            StandinExtensions() = desc;
        }
    };
}

#define DM_DECLARE_EXTENSION(symbol, name, app_init, app_final, init, update, on_event, final) \
    static dmExtension::Desc symbol##_standin_desc = \
        { name, app_init, app_final, init, update, on_event, final, 0 }; \
    static dmExtension::StandinRegistrar symbol##_standin_registrar(&symbol##_standin_desc);

// Defold's log macros: printf formats, one line each
#define dmLogError(...) (fprintf(stderr, "ERROR:EXT: " __VA_ARGS__), fputc('\n', stderr))
#define dmLogWarning(...) (fprintf(stderr, "WARNING:EXT: " __VA_ARGS__), fputc('\n', stderr))
#define dmLogInfo(...) (fprintf(stderr, "INFO:EXT: " __VA_ARGS__), fputc('\n', stderr))

#endif
