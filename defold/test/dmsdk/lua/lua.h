// STAND-IN for Defold's dmsdk/lua/lua.h (see dmsdk/sdk.h): LuaJIT's lua.h,
// which Defold's is, with C linkage for C++
#ifndef COLLIDE_STANDIN_DMSDK_LUA_H
#define COLLIDE_STANDIN_DMSDK_LUA_H
extern "C" {
#include <luajit-2.1/lua.h>
}
#endif
