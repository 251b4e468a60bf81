/*
** l_ffi.c - entry points for LuaJIT's FFI. A call through the classic Lua C
** API cannot be compiled by LuaJIT's JIT: it costs ~60 ns where an FFI call
** from compiled code costs a few. The loaded core hands their addresses
** over itself, as a light userdata (collide.core._ffi) pointing at a table
** of function pointers, so the FFI path needs no file to load and works
** wherever the core was loaded from (a LÖVE game folder, a .love, a fused
** game, the save directory). lua/collide/ffi.lua casts it to the struct
** below and binds collide.intersects, collide.cast and the methods
** intersects and cast under LuaJIT: it checks both arguments in Lua as
** l_toshape does (the header, the block's length, the tag), runs the short
** tests itself on the shapes' memory and calls these for the other pairs;
** anything else (meshes, bad arguments) goes to the classic functions,
** which raise the usual errors. The FFI passes a userdata as the address of
** its block: the header's magic word is checked again here.
*/
#include "fp.h"
#include "l_collide.h"

/* the FFI hands over the block of a userdata whose metatable the Lua side
** checked, so it is at least a header long: the shape in it, if ours */
static const cl_shape *ffi_shape(const void *u) {
  const cl_shape *s;
  if (u == NULL || ((const l_udheader *)u)->magic != &l_magic[L_OBJ_SHAPE]) return NULL;
  s = L_UDSHAPE(u);
  return (unsigned)s->tag < CL_NKINDS ? s : NULL;
}

/* ray:cast's results from a hit on a shape of kind: t, the point, the
** normal (+ 0.0: never -0, as l_pushvec), and u, v for a triangle; their
** count, 7 or 9. q_cast (l_query.c) pushes the same list. */
static int hit_values(const cl_hit *h, int kind, double out[9]) {
  int k;
  out[0] = h->t;
  for (k = 0; k < 3; k++) {
    out[1 + k] = h->p[k] + 0.0;
    out[4 + k] = h->n[k] + 0.0;
  }
  if (kind != CL_TRIANGLE) return 7;
  out[7] = h->u;
  out[8] = h->v;
  return 9;
}

/* 1 or 0; -1 when either is not one of our shapes (the caller falls back) */
static int ffi_intersects(const void *a, const void *b) {
  const cl_shape *sa = ffi_shape(a), *sb = ffi_shape(b);
  if (sa == NULL || sb == NULL) return -1;
  return cl_intersects(sa, sb);
}

/* collide.cast's results in out[0..8] as ray:cast pushes them (t, point,
** normal, then u and v for a triangle): returns their count, 7 or 9; 0 for
** a miss; -1 when the first is not a ray or the second not a shape to cast
** at here (a compound; the caller falls back to the classic function) */
static int ffi_cast(const void *ray, const void *shape, int cull, double *out) {
  const cl_shape *r = ffi_shape(ray), *s = ffi_shape(shape);
  cl_hit h;
  /* a compound's cast gives its child's index too: the classic function's */
  if (r == NULL || s == NULL || r->tag != CL_RAY || s->tag == CL_RAY || s->tag == CL_COMPOUND)
    return -1;
  if (!cl_cast(&r->ray, s, cull, &h)) return 0;
  return hit_values(&h, s->tag, out);
}

/* the table lua/collide/ffi.lua declares as collide_ffi_entries: its
** version first, so a Lua side and a core from different releases can
** tell (the Lua side uses the table only when the version is its own).
** The fields after the functions let JIT-compiled Lua read a shape where
** it lies, with l_toshape's checks: the header's size and where its magic
** word is, the word itself, the shape structs' layout number
** (CL_LAYOUT_VERSION) and each kind's size, which a block's length must
** be (after the header). */
static const struct {
  int version;
  int (*intersects)(const void *a, const void *b);
  int (*cast)(const void *ray, const void *shape, int cull, double *out);
  int layout;
  size_t header_size, magic_offset;
  const void *magic;
  size_t kind_sizes[CL_NKINDS];
} entries = {
  L_FFI_VERSION, ffi_intersects, ffi_cast, CL_LAYOUT_VERSION,
  sizeof(l_udheader), offsetof(l_udheader, magic), &l_magic[L_OBJ_SHAPE], L_KIND_SIZES
};

void l_push_ffi_entries(lua_State *L) {
  lua_pushlightuserdata(L, (void *)&entries);
}
