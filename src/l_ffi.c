/*
** l_ffi.c - entry points for LuaJIT's FFI. A call through the classic Lua C
** API cannot be compiled by LuaJIT's JIT: it costs ~60 ns where an FFI call
** from compiled code costs a few. lua/collide/init.lua binds these under
** LuaJIT, after checking in Lua that both arguments carry shape metatables;
** anything else (meshes, bad arguments) goes to the classic functions,
** which raise the usual errors. The FFI passes a userdata as the address of
** its block: the header's magic word is checked again here.
*/
#include "l_collide.h"

static const cl_shape *ffi_shape(const void *u) {
  const cl_shape *s;
  if (u == NULL || ((const l_udheader *)u)->magic != &l_shape_magic) return NULL;
  s = L_UDSHAPE(u);
  return (unsigned)s->tag < CL_NKINDS ? s : NULL;
}

/* 1 or 0; -1 when either is not one of our shapes (the caller falls back) */
COLLIDE_EXPORT int collide_ffi_intersects(const void *a, const void *b);

COLLIDE_EXPORT int collide_ffi_intersects(const void *a, const void *b) {
  const cl_shape *sa = ffi_shape(a), *sb = ffi_shape(b);
  if (sa == NULL || sb == NULL) return -1;
  return cl_intersects(sa, sb);
}
