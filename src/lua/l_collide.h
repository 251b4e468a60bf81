/*
** l_collide.h - shared by the binding files (l_*.c): argument readers and
** the userdata of collide's objects. Every binding function is a closure
** whose first CL_NKINDS upvalues are the shape metatables in cl_kind order,
** then the other objects' (L_MT_*), so a new object gets its metatable
** without a registry look-up; which object a value is, its header tells
** (l_toobject).
*/
#ifndef COLLIDE_L_COLLIDE_H
#define COLLIDE_L_COLLIDE_H

#include <stdint.h>
#include "l_compat.h"
#include "collide/collide.h"
#include "collide/frustum.h"
#include "collide/mesh.h"
#include "collide/heightfield.h"
#include "collide/tree.h"
#include "collide/world.h"

/* upvalues 1..CL_NKINDS: the shape metatables; then the tree's, the
** mesh's, the frustum's and the heightfield's */
#define L_NUPVALUES (CL_NKINDS + 4)
#define L_MT(kind) lua_upvalueindex((kind) + 1)
#define L_MT_TREE lua_upvalueindex(CL_NKINDS + 1)
#define L_MT_MESH lua_upvalueindex(CL_NKINDS + 2)
#define L_MT_FRUSTUM lua_upvalueindex(CL_NKINDS + 3)
#define L_MT_HEIGHTFIELD lua_upvalueindex(CL_NKINDS + 4)

extern const char *const l_kind_names[CL_NKINDS];   /* "aabb", ... */
extern const char *const l_type_names[CL_NKINDS];   /* "collide.aabb", ... */

/* the type of the value at i as errors name it: the __name of its
** metatable (collide.aabb, FILE*, collide.frustum), else its Lua type
** (light userdata apart); a value that is not one of the core's userdata is
** never named by their names (a table given the aabb metatable is a table).
** May push the name's string. */
const char *l_typename(lua_State *L, int i);
/* `bad argument #i to 'f' (EXPECTED expected, got TYPE)` */
int l_typeerror(lua_State *L, int i, const char *expected);
/* luaL_checktype's check, with the names of l_typename */
void l_checktype(lua_State *L, int i, int t);
/* x as error messages print it on every Lua: nan, inf, -inf, an integer up
** to 2^53 in digits (4294967297, -5, 0), else %.14g (1.5, 1e+300); pushed */
const char *l_pushnumtext(lua_State *L, double x);
/* the length of the table at i (an absolute index) on every Lua: its
** largest positive integer key, 0 when none (the # border of a table with
** holes differs between versions; SIZE_MAX at most). *hole: the first k
** in 1..length with t[k] nil, else 0. Raw accesses only. */
size_t l_arraylen(lua_State *L, int i, size_t *hole);
double l_checknum(lua_State *L, int i);
/* x, or an error at argument i when it is nan or infinite */
double l_checkfinite(lua_State *L, int i, double x);
/* x, element k of the array at argument i, or an error at i naming the
** element when it is nan or infinite */
double l_checkfinite_at(lua_State *L, int i, size_t k, double x);
/* the numbers x, y, z (else [1], [2], [3]) of the table or userdata at i;
** 0 when it has neither (no check for finiteness, no error) */
int l_tovec(lua_State *L, int i, double v[3]);
int l_indexable(lua_State *L, int i);
int l_readvec(lua_State *L, int i, double v[3]);
/* element k of the array at argument i, the value on top, read as a
** vector (as l_tovec; a shape is none) into v and popped; else an error
** at i naming the element: not a vector, or a number not finite */
void l_read_element_vec(lua_State *L, int i, size_t k, double v[3]);
int l_readquat(lua_State *L, int i, double q[4]);
/* Every userdata of collide's own objects (a shape, a mesh, a
** heightfield, a tree, a frustum) begins with the same header, and this
** header alone tells them from any other value. Its magic word, the
** address of the entry of l_magic for the object's type (L_OBJ_*), is
** compared instead of fetching and comparing metatables on each call (the
** cost that dominated a call, measured with callgrind): a Lua script cannot
** forge it, a light userdata has length 0, and no userdata shorter than the
** header is read. So a userdata given one of collide's metatables is none
** of its objects, and an object keeps its type whatever metatable it is
** given. Its change counter goes up by one each time a shape is changed in
** place (set, translate, flip, written as an out argument): a tree that
** follows the shape (tree:track) refits it when the counter differs from
** the one it saw last. A scene holding the shape (or the heightfield) is
** told of each change too: holder is its world and item the item's slot
** there (cl_item_slot of its id; NULL: none; a shape held by several items is linked to the
** first, the others read its counter at each sync), so that
** scene:sync() looks only at the items whose shapes changed
** (l_world.c). The header's size is a multiple of 8, so what
** follows it is aligned for doubles on every platform (checked below); a
** shape's userdata is the header and the shape, at L_UDSHAPE; the other
** objects' structs (l_mesh, l_tree, ...) have the header as their first
** member. */
typedef struct {
  const void *magic;
  uint32_t changes;
  int item;                  /* the holder's item's slot */
  void *holder;              /* the cl_world holding it, or NULL */
} l_udheader;
typedef char l_udheader_keeps_doubles_aligned[sizeof(l_udheader) % sizeof(double) == 0 ? 1 : -1];
enum { L_OBJ_SHAPE, L_OBJ_MESH, L_OBJ_HEIGHTFIELD, L_OBJ_TREE, L_OBJ_FRUSTUM, L_NOBJ };
extern const char l_magic[L_NOBJ];
extern const size_t l_kind_sizes[CL_NKINDS];
/* l_kind_sizes' initializer, which the FFI's entry points repeat */
#define L_KIND_SIZES { sizeof(cl_aabb), sizeof(cl_obb), sizeof(cl_plane), sizeof(cl_triangle), \
                       sizeof(cl_ray), sizeof(cl_sphere), sizeof(cl_capsule), sizeof(cl_hull), \
                       sizeof(cl_compound) }
#define L_UDSHAPE(u) ((cl_shape *)((char *)(u) + sizeof(l_udheader)))
/* the header of one of our shapes */
#define L_UDHEADER(s) ((l_udheader *)(void *)((char *)(s) - sizeof(l_udheader)))

/* makes the block at u, at least a header long, an object of the type */
static inline void l_setheader(void *u, int type) {
  ((l_udheader *)u)->magic = &l_magic[type];
  ((l_udheader *)u)->changes = 0;
  ((l_udheader *)u)->item = 0;
  ((l_udheader *)u)->holder = NULL;
}

/* the block u, len bytes long (a value's lua_touserdata and lua_rawlen,
** len 0 where u is NULL), when it is one of our objects of the type at
** least min bytes long (min: a header at least), else NULL; a call that
** tells several types apart reads its argument once and asks this */
static inline void *l_object_in(void *u, size_t len, int type, size_t min) {
  return u != NULL && len >= min && ((const l_udheader *)u)->magic == &l_magic[type] ? u : NULL;
}
/* the same for the userdata at i, its length in *len. Each l_to*
** function is this and a check of the length. Inline: it runs on every
** call. */
static inline void *l_toobject(lua_State *L, int i, int type, size_t min, size_t *len) {
  void *u = lua_touserdata(L, i);
  *len = u != NULL ? lua_rawlen(L, i) : 0;
  return l_object_in(u, *len, type, min);
}

/* every change in place to one of our shapes or heightfields ends here:
** its counter moves, and the world holding it (its item linked,
** cl_world_link) is told */
/* the holder of h (not NULL) told that the shape changed */
static inline void l_touch_holder(const l_udheader *h) {
  cl_world *w = (cl_world *)h->holder;
  (void)cl_world_touch(w, cl_world_item_at(w, h->item));
}
static inline void l_touched(l_udheader *h) {
  h->changes++;
  if (h->holder != NULL) l_touch_holder(h);
}
static inline void l_changed(cl_shape *s) { l_touched(L_UDHEADER(s)); }

/* the shape at i if it is one of ours, else NULL */
/* l_toshape of a block already read (l_object_in) */
static inline cl_shape *l_shape_in(void *u, size_t len) {
  cl_shape *s;
  if (l_object_in(u, len, L_OBJ_SHAPE, sizeof(l_udheader) + sizeof(int)) == NULL) return NULL;
  s = L_UDSHAPE(u);
  return (unsigned)s->tag < CL_NKINDS && len == sizeof(l_udheader) + l_kind_sizes[s->tag] ? s : NULL;
}
static inline cl_shape *l_toshape(lua_State *L, int i) {
  void *u = lua_touserdata(L, i);
  return l_shape_in(u, u != NULL ? lua_rawlen(L, i) : 0);
}

cl_shape *l_checkshape(lua_State *L, int i, int kind);
cl_shape *l_checkanyshape(lua_State *L, int i);
cl_shape *l_newshape(lua_State *L, int kind);
/* the optional out argument at i of the kind, or a new shape; pushed */
cl_shape *l_outshape(lua_State *L, int i, int kind);
int l_pushvec(lua_State *L, const double v[3]);
/* a sweep's hit: t, the point and the normal (never -0); 7 */
int l_pushhit(lua_State *L, const cl_hit *h);
/* the optional table of named results at i: raises unless it is absent,
** nil or a table */
void l_checkout(lua_State *L, int i);
/* the n values at the top of the stack set as the fields names[0 ..
** n - 1] of the table at out (an absolute index), every other field a
** hit may have (item, t, x, y, z, nx, ny, nz, u, v, index, material) set
** to nil; the values popped and the table pushed: returns 1 */
int l_namehit(lua_State *L, int out, int n, const char *const *names);
/* the kinds ray:cast, collide.contact and collide.sweep take as a target,
** as their errors name them */
extern const char *const l_target_kinds;

/* l_shapes.c: constructors (module functions), the methods every shape
** has, each kind's own, and the metamethods */
extern const luaL_Reg l_shape_functions[], l_shape_common_methods[], l_shape_meta[];
extern const luaL_Reg *const l_shape_methods[CL_NKINDS];

/* l_query.c: module functions (intersects, contact) and each kind's query
** methods, registered with the same upvalues */
extern const luaL_Reg l_query_functions[];
extern const luaL_Reg *const l_query_methods[CL_NKINDS];

/* l_tree.c and l_mesh.c: module functions and the methods of their
** metatables (registered with the same upvalues by luaopen_collide_core) */
extern const luaL_Reg l_tree_functions[], l_tree_methods[], l_tree_meta[];
extern const luaL_Reg l_mesh_functions[], l_mesh_methods[], l_mesh_meta[];
extern const luaL_Reg l_heightfield_functions[], l_heightfield_methods[], l_heightfield_meta[];

/* l_frustum.c: collide.frustum and collide.frustum_from_matrix, the
** frustum's methods and metamethods */
extern const luaL_Reg l_frustum_functions[], l_frustum_methods[], l_frustum_meta[];
/* the frustum at i, or NULL when the value there is none */
const cl_frustum *l_tofrustum(lua_State *L, int i);

/* the userdata of a mesh and of a tree (their methods are in l_mesh.c and
** l_tree.c; the layouts are here so that naming a value needs neither) */
typedef struct l_mesh {
  l_udheader h;
  cl_mesh m;
  uint32_t *scratch;   /* cached query scratch, room for every triangle
                       ** index (NULL: none, or taken by a running query) */
} l_mesh;
/* a buffer of pairs kept by a tree between calls to tree:pairs */
typedef struct {
  cl_tree_pair *p;
  size_t room;            /* 0: no buffer */
  long long n;            /* the pairs it holds, */
  unsigned epoch;         /* found when the tree's pairs_epoch was this, */
  int valid;              /* if set */
} l_pairbuf;
typedef struct l_tree {
  l_udheader h;
  cl_tree tree;
  int locked;             /* raycast callbacks running: changes are refused */
  int owned;              /* a scene's: changes from Lua are refused */
  cl_tree_scratch cache;  /* the scratch kept between calls (capacity 0: none) */
  l_pairbuf pairs;        /* the pairs found last (valid: their epoch) */
  l_pairbuf spare;        /* a buffer for the next ones */
  const void **follows;   /* by proxy: the header of the shape its leaf
                          ** follows (tree:track), or NULL; room for
                          ** nfollows proxies, none before the first track */
  int nfollows;
} l_tree;

/* The anchor of a tree, a mesh or a frustum: a table that keeps the
** userdata holding its storage (node blocks, scratch, tracked shapes, the
** planes) alive for as long as the object lives. It is kept in a table of
** the registry whose keys are weak, not in the object's user value, which
** debug.getuservalue and debug.setuservalue hand to any script: a script
** that emptied it there freed memory the object still pointed at.
** l_setanchor pops a table and makes it the anchor of the userdata at i;
** l_getanchor pushes the anchor of the userdata at i (an error if there is
** none, which only a script rewriting the registry can cause).
** l_anchors_init makes the registry's table once per Lua state. */
void l_anchors_init(lua_State *L);
void l_setanchor(lua_State *L, int i);
void l_getanchor(lua_State *L, int i);
/* the anchor of the userdata at i as an array of slots: l_setslot pops
** the value on top into the slot; l_detachslot pushes the slot's value and
** leaves false there (a call keeps it alive on its stack, and Lua code run
** meanwhile finds none to share) */
void l_setslot(lua_State *L, int i, int slot);
void l_detachslot(lua_State *L, int i, int slot);

/* l_args.c: the mesh, the tree at i, or NULL (not inline: off the shapes'
** hot path, where they would only make the calls that inline them larger) */
l_mesh *l_tomesh(lua_State *L, int i);
l_tree *l_totree(lua_State *L, int i);
/* l_tomesh of a block already read (l_object_in) */
static inline l_mesh *l_mesh_in(void *u, size_t len) {
  return len == sizeof(l_mesh) ? (l_mesh *)l_object_in(u, len, L_OBJ_MESH, sizeof(l_mesh)) : NULL;
}

/* l_tree.c: a free leaf in the tree at i (an absolute index), its node
** block grown as a userdata when needed */
void l_tree_room(lua_State *L, int i);
/* l_tree.c: room for n leaves in the tree at i (absolute), grown as
** l_tree_room grows it (finalizers may run) */
void l_tree_reserve(lua_State *L, int i, int n);
/* l_tree.c: tree:pairs() for the binding of the world: (tree, light
** userdata of a cl_tree_scratch) -> nothing; the pairs are left in the
** tree's buffer (lt->pairs), walked with that scratch when it is large
** enough (the world's, so that a scene keeps one scratch, not two); never
** reachable from Lua code */
int l_tree_pairs_with(lua_State *L);

/* l_world.c: the world's and the character's metatables, and the module's
** private table _world (its constructors, for collide.scene and
** collide.character), registered by luaopen_collide_core into the module
** table at the top of the stack */
void l_world_open(lua_State *L, int mts);

/* l_mesh.c: ray:cast(mesh) (the ray and the mesh checked by the
** caller), intersects and contact with a mesh on either side, and a sweep
** at the mesh at index i (called from l_query.c) */
int l_mesh_cast(lua_State *L, const cl_ray *r, l_mesh *lm);
int l_mesh_intersects(lua_State *L);
int l_mesh_contact(lua_State *L);
int l_mesh_sweep(lua_State *L, const cl_shape *mover, const double d[3], int i);
/* collide.manifold with a mesh on either side */
int l_mesh_manifold(lua_State *L);

/* l_triset.c: the points of the array at argument i (a flat array of
** numbers or an array of vectors, *flat telling which): its length, refused
** with holes or a flat length not a multiple of 3; and its n entries read
** into v, each refused when not a finite number (a vector) */
size_t l_point_array(lua_State *L, int i, int *flat);
void l_read_points(lua_State *L, int i, double *v, size_t n, int flat);

/* l_triset.c: the steps every set of triangles (a mesh, a heightfield)
** answers with. l_push_tricast: nil, or a cast's t, p, n, u, v and the
** 1-based index of 0-based index, then the triangle's material when it
** is not -1; l_push_trisweep: nil, or a sweep's hit, that index and the
** material as well. l_check_contact_shape: the shape at i for a contact
** with triangles (no ray, no triangle; kinds names what is expected).
** l_push_contact: {index=, nx=, ny=, nz=, depth=} set at position k of
** the table on top. l_indices_begin pushes the table of a query's indices
** (the out argument at i, or a new one for n), l_indices_end clears the
** rest of an out table once n are set. */
int l_push_tricast(lua_State *L, int found, const cl_hit *h, size_t index, long long material);
int l_push_trisweep(lua_State *L, int found, const cl_hit *h, size_t index, long long material);
/* the options table at argument i (checked a table): its field materials
** pushed, nil or a table (else an error at i) */
void l_materials_option(lua_State *L, int i);
/* the array at stack index i, the materials option of argument arg, into
** out: n integers 0 .. 2^31 - 1 (one a triangle or a cell: one names it
** in the errors), raw accesses only */
void l_read_materials(lua_State *L, int i, int arg, uint32_t *out, size_t n, const char *one);
/* a set's bounds b, when ok, into the out argument at 2 (or a new aabb),
** else nil */
int l_push_bounds(lua_State *L, int ok, const cl_aabb *b);
cl_shape *l_check_contact_shape(lua_State *L, int i, const char *kinds);
void l_push_contact(lua_State *L, size_t index, const double n[3], double depth, size_t k);
void l_indices_begin(lua_State *L, int i, size_t n, size_t *old);
void l_indices_end(lua_State *L, size_t n, size_t old);
/* nil, or nx, ny, nz, depth and the 1-based index of a contact with a
** set of triangles (cl_mesh_contact, cl_heightfield_contact) */
int l_push_tricontact(lua_State *L, int found, const double n[3], double depth, size_t index);
/* nx, ny, nz and the array of {x=, y=, z=, depth=} of m (count > 0) */
int l_push_manifold(lua_State *L, const cl_contacts *m);

/* the userdata of a heightfield: this struct, then the heights and the
** blocks (l_heightfield.c); its arrays are found from the grid's size on
** every access, so the pointers in hf are never trusted from memory */
typedef struct l_heightfield {
  l_udheader h;
  cl_heightfield hf;
} l_heightfield;
/* the bytes after the struct: the heights, then two doubles a block */
static inline size_t l_heightfield_storage(uint32_t columns, uint32_t rows) {
  return ((size_t)columns * rows + 2 * cl_heightfield_blocks(columns, rows)) * sizeof(double);
}
/* the bytes after those of a heightfield made with materials: one
** uint32_t a cell */
static inline size_t l_heightfield_material_storage(uint32_t columns, uint32_t rows) {
  return (size_t)(columns - 1) * (rows - 1) * sizeof(uint32_t);
}
/* l_args.c: the heightfield at i, its array pointers set, or NULL */
l_heightfield *l_toheightfield(lua_State *L, int i);
/* l_heightfield.c: ray:cast (the ray and the heightfield checked by the
** caller), collide.intersects, collide.contact with a heightfield on
** either side (or a mesh and a heightfield), a sweep at the heightfield at
** index i */
int l_heightfield_cast(lua_State *L, const cl_ray *r, l_heightfield *lh);
int l_heightfield_intersects(lua_State *L);
int l_heightfield_contact(lua_State *L);
int l_heightfield_manifold(lua_State *L);
int l_heightfield_sweep(lua_State *L, const cl_shape *mover, const double d[3], int i);

/* l_hull.c: collide.hull and the hull's methods; h:set(points, [position],
** [rotation]), which builds a new hull in place */
extern const luaL_Reg l_hull_functions[], l_hull_methods[];
int l_hull_set(lua_State *L);
/* pushes the userdata holding the vertices, faces and edges the hull at i
** points at now: a call that works on a copy of the hull keeps it on its
** stack, so that an h:set run meanwhile (by a filter) frees nothing the
** copy reads. Allocates nothing, runs no Lua code. */
void l_hull_push_data(lua_State *L, int i);
/* what a hull and a compound share: the userdata on top made the data of
** the shape at i (popped), kept in its anchor; s:set_position(x, y, z |
** vec) keeping the rotation q and s:set_rotation(q) keeping the position
** c, by place (the shape at 1, returned); the rotation pushed as x, y, z, w */
typedef void (*l_place)(cl_shape *s, const double c[3], const double q[4]);
/* a hull or compound built from the arguments at i, its data on
** top of the stack (raises a Lua error for bad arguments) */
typedef void (*l_build)(lua_State *L, int i, cl_shape *out);
/* collide.hull(...) and collide.compound(...): the shape make builds from
** the arguments at 1, pushed; s:set(...): s built again from those at 2 */
int l_placed_new(lua_State *L, l_build make);
int l_placed_set(lua_State *L, cl_shape *s, l_build make);
/* a clone of the hull or compound at i, pushed, sharing its data */
void l_placed_clone(lua_State *L, int i);
void l_anchor_data(lua_State *L, int i);
/* l_shapes.c: refuses s (result is not finite), at the argument of the
** first axis on which a number it stores is not finite (a vector read
** from i, next the index after it: i + k for three numbers, else i), a
** hull's vertices' reach and a compound's placed children counted */
void l_check_stored(lua_State *L, const cl_shape *s, int i, int next);
int l_placed_set_position(lua_State *L, cl_shape *s, const double q[4], l_place place);
int l_placed_set_rotation(lua_State *L, cl_shape *s, const double c[3], l_place place);
int l_push_rotation(lua_State *L, const double q[4]);

/* l_compound.c: collide.compound and the compound's methods;
** c:set(shapes, [position], [rotation]) builds new data in place; a clone
** shares the data. l_hull_push_data pushes a compound's data too. */
extern const luaL_Reg l_compound_functions[], l_compound_methods[];
int l_compound_set(lua_State *L);

/* l_lines.c: collide.lines; l_push_lines pushes a new array of the n
** segments at p (six doubles each, -0 written as 0) */
extern const luaL_Reg l_lines_functions[];
void l_push_lines(lua_State *L, const double *p, size_t n);

/* l_ffi.c: pushes the address of the FFI's entry points (a light
** userdata), the module's field _ffi; L_FFI_VERSION its layout's number,
** which lua/collide/ffi.lua checks */
#define L_FFI_VERSION 2
void l_push_ffi_entries(lua_State *L);

#endif
