/*
** l_tree.c - binding of the dynamic AABB tree (collide.tree).
*/
#include "l_collide.h"

const luaL_Reg l_tree_functions[] = {{NULL, NULL}};
const luaL_Reg l_tree_methods[] = {{NULL, NULL}};
