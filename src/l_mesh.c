/*
** l_mesh.c - binding of the triangle mesh with its BVH (collide.mesh).
*/
#include "l_collide.h"

const luaL_Reg l_mesh_functions[] = {{NULL, NULL}};
const luaL_Reg l_mesh_methods[] = {{NULL, NULL}};
