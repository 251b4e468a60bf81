// STAND-IN for Defold's dmsdk/lua/lauxlib.h (see dmsdk/sdk.h): LuaJIT's
// lauxlib.h and lualib.h, with C linkage for C++
#ifndef COLLIDE_STANDIN_DMSDK_LAUXLIB_H
#define COLLIDE_STANDIN_DMSDK_LAUXLIB_H
extern "C" {
#include <luajit-2.1/lauxlib.h>
#include <luajit-2.1/lualib.h>
}
#endif
