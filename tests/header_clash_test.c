/*
** header_clash_test.c - collide's public headers beside a common system
** header that shares their prefix: OpenCL's <CL/cl.h> defines CL_ names
** (CL_NONE among them). Compiled twice with -Werror, each order of the
** two includes (COLLIDE_FIRST set or not): no name of collide's may be
** one of OpenCL's, or the second definition warns (or, the other way
** round, silently changes a value). Run, it checks that collide's "nothing
** found" is still its own.
**
**   make test-header-clash (part of make test-c)
*/
#define CL_TARGET_OPENCL_VERSION 300
#ifdef COLLIDE_FIRST
#include <collide/world.h>
#include <collide/compound.h>
#include <collide/frustum.h>
#include <collide/heightfield.h>
#include <collide/hull.h>
#include <collide/mesh.h>
#include <collide/tree.h>
#include <CL/cl.h>
#else
#include <CL/cl.h>
#include <collide/world.h>
#include <collide/compound.h>
#include <collide/frustum.h>
#include <collide/heightfield.h>
#include <collide/hull.h>
#include <collide/mesh.h>
#include <collide/tree.h>
#endif
#include <stdio.h>

int main(void) {
  int bad = CL_NOT_FOUND != -1 || CL_NONE != 0x0;
  printf("header_clash_test: %s\n", bad ? "a name changed its value" : "no name clashes");
  return bad;
}
