/*
** world.c - items in a dynamic tree; shape casts over them and bump.lua's
** move-and-slide (world.h). The character controller is in character.c.
**
** A target is dispatched by its kind: the eight shapes go through the core
** (cl_sweep, cl_contact, cl_cast, cl_bounds), static triangle geometry
** through one table of functions (geometry_ops below: a mesh and a
** heightfield), so
** a new shape is a new tag for the core and new static geometry a new row.
*/
#include <float.h>
#include <stdlib.h>
#include <string.h>
#include "collide/frustum.h"
#include "collide/hull.h"
#include "world_move.h"
#include "tree_ray.h"

/* ---- static triangle geometry: what the world asks of it ---- */
typedef struct {
  int (*bounds)(const void *g, cl_aabb *out);
  int (*cast)(const void *g, const cl_ray *r, cl_hit *h, size_t *index);
  int (*sweep)(const void *g, const cl_shape *mover, const double d[3], cl_hit *h,
               size_t *index);
  size_t (*visit)(const void *g, const cl_shape *s,
                  int (*fn)(void *ud, const cl_triangle *t, size_t index), void *ud);
  void (*triangle)(const void *g, size_t index, cl_triangle *t);
} geometry_ops;

static int mesh_bounds(const void *g, cl_aabb *out) { return cl_mesh_bounds(g, out); }
static int mesh_cast(const void *g, const cl_ray *r, cl_hit *h, size_t *index) {
  return cl_mesh_cast(g, r, 0, h, index);
}
static int mesh_sweep(const void *g, const cl_shape *mover, const double d[3], cl_hit *h,
                      size_t *index) {
  return cl_mesh_sweep(g, mover, d, h, index);
}
static size_t mesh_visit(const void *g, const cl_shape *s,
                         int (*fn)(void *ud, const cl_triangle *t, size_t index), void *ud) {
  return cl_mesh_visit(g, s, fn, ud);
}

static void mesh_triangle(const void *g, size_t index, cl_triangle *t) {
  cl_mesh_triangle(g, index, t);
}

static int hf_bounds(const void *g, cl_aabb *out) { return cl_heightfield_bounds(g, out); }
static int hf_cast(const void *g, const cl_ray *r, cl_hit *h, size_t *index) {
  return cl_heightfield_cast(g, r, 0, h, index);
}
static int hf_sweep(const void *g, const cl_shape *mover, const double d[3], cl_hit *h,
                    size_t *index) {
  return cl_heightfield_sweep(g, mover, d, h, index);
}
typedef struct {
  int (*fn)(void *ud, const cl_triangle *t, size_t index);
  void *ud;
} hf_visit_ctx;
static int hf_visit_one(void *ctx, uint32_t index, const cl_triangle *t) {
  const hf_visit_ctx *c = (const hf_visit_ctx *)ctx;
  return c->fn(c->ud, t, index);
}
static size_t hf_visit(const void *g, const cl_shape *s,
                       int (*fn)(void *ud, const cl_triangle *t, size_t index), void *ud) {
  hf_visit_ctx c;
  c.fn = fn;
  c.ud = ud;
  return cl_heightfield_query(g, s, hf_visit_one, &c);
}
/* a hole's index is never visited, cast or swept, so no caller asks for
** it; were one asked, it would answer a point triangle at the origin
** rather than leave t unset */
static void hf_triangle(const void *g, size_t index, cl_triangle *t) {
  if (!cl_heightfield_triangle(g, index, t)) {
    static const double zero[3] = {0, 0, 0};
    cl_triangle_init(t, zero, zero, zero);
  }
}

static const geometry_ops geometry[] = {
  {mesh_bounds, mesh_cast, mesh_sweep, mesh_visit, mesh_triangle},
  {hf_bounds, hf_cast, hf_sweep, hf_visit, hf_triangle}
};
#define GEOMETRY(kind) (&geometry[(kind) - CL_WORLD_MESH])
#define IS_GEOMETRY(kind) ((kind) >= CL_WORLD_MESH)

/* a move's sweep and visit of static geometry: over the triangles its
** caller gathered near the move (cl_world_move_near) when it is that mesh,
** else by the geometry's own walk (st may be NULL: no move) */
static int is_near(const move_state *st, const cl_world_item *it) {
  return st != NULL && st->near_mesh != NULL && it->shape == st->near_mesh;
}

static int geo_sweep(const move_state *st, const cl_world_item *it, const cl_shape *mover,
                     const double d[3], cl_hit *h, size_t *index) {
  if (is_near(st, it))
    return cl_mesh_sweep_near(it->shape, &st->near, mover, d, h, index);
  return GEOMETRY(it->kind)->sweep(it->shape, mover, d, h, index);
}

static size_t geo_visit(const move_state *st, const cl_world_item *it, const cl_shape *s,
                        int (*fn)(void *ud, const cl_triangle *t, size_t index), void *ud) {
  if (is_near(st, it))
    return cl_mesh_visit_near(it->shape, &st->near, s, fn, ud);
  return GEOMETRY(it->kind)->visit(it->shape, s, fn, ud);
}

/* ---- memory ---- */
static void *default_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  (void)ud; (void)osize;
  if (nsize == 0) { free(ptr); return NULL; }
  return realloc(ptr, nsize);
}

/* grows the array *p of *cap elements of size sz to hold need, by half
** again (less room left unused than doubling, for the same amortised
** cost); 0 when out of memory (the array is then as it was) */
static int grow(cl_world *w, void **p, int *cap, int need, size_t sz) {
  int ncap;
  void *np;
  if (need <= *cap) return 1;
  ncap = *cap < 8 ? 8 : *cap;
  while (ncap < need) {
    if (ncap > (1 << 29)) return 0;
    ncap += ncap / 2;
  }
  np = w->alloc(w->ud, *p, (size_t)*cap * sz, (size_t)ncap * sz);
  if (np == NULL) return 0;
  *p = np;
  *cap = ncap;
  return 1;
}

void cl_world_init_tree(cl_world *w, cl_tree *tree, cl_alloc_fn alloc, void *ud) {
  memset(w, 0, sizeof *w);
  w->tree = tree;
  w->free_head = -1;
  w->first = w->last = -1;
  w->alloc = alloc ? alloc : default_alloc;
  w->ud = alloc ? ud : NULL;
}

void cl_world_init(cl_world *w, double margin, cl_alloc_fn alloc, void *ud) {
  cl_world_init_tree(w, NULL, alloc, ud);
  cl_tree_init(&w->own_tree, margin, alloc, ud);
  w->tree = &w->own_tree;
}

void cl_world_free(cl_world *w) {
  if (w->tree == &w->own_tree) cl_tree_free(&w->own_tree);
  if (w->items) w->alloc(w->ud, w->items, (size_t)w->cap * sizeof *w->items, 0);
  if (w->unbounded) w->alloc(w->ud, w->unbounded, (size_t)w->cap_unbounded * sizeof(int), 0);
  if (w->watched) w->alloc(w->ud, w->watched, (size_t)w->cap_watched * sizeof(int), 0);
  w->items = NULL;
  w->unbounded = w->watched = NULL;
  w->first = w->last = -1;
  w->nitems = w->cap = w->count = w->nunbounded = w->cap_unbounded = 0;
  w->nwatched = w->cap_watched = w->nmeshes = w->nmovable = 0;
}

/* ---- items ---- */
static const cl_shape *shape_of(const cl_world_item *it) { return (const cl_shape *)it->shape; }

/* the item's bounds; 0 when it has none (a plane, an endless ray, an
** empty mesh) */
static int item_bounds(const cl_world_item *it, cl_aabb *out) {
  if (IS_GEOMETRY(it->kind)) return GEOMETRY(it->kind)->bounds(it->shape, out);
  return cl_bounds(shape_of(it), out);
}

int cl_world_is_item(const cl_world *w, int id) {
  return id >= 0 && id < w->nitems && w->items[id].kind >= 0;
}

static int is_still(const cl_world *w, int id, long long seq) {
  return cl_world_is_item(w, id) && w->items[id].seq == seq;
}

int cl_world_next(const cl_world *w, int id, long long seq, int ahead, long long aseq) {
  int k, found = -1;
  if (id < 0) return w->first;
  if (is_still(w, id, seq)) return w->items[id].next;
  if (ahead >= 0 && is_still(w, ahead, aseq)) return ahead;
  /* both gone: the first added after seq, found from the end (items are
  ** only ever added there) */
  for (k = w->last; k >= 0 && w->items[k].seq > seq; k = w->items[k].prev) found = k;
  return found;
}

static int unbounded_insert(cl_world *w, int id) {
  long long s = w->items[id].seq;
  int i;
  if (!grow(w, (void **)&w->unbounded, &w->cap_unbounded, w->nunbounded + 1, sizeof(int)))
    return 0;
  i = w->nunbounded++;
  while (i > 0 && w->items[w->unbounded[i - 1]].seq > s) {
    w->unbounded[i] = w->unbounded[i - 1];
    i--;
  }
  w->unbounded[i] = id;
  return 1;
}

static void unbounded_remove(cl_world *w, int id) {
  int i;
  for (i = 0; i < w->nunbounded; i++) {
    if (w->unbounded[i] == id) {
      memmove(w->unbounded + i, w->unbounded + i + 1,
              (size_t)(w->nunbounded - i - 1) * sizeof(int));
      w->nunbounded--;
      return;
    }
  }
}

/* watched: not static and with a change counter */
static int wants_watch(const cl_world_item *it) {
  return !it->is_static && it->changes != NULL;
}

static int watch(cl_world *w, int id) {
  cl_world_item *it = &w->items[id];
  if (it->watch >= 0) return 1;
  if (!grow(w, (void **)&w->watched, &w->cap_watched, w->nwatched + 1, sizeof(int))) return 0;
  it->watch = w->nwatched;
  w->watched[w->nwatched++] = id;
  return 1;
}

static void unwatch(cl_world *w, int id) {
  cl_world_item *it = &w->items[id];
  int last;
  if (it->watch < 0) return;
  last = w->watched[--w->nwatched];
  w->watched[it->watch] = last;
  w->items[last].watch = it->watch;
  it->watch = -1;
}

/* into the tree when it has bounds, else into the list; 0 when out of memory */
static int place(cl_world *w, int id) {
  cl_world_item *it = &w->items[id];
  cl_aabb box;
  if (item_bounds(it, &box)) {
    int p = cl_tree_insert(w->tree, &box, it->seq);
    if (p < 0) return 0;
    w->tree->leaves[p].stamp = (unsigned)id;
    w->items[id].proxy = p;
    return 1;
  }
  w->items[id].proxy = -1;
  return unbounded_insert(w, id);
}

int cl_world_add(cl_world *w, const void *shape, int kind, const uint32_t *changes) {
  int id, next = -1;
  cl_world_item *it;
  if (w->free_head >= 0) {
    id = w->free_head;
    next = w->items[id].next;
  } else {
    if (!grow(w, (void **)&w->items, &w->cap, w->nitems + 1, sizeof *w->items)) return -1;
    id = w->nitems;
  }
  it = &w->items[id];
  memset(it, 0, sizeof *it);
  it->shape = shape;
  it->kind = kind;
  it->changes = changes;
  it->seen = changes ? *changes : 0;
  it->layer = 1;
  it->mask = CL_WORLD_ALL_BITS;
  it->seq = w->counter + 1;
  it->watch = -1;
  if ((wants_watch(it) && !watch(w, id)) || !place(w, id)) {
    unwatch(w, id);
    w->items[id].kind = -1;
    w->items[id].next = next;
    return -1;
  }
  if (id == w->free_head) w->free_head = next;
  else w->nitems++;
  it = &w->items[id];
  it->prev = w->last;
  it->next = -1;
  if (w->last >= 0) w->items[w->last].next = id; else w->first = id;
  w->last = id;
  w->counter++;
  w->count++;
  w->nmovable++;                                 /* (not static when added) */
  if (kind == CL_WORLD_MESH) w->nmeshes++;
  return id;
}

int cl_world_update(cl_world *w, int id, const void *shape, int kind, const uint32_t *changes) {
  cl_world_item *it = &w->items[id], old = *it;
  cl_aabb box;
  int has;
  if (shape != NULL) {
    it->shape = shape;
    it->kind = kind;
    it->changes = changes;
  }
  has = item_bounds(it, &box);
  if (wants_watch(it) ? !watch(w, id) : (unwatch(w, id), 0)) { *it = old; return 0; }
  if (has && it->proxy >= 0) {
    (void)cl_tree_move(w->tree, it->proxy, &box);
  } else if (has) {                              /* into the tree */
    int p = cl_tree_insert(w->tree, &box, it->seq);
    if (p < 0) {
      it->shape = old.shape; it->kind = old.kind; it->changes = old.changes;
      return 0;
    }
    w->tree->leaves[p].stamp = (unsigned)id;
    unbounded_remove(w, id);
    w->items[id].proxy = p;
  } else if (it->proxy >= 0) {                   /* into the list */
    if (!grow(w, (void **)&w->unbounded, &w->cap_unbounded, w->nunbounded + 1, sizeof(int))) {
      it->shape = old.shape; it->kind = old.kind; it->changes = old.changes;
      return 0;
    }
    cl_tree_remove(w->tree, it->proxy);
    it->proxy = -1;
    (void)unbounded_insert(w, id);
  }
  it = &w->items[id];
  it->seen = it->changes ? *it->changes : 0;
  w->nmeshes += (it->kind == CL_WORLD_MESH) - (old.kind == CL_WORLD_MESH);
  return 1;
}

void cl_world_remove(cl_world *w, int id) {
  cl_world_item *it = &w->items[id];
  if (it->proxy >= 0) cl_tree_remove(w->tree, it->proxy);
  else unbounded_remove(w, id);
  unwatch(w, id);
  if (it->prev >= 0) w->items[it->prev].next = it->next; else w->first = it->next;
  if (it->next >= 0) w->items[it->next].prev = it->prev; else w->last = it->prev;
  if (it->kind == CL_WORLD_MESH) w->nmeshes--;
  if (!it->is_static) w->nmovable--;
  it->kind = -1;
  it->shape = NULL;
  it->next = w->free_head;
  w->free_head = id;
  w->count--;
}

int cl_world_set_options(cl_world *w, int id, uint32_t layer, uint32_t mask, int is_static) {
  cl_world_item *it = &w->items[id];
  int was = it->is_static;
  it->is_static = is_static != 0;
  if (wants_watch(it)) {
    if (!watch(w, id)) { it->is_static = was; return 0; }
  } else {
    unwatch(w, id);
  }
  it->layer = layer;
  it->mask = mask;
  w->nmovable += was - it->is_static;
  return 1;
}

int cl_world_meets(const cl_world *w, int a, int b) {
  const cl_world_item *x = &w->items[a], *y = &w->items[b];
  return (x->layer & y->mask) != 0 && (y->layer & x->mask) != 0;
}

int cl_world_pairable(const cl_world *w, int a, int b) {
  return cl_world_meets(w, a, b) && !(w->items[a].is_static && w->items[b].is_static);
}

/* the tree's batch refit (as tree:sync): when more than one leaf in
** BATCH_SHARE leaves its fat box, the leaves get their new boxes where they
** are and the tree is refitted in one pass */
#define BATCH_SHARE 8
#define REINSERT_SHARE 32

int cl_world_sync(cl_world *w, int *moved, int *nmoved) {
  cl_tree *t = w->tree;
  int i, n = 0, escaping = 0, batch, nm = 0;
  for (i = 0; i < w->nwatched; i++) {
    cl_world_item *it = &w->items[w->watched[i]];
    cl_aabb box;
    if (it->proxy >= 0 && *it->changes != it->seen && cl_bounds(shape_of(it), &box))
      escaping += cl_tree_escapes(t, it->proxy, &box);
  }
  batch = escaping > 64 && escaping > t->count / BATCH_SHARE;
  for (i = 0; i < w->nwatched; i++) {
    int id = w->watched[i];
    cl_world_item *it = &w->items[id];
    cl_aabb box;
    int has;
    if (*it->changes == it->seen) continue;
    has = cl_bounds(shape_of(it), &box);
    if (it->proxy >= 0 && has) {
      it->seen = *it->changes;
      if (!batch) (void)cl_tree_move(t, it->proxy, &box);
      else if (cl_tree_escapes(t, it->proxy, &box)) cl_tree_set_fat(t, it->proxy, &box);
      n++;
    } else if (it->proxy >= 0 || has) {
      /* lost or gained bounds: placed again after the batch */
      if (moved != NULL) moved[nm] = id;
      nm++;
    } else {
      it->seen = *it->changes;
    }
  }
  if (batch) cl_tree_refit_all(t, t->count / REINSERT_SHARE + 1);
  if (moved != NULL) {
    for (i = 0; i < nm; i++)
      if (cl_world_update(w, moved[i], NULL, 0, NULL)) n++;
  }
  if (nmoved != NULL) *nmoved = moved != NULL ? nm : 0;
  return n;
}

/* ---- scratch ---- */
typedef struct {
  int other;
  double t, p[3], n[3], d;
} cl_world_cross;

static int scratch_need(const cl_world *w) {
  int n = w->tree->capacity > 0 ? w->tree->capacity : 1;
  return n + w->nunbounded + 1;
}

static size_t align8(size_t n) { return (n + 7) / 8 * 8; }

size_t cl_world_memory(const cl_world *w) {
  return (size_t)w->cap * sizeof(cl_world_item) + (size_t)w->cap_unbounded * sizeof(int)
         + (size_t)w->cap_watched * sizeof(int);
}

/* the bytes of a scratch: the queries' part first (the tree's walk, the
** candidates, the pairs' memo), then, for moves, the crossed items and
** the slide planes */
static size_t scratch_bytes(const cl_world *w, int moves) {
  int cap = w->tree->capacity > 0 ? w->tree->capacity : 1;
  int need = scratch_need(w);
  size_t ts = cl_tree_scratch_size(cap), n;
  if (ts == 0) return 0;
  n = align8(ts) + align8((size_t)need * sizeof(int)) + align8((size_t)(w->nitems > 0 ? w->nitems : 1));
  if (moves) {
    n += align8((size_t)need * sizeof(cl_world_cross)) + (size_t)CL_WORLD_MAX_PLANES * 3 * sizeof(double)
         + (size_t)CL_WORLD_NEAR * sizeof(uint32_t) + (size_t)CL_WORLD_NEAR_ITEMS * sizeof(int);
    if (w->nmeshes > 0) n += (size_t)CL_WORLD_NEAR_TRIS * sizeof(cl_triangle);
  }
  return n;
}

size_t cl_world_scratch_size(const cl_world *w) { return scratch_bytes(w, 1); }
size_t cl_world_query_scratch_size(const cl_world *w) { return scratch_bytes(w, 0); }

static void scratch_init(const cl_world *w, cl_world_scratch *s, void *mem, int moves) {
  int cap = w->tree->capacity > 0 ? w->tree->capacity : 1;
  int need = scratch_need(w);
  char *p = mem;
  cl_tree_scratch_init(&s->tree, p, cap);
  p += align8(cl_tree_scratch_size(cap));
  s->cands = (int *)(void *)p;
  p += align8((size_t)need * sizeof(int));
  s->memo = (unsigned char *)p;
  s->nmemo = w->nitems > 0 ? w->nitems : 1;
  p += align8((size_t)s->nmemo);
  s->ncap = need;
  s->crosses = NULL;
  s->planes = NULL;
  s->near = NULL;
  s->near_items = NULL;
  s->near_tris = NULL;
  if (moves) {
    s->crosses = p;
    p += align8((size_t)need * sizeof(cl_world_cross));
    s->planes = (double *)(void *)p;
    p += (size_t)CL_WORLD_MAX_PLANES * 3 * sizeof(double);
    s->near = (uint32_t *)(void *)p;
    p += (size_t)CL_WORLD_NEAR * sizeof(uint32_t);
    s->near_items = (int *)(void *)p;
    p += (size_t)CL_WORLD_NEAR_ITEMS * sizeof(int);
    /* (every part so far is a multiple of 8 bytes) */
    if (w->nmeshes > 0) s->near_tris = (cl_triangle *)(void *)p;
  }
}

void cl_world_scratch_init(const cl_world *w, cl_world_scratch *s, void *mem) {
  scratch_init(w, s, mem, 1);
}

void cl_world_query_scratch_init(const cl_world *w, cl_world_scratch *s, void *mem) {
  scratch_init(w, s, mem, 0);
}

int cl_world_scratch_fits(const cl_world *w, const cl_world_scratch *s) {
  return s->tree.capacity >= (w->tree->capacity > 0 ? w->tree->capacity : 1)
         && s->ncap >= scratch_need(w) && s->nmemo >= w->nitems
         /* a move's scratch has room for triangles once the world has meshes */
         && (s->near_items == NULL || w->nmeshes == 0 || s->near_tris != NULL);
}

/* ---- candidates ---- */

/* the bounds of shape swept by d, clamped to the largest double as
** cl_bounds is: a shape near 1e308 moved by 1e308 sweeps bounds that
** overflow, and the sweep still answers */
static void swept_box(const cl_shape *shape, const double d[3], cl_aabb *box) {
  int k;
  (void)cl_bounds(shape, box);
  for (k = 0; k < 3; k++) {
    if (d[k] < 0) box->min[k] = fmax(box->min[k] + d[k], -DBL_MAX);
    else box->max[k] = fmin(box->max[k] + d[k], DBL_MAX);
  }
}

/* the items without bounds appended to cands (k there already): rays
** never, and items whose layer misses mask or that do not meet self (-1:
** no self) left out; the new count */
static int unbounded_candidates(const cl_world *w, int *cands, int k, int self, uint32_t mask) {
  int i;
  for (i = 0; i < w->nunbounded; i++) {
    int id = w->unbounded[i];
    const cl_world_item *it = &w->items[id];
    if (it->kind == CL_RAY || (it->layer & mask) == 0) continue;
    if (self >= 0 && !cl_world_meets(w, self, id)) continue;
    cands[k++] = id;
  }
  return k;
}

/* the ids of the items whose tree boxes meet the bounds of shape swept by
** d (in sequence order, the item whose shape is skip left out), then the
** items without bounds; rays never, and items whose layer misses mask or
** that do not meet self (-1: no self) left out */
int cl_world_candidates(cl_world *w, cl_world_scratch *s, const cl_shape *shape,
                        const double d[3], const void *skip, int self, uint32_t mask) {
  cl_aabb box;
  const cl_tree_entry *e;
  int i, n, k = 0;
  swept_box(shape, d, &box);
  n = cl_tree_query(w->tree, (const cl_shape *)&box, &s->tree, &e);
  for (i = 0; i < n; i++) {
    int id = (int)w->tree->leaves[e[i].node].stamp;
    const cl_world_item *it = &w->items[id];
    if (it->shape == skip || it->kind == CL_RAY || (it->layer & mask) == 0) continue;
    if (self >= 0 && !cl_world_meets(w, self, id)) continue;
    s->cands[k++] = id;
  }
  return unbounded_candidates(w, s->cands, k, self, mask);
}

/* collide.sweep(mover, d, item's shape): 1 and the hit (index the triangle
** for static geometry, else -1) */
static int sweep_item(const move_state *st, const cl_world_item *it, const cl_shape *mover,
                      const double d[3], cl_hit *h, long long *index) {
  *index = -1;
  if (IS_GEOMETRY(it->kind)) {
    size_t i;
    if (!geo_sweep(st, it, mover, d, h, &i)) return 0;
    *index = (long long)i;
  } else {
    cl_shape target;
    cl_shape_copy(&target, shape_of(it));
    if (!cl_sweep(mover, d, &target, h)) return 0;
  }
  /* as the binding pushes them: no -0 */
  h->t += 0.0;
  cl_set(h->p, h->p[0] + 0.0, h->p[1] + 0.0, h->p[2] + 0.0);
  cl_set(h->n, h->n[0] + 0.0, h->n[1] + 0.0, h->n[2] + 0.0);
  return 1;
}

/* (id, hit) becomes the best so far when it is nearer (ties to the earlier
** added) and keep takes it; -2 when keep stopped the call */
static int nearer(const cl_world *w, int *best, cl_hit *h, long long *index, int id,
                  const cl_hit *hit, long long idx, cl_world_keep keep, void *ud) {
  if (*best >= 0
      && !(hit->t < h->t || (hit->t == h->t && w->items[id].seq < w->items[*best].seq)))
    return 0;
  if (keep != NULL) {
    int k = keep(ud, id);
    if (k < 0) return -2;
    if (!k) return 0;
  }
  *best = id;
  *h = *hit;
  *index = idx;
  return 1;
}

/* ray:cast(item's shape): 1 and the hit (idx the triangle for static
** geometry); rays are never hit */
static int cast_item(const cl_world_item *it, const cl_ray *r, cl_hit *h, long long *idx) {
  if (it->kind == CL_RAY) return 0;
  if (IS_GEOMETRY(it->kind)) {
    size_t ti;
    if (!GEOMETRY(it->kind)->cast(it->shape, r, h, &ti)) return 0;
    *idx = (long long)ti;
    return 1;
  }
  return cl_cast(r, shape_of(it), 0, h);
}

int cl_world_raycast(cl_world *w, cl_world_scratch *s, const cl_ray *r, int skip,
                     uint32_t mask, cl_world_keep keep, void *ud, cl_hit *h, long long *index) {
  cl_tree_ray c;
  double te;
  int p, best = -1, i;
  cl_tree_ray_begin(&c, w->tree, r, s->tree.heap);
  /* the tree's leaves in order of entry, then the list; nearest t, ties to
  ** the earlier added */
  for (i = -1; i < w->nunbounded; i++) {
    int id;
    const cl_world_item *it;
    cl_hit hit;
    long long idx = -1;
    if (i < 0) {
      p = cl_tree_ray_next(&c, best >= 0 ? h->t : INFINITY, &te);
      if (p >= 0) i--;                         /* stay on the tree */
      if (p < 0) continue;
      id = (int)w->tree->leaves[p].stamp;
    } else {
      id = w->unbounded[i];
    }
    it = &w->items[id];
    if (id == skip || it->kind == CL_RAY || (it->layer & mask) == 0) continue;
    if (!cast_item(it, r, &hit, &idx)) continue;
    if (nearer(w, &best, h, index, id, &hit, idx, keep, ud) < 0) return -2;
  }
  return best;
}

int cl_world_sweep(cl_world *w, cl_world_scratch *s, const cl_shape *mover, const double d[3],
                   const void *skip, uint32_t mask, cl_world_keep keep, void *ud, cl_hit *h,
                   long long *index) {
  int n = cl_world_candidates(w, s, mover, d, skip, -1, mask), i, best = -1;
  for (i = 0; i < n; i++) {
    int id = s->cands[i];
    cl_hit hit;
    long long idx;
    if (!sweep_item(NULL, &w->items[id], mover, d, &hit, &idx)) continue;
    if (nearer(w, &best, h, index, id, &hit, idx, keep, ud) < 0) return -2;
  }
  return best;
}

int cl_world_sweep_all(cl_world *w, cl_world_scratch *s, const cl_shape *mover,
                       const double d[3], const void *skip, uint32_t mask, cl_world_keep keep,
                       void *kud, cl_world_each_hit fn, void *ud) {
  int n = cl_world_candidates(w, s, mover, d, skip, -1, mask), i, found = 0;
  for (i = 0; i < n; i++) {
    int id = s->cands[i];
    cl_hit hit;
    long long idx;
    if (!sweep_item(NULL, &w->items[id], mover, d, &hit, &idx)) continue;
    if (keep != NULL) {
      int k = keep(kud, id);
      if (k < 0) return -2;
      if (!k) continue;
    }
    found++;
    if (!fn(ud, id, &hit, idx)) return -2;
  }
  return found;
}

/* ---- overlap queries and pairs ---- */

/* 1 when the shapes a and b (kind: a cl_kind or static geometry) meet, as
** collide.intersects(a, b) answers */
static int kinds_meet(int ka, const void *a, int kb, const void *b) {
  if (!IS_GEOMETRY(ka) && !IS_GEOMETRY(kb)) return cl_intersects(a, b);
  if (ka == CL_WORLD_HEIGHTFIELD || kb == CL_WORLD_HEIGHTFIELD) {
    const void *hf = ka == CL_WORLD_HEIGHTFIELD ? a : b, *o = hf == a ? b : a;
    int ko = hf == a ? kb : ka;
    if (ko == CL_WORLD_HEIGHTFIELD) return cl_heightfield_intersects_heightfield(hf, o);
    if (ko == CL_WORLD_MESH) return cl_heightfield_intersects_mesh(hf, o);
    return cl_heightfield_intersects(hf, o);
  }
  if (ka == CL_WORLD_MESH && kb == CL_WORLD_MESH) return cl_mesh_intersects_mesh(a, b);
  return ka == CL_WORLD_MESH ? cl_mesh_intersects(a, b) : cl_mesh_intersects(b, a);
}

/* keep's answer on id (1 when there is no keep) */
static int kept(cl_world_keep keep, void *ud, int id) {
  return keep == NULL ? 1 : keep(ud, id);
}

/* the tree's entries e (n of them, in sequence order) and the unbounded
** items, merged in sequence order: those that test accepts and keep keeps
** go to s->cands; their number, -2 when keep stopped */
typedef int (*item_test)(const void *q, const cl_world_item *it);
static int sift(cl_world *w, cl_world_scratch *s, const cl_tree_entry *e, int n, uint32_t mask,
                item_test test, const void *q, cl_world_keep keep, void *ud) {
  int i = 0, j = 0, k = 0;
  while (i < n || j < w->nunbounded) {
    int id, r;
    const cl_world_item *it;
    if (j >= w->nunbounded
        || (i < n && e[i].id < w->items[w->unbounded[j]].seq)) {
      id = (int)w->tree->leaves[e[i++].node].stamp;
    } else {
      id = w->unbounded[j++];
    }
    it = &w->items[id];
    if ((it->layer & mask) == 0 || !test(q, it)) continue;
    r = kept(keep, ud, id);
    if (r < 0) return -2;
    if (r) s->cands[k++] = id;
  }
  return k;
}

typedef struct { const void *shape; int kind; } shape_query;

static int meets_query(const void *q, const cl_world_item *it) {
  const shape_query *sq = q;
  return kinds_meet(sq->kind, sq->shape, it->kind, it->shape);
}

int cl_world_query(cl_world *w, cl_world_scratch *s, const void *shape, int kind, uint32_t mask,
                   cl_world_keep keep, void *ud) {
  const cl_tree_entry *e = NULL;
  shape_query q;
  int n = 0;
  if (IS_GEOMETRY(kind)) {
    cl_aabb box;                          /* an empty mesh has none */
    if (GEOMETRY(kind)->bounds(shape, &box)) n = cl_tree_query(w->tree, (const cl_shape *)&box,
                                                               &s->tree, &e);
  } else {
    n = cl_tree_query(w->tree, shape, &s->tree, &e);
  }
  q.shape = shape;
  q.kind = kind;
  return sift(w, s, e, n, mask, meets_query, &q, keep, ud);
}

/* frustum:intersects where it is exact (every shape); static geometry by
** its bounds (an empty mesh has none and meets nothing) */
static int in_frustum(const void *q, const cl_world_item *it) {
  const cl_frustum *f = q;
  if (IS_GEOMETRY(it->kind)) {
    cl_aabb box;
    cl_shape b;
    if (!GEOMETRY(it->kind)->bounds(it->shape, &box)) return 0;
    b.aabb = box;
    return cl_frustum_classify(f, &b, 0) >= 0;
  }
  return cl_frustum_classify(f, shape_of(it), 0) >= 0;
}

int cl_world_query_frustum(cl_world *w, cl_world_scratch *s, const cl_frustum *f, uint32_t mask,
                           cl_world_keep keep, void *ud) {
  const cl_tree_entry *e;
  int n = cl_tree_query_convex(w->tree, f->p, 6, &s->tree, &e);
  return sift(w, s, e, n, mask, in_frustum, f, keep, ud);
}

/* keep's answer on id for one pairs call, asked once (s->memo: 0 not yet
** asked, 1 kept, 2 refused) */
static int pair_keeps(cl_world_scratch *s, cl_world_keep keep, void *ud, int id) {
  int r;
  if (keep == NULL) return 1;
  if (s->memo[id]) return s->memo[id] == 1;
  r = keep(ud, id);
  if (r < 0) return -1;
  s->memo[id] = r ? 1 : 2;
  return r != 0;
}

/* the pair (a, b) answered: 1 kept, 0 not, -1 keep stopped the call */
static int pair_passes(cl_world *w, cl_world_scratch *s, int a, int b, uint32_t mask,
                       cl_world_keep keep, void *ud) {
  int r;
  if ((w->items[a].layer & mask) == 0 || (w->items[b].layer & mask) == 0) return 0;
  if (!cl_world_pairable(w, a, b)) return 0;
  r = pair_keeps(s, keep, ud, a);
  if (r <= 0) return r;
  return pair_keeps(s, keep, ud, b);
}

static int pair_before(const cl_world *w, const cl_world_pair *x, const cl_world_pair *y) {
  long long xa = w->items[x->a].seq, ya = w->items[y->a].seq;
  if (xa != ya) return xa < ya;
  return w->items[x->b].seq < w->items[y->b].seq;
}

/* heapsort by (a, b) in sequence order: no allocation, no recursion */
static void sift_down(const cl_world *w, cl_world_pair *p, long long i, long long n) {
  for (;;) {
    long long c = 2 * i + 1;
    cl_world_pair x;
    if (c >= n) return;
    if (c + 1 < n && pair_before(w, &p[c], &p[c + 1])) c++;
    if (!pair_before(w, &p[i], &p[c])) return;
    x = p[i]; p[i] = p[c]; p[c] = x;
    i = c;
  }
}

static void sort_pairs(const cl_world *w, cl_world_pair *p, long long n) {
  long long i;
  for (i = n / 2; i-- > 0;) sift_down(w, p, i, n);
  for (i = n; i-- > 1;) {
    cl_world_pair x = p[0];
    p[0] = p[i]; p[i] = x;
    sift_down(w, p, 0, i);
  }
}

/* one pair with an unbounded item u, written when there is room; -1 when
** keep stopped */
static int add_pair(cl_world *w, cl_world_scratch *s, int u, int o, uint32_t mask,
                    cl_world_keep keep, void *ud, cl_world_pair *out, long long max,
                    long long *n) {
  int r = pair_passes(w, s, u, o, mask, keep, ud);
  if (r <= 0) return r;
  if (*n < max) {
    int early = w->items[u].seq < w->items[o].seq;
    out[*n].a = early ? u : o;
    out[*n].b = early ? o : u;
  }
  (*n)++;
  return 1;
}

/* the tree leaves an unbounded item is tested against: its own query of
** the tree (a ray's cast; none for empty static geometry). A static one
** is paired only with items that are not: when every such item is
** watched and they are few beside the tree, the same query's answer
** among their leaves alone (a ground plane in a large static level). */
#define MOVABLE_SHARE 8
static int unbounded_cands(cl_world *w, cl_world_scratch *s, const cl_world_item *iu,
                           const cl_tree_entry **e) {
  if (iu->kind == CL_RAY) return cl_tree_raycast_all(w->tree, &shape_of(iu)->ray, &s->tree, e);
  if (IS_GEOMETRY(iu->kind)) return 0;
  if (iu->is_static && w->nmovable == w->nwatched
      && (long long)w->nwatched * MOVABLE_SHARE < (long long)w->tree->count) {
    int i, n = 0;
    for (i = 0; i < w->nwatched; i++) {
      int p = w->items[w->watched[i]].proxy;
      if (p >= 0) s->cands[n++] = p;
    }
    return cl_tree_query_among(w->tree, shape_of(iu), s->cands, n, &s->tree, e);
  }
  return cl_tree_query(w->tree, shape_of(iu), &s->tree, e);
}

long long cl_world_pairs_room(cl_world *w, cl_world_scratch *s, long long ntree) {
  long long n = ntree;
  int j;
  for (j = 0; j < w->nunbounded; j++) {
    const cl_tree_entry *e;
    n += unbounded_cands(w, s, &w->items[w->unbounded[j]], &e) + (w->nunbounded - j - 1);
  }
  return n;
}

long long cl_world_pairs(cl_world *w, cl_world_scratch *s, cl_world_pair *p, long long ntree,
                         long long max, uint32_t mask, cl_world_keep keep, void *ud,
                         int again) {
  long long i, n = 0, nt;
  int j, k;
  if (keep != NULL && !again) memset(s->memo, 0, (size_t)w->nitems);
  for (i = 0; i < ntree; i++) {
    int a = (int)w->tree->leaves[p[i].a].stamp, b = (int)w->tree->leaves[p[i].b].stamp, r;
    const cl_world_item *x = &w->items[a], *y = &w->items[b];
    if (x->is_static && y->is_static) continue;
    if (!kinds_meet(x->kind, x->shape, y->kind, y->shape)) continue;
    r = pair_passes(w, s, a, b, mask, keep, ud);
    if (r < 0) return -2;
    if (r) { p[n].a = a; p[n].b = b; n++; }
  }
  /* the unbounded items: by their own query of the tree (a ray's cast),
  ** which visits only the part of the scene near them, then with each
  ** other once */
  nt = n;
  for (j = 0; j < w->nunbounded; j++) {
    int u = w->unbounded[j], m;
    const cl_world_item *iu = &w->items[u];
    const cl_tree_entry *e = NULL;
    m = unbounded_cands(w, s, iu, &e);
    for (k = 0; k < m; k++) {
      int o = (int)w->tree->leaves[e[k].node].stamp;
      /* (a static plane meets many static leaves, never paired: the cheap
      ** test first; pair_passes makes it again, the filter after it) */
      if (!cl_world_pairable(w, u, o)) continue;
      if (!kinds_meet(iu->kind, iu->shape, w->items[o].kind, w->items[o].shape)) continue;
      if (add_pair(w, s, u, o, mask, keep, ud, p, max, &n) < 0) return -2;
    }
    for (k = j + 1; k < w->nunbounded; k++) {
      int o = w->unbounded[k];
      if (!kinds_meet(iu->kind, iu->shape, w->items[o].kind, w->items[o].shape)) continue;
      if (add_pair(w, s, u, o, mask, keep, ud, p, max, &n) < 0) return -2;
    }
  }
  if (n > nt && n <= max) sort_pairs(w, p, n);
  return n;
}

/* every item the ray hits, in the order the tree's boxes are entered, then
** the unbounded ones */
int cl_world_raycast_all(cl_world *w, cl_world_scratch *s, const cl_ray *r, uint32_t mask,
                         cl_world_keep keep, void *kud, cl_world_each_hit fn, void *ud) {
  const cl_tree_entry *e;
  int n = cl_tree_raycast_all(w->tree, r, &s->tree, &e), i, found = 0;
  for (i = 0; i < n + w->nunbounded; i++) {
    int id = i < n ? (int)w->tree->leaves[e[i].node].stamp : w->unbounded[i - n], k;
    const cl_world_item *it = &w->items[id];
    cl_hit hit;
    long long idx = -1;
    if (it->kind == CL_RAY || (it->layer & mask) == 0) continue;
    if (!cast_item(it, r, &hit, &idx)) continue;
    k = kept(keep, kud, id);
    if (k < 0) return -2;
    if (!k) continue;
    found++;
    if (!fn(ud, id, &hit, idx)) return -2;
  }
  return found;
}

/* ---- move ----
**
** 1. Push-out: while the shape overlaps slide, touch or bounce items (by
**    more than CL_EPSILON relative to its coordinates: touching, or the
**    rounding of a contact, is not overlapping), it is moved out of the
**    deepest one by cl_contact, at most CL_WORLD_PUSH_STEPS times, unless
**    that push would enter a solid item it does not overlap.
** 2. Legs: the motion left is swept against the candidates; "cross" items
**    met before the first solid one are reported and passed (each once a
**    move); the shape stops at the first solid item's contact and the rest
**    of the motion is answered by its response: "touch" ends the move,
**    "bounce" reflects what is left on the contact normal, "slide" keeps
**    what is left along the surface. After CL_WORLD_MAX_SLIDES solid
**    contacts the move ends where it is.
** Sliding on two surfaces at once follows their crease, and three stop the
** motion (the clipping of Quake III's PM_SlideMove), so that a slide never
** turns back into a surface met earlier in the same move. Touching is not
** blocking: a contact stops the motion only when a short probe past it
** overlaps the item deeper (touch_blocks), so a contact at t = 0 whose
** normal does not oppose the motion, or a seam between coplanar tiles, does
** not stop it. */

#define ALONG 1e-9

int cl_world_sweep_item(const move_state *st, int id, const cl_shape *mover, const double d[3],
                        cl_hit *h) {
  long long idx;
  return sweep_item(st, &st->w->items[id], mover, d, h, &idx);
}

void cl_world_move_near(move_state *st, const cl_aabb *box) {
  static const double zero[3] = {0, 0, 0};
  const cl_world *w = st->w;
  cl_world_scratch *s = st->s;
  cl_shape b;
  int n, i, k = 0, mesh = 0;
  st->near_mesh = NULL;
  st->nnear_items = -1;
  if (s->near_items == NULL && s->near == NULL) return;
  b.aabb.tag = CL_AABB;
  cl_copy(b.aabb.min, box->min);
  cl_copy(b.aabb.max, box->max);
  n = cl_world_candidates(st->w, s, &b, zero, st->skip, st->self, st->mask);
  for (i = 0; i < n; i++) {
    const cl_world_item *it = &w->items[s->cands[i]];
    if (it->proxy < 0) continue;                 /* the unbounded: every step's */
    if (s->near_items != NULL && k < CL_WORLD_NEAR_ITEMS) s->near_items[k] = s->cands[i];
    k++;
    if (it->kind != CL_WORLD_MESH || mesh || s->near == NULL) continue;
    mesh = 1;
    if (cl_mesh_near_gather(it->shape, box, s->near, CL_WORLD_NEAR, s->near_tris,
                            CL_WORLD_NEAR_TRIS, &st->near))
      st->near_mesh = it->shape;
  }
  if (s->near_items != NULL && k <= CL_WORLD_NEAR_ITEMS) {
    st->nnear_items = k;
    swept_box(&b, zero, &st->near_box);           /* the box the tree was asked */
  }
}

/* cl_world_candidates of the move st: the same ids in the same order,
** picked among the gathered ones when the swept bounds are within the
** gathered box (a tree box meets the swept bounds only if it meets that
** box) */
int cl_world_move_candidates(move_state *st, const cl_shape *shape, const double d[3]) {
  const cl_world *w = st->w;
  cl_world_scratch *s = st->s;
  const cl_aabb *nb = &st->near_box;
  cl_aabb box;
  int i, k = 0;
  if (st->nnear_items < 0)
    return cl_world_candidates(st->w, s, shape, d, st->skip, st->self, st->mask);
  swept_box(shape, d, &box);
  if (!(nb->min[0] <= box.min[0] && box.max[0] <= nb->max[0] && nb->min[1] <= box.min[1]
        && box.max[1] <= nb->max[1] && nb->min[2] <= box.min[2] && box.max[2] <= nb->max[2]))
    return cl_world_candidates(st->w, s, shape, d, st->skip, st->self, st->mask);
  for (i = 0; i < st->nnear_items; i++) {
    int id = s->near_items[i];
    const cl_tree_box *t = &w->tree->leaves[w->items[id].proxy].box;
    if (t->min[0] <= box.max[0] && box.min[0] <= t->max[0] && t->min[1] <= box.max[1]
        && box.min[1] <= t->max[1] && t->min[2] <= box.max[2] && box.min[2] <= t->max[2])
      s->cands[k++] = id;
  }
  return unbounded_candidates(w, s->cands, k, st->self, st->mask);
}

static int respond_to(move_state *st, int other) {
  cl_world_item *it = &st->w->items[other];
  int r;
  if (st->respond == NULL) return CL_WORLD_SLIDE;
  if (it->resp_mark == st->mark) return it->resp;
  r = st->respond(st->ud, st->self, other);
  if (r == CL_WORLD_ABORT) { st->aborted = 1; return CL_WORLD_IGNORE; }
  it = &st->w->items[other];
  it->resp_mark = st->mark;
  it->resp = r;
  return r;
}

static void record(move_state *st, int other, int type, double t, const double n[3],
                   const double p[3]) {
  cl_world_collisions *o = st->out;
  if (o->n < o->max) {
    cl_world_collision *c = &o->c[o->n];
    c->other = other;
    c->type = type;
    c->t = t;
    cl_copy(c->n, n);
    cl_copy(c->p, p);
  }
  o->n++;
}

/* the axis (0, 1, 2) of a normal along a world axis, and its sign; -1 when
** it is along none */
static int axis_of(const double n[3], double *sign) {
  if (n[1] == 0 && n[2] == 0 && n[0] != 0) { *sign = n[0]; return 0; }
  if (n[0] == 0 && n[2] == 0 && n[1] != 0) { *sign = n[1]; return 1; }
  if (n[0] == 0 && n[1] == 0 && n[2] != 0) { *sign = n[2]; return 2; }
  return -1;
}

/* places the aabb b moved by tr, but along axis k with its face exactly
** against other's: b's min on other's max when s > 0, b's max on other's
** min when s < 0; 0 when that would move b along k farther than limit
** allows (has_limit), else 1 and tr the translation applied */
static int aabb_place(cl_aabb *b, const cl_aabb *other, double tr[3], int k, double s,
                      int has_limit, double limit) {
  double lo[3], hi[3], face, delta;
  int i;
  cl_copy(lo, b->min);
  cl_copy(hi, b->max);
  face = s > 0 ? other->max[k] : other->min[k];
  delta = s > 0 ? face - lo[k] : face - hi[k];
  if (has_limit && (delta * limit < 0 || (delta != 0 && limit == 0) || delta * delta > limit * limit))
    return 0;
  tr[k] = delta;
  for (i = 0; i < 3; i++) {
    if (i == k) {
      if (s > 0) { lo[i] = face; hi[i] = hi[i] + delta; }
      else { lo[i] = lo[i] + delta; hi[i] = face; }
    } else {
      lo[i] = lo[i] + tr[i];
      hi[i] = hi[i] + tr[i];
    }
  }
  cl_aabb_init(b, lo, hi);
  return 1;
}

/* moves w by t * r to its contact with other (normal n): exactly face to
** face for two aabbs; tr the translation applied */
static void move_to_contact(cl_shape *w, const cl_world_item *other, double t, const double r[3],
                            const double n[3], double tr[3]) {
  tr[0] = t * r[0]; tr[1] = t * r[1]; tr[2] = t * r[2];
  if (t > 0 && w->tag == CL_AABB && other->kind == CL_AABB) {
    double s;
    int k = axis_of(n, &s);
    if (k >= 0) {
      double t2[3];
      cl_copy(t2, tr);
      if (aabb_place(&w->aabb, &shape_of(other)->aabb, t2, k, s, 1, r[k])) {
        cl_copy(tr, t2);
        return;
      }
    }
  }
  cl_translate(w, tr);
}

/* clips the motion r on the surface of normal e, keeping it off the
** surfaces met before in this move: along the crease of two, stopped by
** three */
static void clip_slide(move_state *st, const double e[3], double r[3]) {
  double *planes = st->planes;
  int np = st->np, i, j, known = 0;
  double d = r[0] * e[0] + r[1] * e[1] + r[2] * e[2];
  double sx = r[0], sy = r[1], sz = r[2];
  if (d < 0) { sx = r[0] - d * e[0]; sy = r[1] - d * e[1]; sz = r[2] - d * e[2]; }
  for (i = 0; i < np; i += 3) {
    double px = planes[i], py = planes[i + 1], pz = planes[i + 2];
    if (px * e[0] + py * e[1] + pz * e[2] >= 1 - 1e-12) known = 1;
    else if (sx * px + sy * py + sz * pz < 0) {
      /* the slide turns into an earlier surface: follow their crease */
      double cx = e[1] * pz - e[2] * py, cy = e[2] * px - e[0] * pz, cz = e[0] * py - e[1] * px;
      double len = sqrt(cx * cx + cy * cy + cz * cz), k;
      if (len < 1e-12) { cl_set(r, 0, 0, 0); return; }
      cx = cx / len; cy = cy / len; cz = cz / len;
      k = r[0] * cx + r[1] * cy + r[2] * cz;
      sx = cx * k; sy = cy * k; sz = cz * k;
      for (j = 0; j < np; j += 3) {
        if (j != i) {
          double qx = planes[j], qy = planes[j + 1], qz = planes[j + 2];
          if (qx * e[0] + qy * e[1] + qz * e[2] < 1 - 1e-12 && sx * qx + sy * qy + sz * qz < 0) {
            cl_set(r, 0, 0, 0);
            return;
          }
        }
      }
      break;
    }
  }
  if (!known && np + 3 <= 3 * CL_WORLD_MAX_PLANES) {
    planes[np] = e[0]; planes[np + 1] = e[1]; planes[np + 2] = e[2];
    st->np = np + 3;
  }
  cl_set(r, sx, sy, sz);
}

/* cl_contact(item's shape, w): the deepest triangle for static geometry,
** ties to the lowest index */
typedef struct { const cl_shape *w; int found; size_t best; double n[3], depth; } deepest;

static int deepest_tri(void *ud, const cl_triangle *t, size_t index) {
  deepest *q = ud;
  double n[3], depth;
  if (cl_contact((const cl_shape *)(const void *)t, q->w, n, &depth)
      && (!q->found || depth > q->depth || (depth == q->depth && index < q->best))) {
    q->found = 1;
    q->best = index;
    q->depth = depth;
    cl_copy(q->n, n);
  }
  return 1;
}

static int contact_item(const move_state *st, const cl_world_item *it, const cl_shape *w,
                        double n[3], double *depth) {
  if (IS_GEOMETRY(it->kind)) {
    deepest q;
    q.w = w;
    q.found = 0;
    q.best = 0;
    q.depth = 0;
    geo_visit(st, it, w, deepest_tri, &q);
    if (!q.found) return 0;
    cl_copy(n, q.n);
    *depth = q.depth;
  } else {
    cl_shape s;
    cl_shape_copy(&s, shape_of(it));
    if (!cl_contact(&s, w, n, depth)) return 0;
  }
  cl_set(n, n[0] + 0.0, n[1] + 0.0, n[2] + 0.0);
  *depth += 0.0;
  return 1;
}

/* a point of the overlap of w and the item: the zero sweep's */
static void overlap_point(const move_state *st, const cl_world_item *it, const cl_shape *w,
                          double p[3]) {
  static const double zero[3] = {0, 0, 0};
  cl_hit h;
  long long idx;
  if (sweep_item(st, it, w, zero, &h, &idx)) cl_copy(p, h.p);
  else cl_set(p, 0, 0, 0);
}

static double maxabs_box(const cl_aabb *b) {
  double m = fabs(b->min[0]);
  int k;
  for (k = 0; k < 3; k++) {
    if (fabs(b->min[k]) > m) m = fabs(b->min[k]);
    if (fabs(b->max[k]) > m) m = fabs(b->max[k]);
  }
  return m;
}

/* no -0 in a vector, as the binding pushes it */
static void plus_zero(double v[3]) { cl_set(v, v[0] + 0.0, v[1] + 0.0, v[2] + 0.0); }

static void hit_plus_zero(cl_hit *h) {
  h->t += 0.0;
  plus_zero(h->p);
  plus_zero(h->n);
}

/* Touching is not blocking. Whether a contact of w moved by t * r with the
** shape s (normal n, from cl_sweep) stops the rest of the motion: the shape
** at the contact moved a little further along r (a probe of length len)
** must overlap s (cl_contact) deeper than at the contact. The signed
** distance of two convex shapes is a convex function of the translation,
** so the depth gained per unit of motion is largest for the smallest
** motion: a short probe that gains no depth (within ALONG of its length,
** and the rounding of the coordinates) means the motion only slides along
** s. That is the seam between coplanar tiles: a box on a floor of boxes
** touches the next box's top edge as its front face reaches the seam; the
** sweep's normal there is the side face's, but the box slides on the plane
** of the tops and never enters the next box. A box's contact that does
** block answers with the probe's contact normal (written to n), the least
** opposed face of the contact; a sphere or a capsule has one normal at each
** point, the sweep's. The probe is PROBE times the coordinates' size (less
** when the motion left is shorter). Planes have no edges: a contact with
** one blocks unless it is at t = 0 with a normal that does not oppose the
** motion. */
#define PROBE 1e-5

static int touch_blocks(move_state *st, const cl_shape *w, double t, const cl_shape *s,
                        const double r[3], double rlen, double n[3]) {
  cl_aabb box;
  double tr[3], scale, len, left, k, n0[3], d0, pn[3], d1;
  if (t == 0 && n[0] * r[0] + n[1] * r[1] + n[2] * r[2] >= -ALONG * rlen) return 0;
  if (s->tag == CL_PLANE) return 1;
  if (!st->have_at) {
    cl_shape_copy(&st->at, w);
    cl_shape_copy(&st->probe, w);
    st->have_at = 1;
  } else {
    cl_world_copy_back(&st->at, w);
  }
  cl_set(tr, r[0] * t, r[1] * t, r[2] * t);
  cl_translate(&st->at, tr);
  (void)cl_bounds(&st->at, &box);
  scale = 1 + maxabs_box(&box);
  /* (a contact at the end of the motion, t = 1, is classified by a probe
  ** beyond it: a seam met there is not reported as a wall either) */
  len = PROBE * scale;
  left = (1 - t) * rlen;
  if (left > 0 && len > left) len = left;
  cl_world_copy_back(&st->probe, &st->at);
  k = len / rlen;
  cl_set(tr, r[0] * k, r[1] * k, r[2] * k);
  cl_translate(&st->probe, tr);
  if (!cl_contact(s, &st->at, n0, &d0)) d0 = 0;
  if (!cl_contact(s, &st->probe, pn, &d1) || d1 - d0 <= ALONG * len + 1e-13 * scale) return 0;
  plus_zero(pn);
  if ((w->tag == CL_AABB || w->tag == CL_OBB)
      && pn[0] * r[0] + pn[1] * r[1] + pn[2] * r[2] < -ALONG * rlen)
    cl_copy(n, pn);
  return 1;
}

/* the first triangle of static geometry that stops w moved by r, skipping
** contacts that do not block it (touch_blocks); ties in t to the lower
** index, as cl_mesh_sweep. With a list, every blocking triangle's t,
** normal and point are added to it (up to its room). */
typedef struct {
  move_state *st;
  const cl_shape *w;
  const double *r;
  double rlen;
  int found;
  size_t best;
  cl_hit h;
  cl_world_seen *list;
  int n, room;
} tri_sweep;

/* a triangle that w moved by r hits (at h) */
static void swept_tri(void *ud, const cl_triangle *t, size_t index, const cl_hit *hit) {
  tri_sweep *q = ud;
  cl_shape tri;
  cl_hit h = *hit;
  cl_shape_copy(&tri, (const cl_shape *)(const void *)t);
  hit_plus_zero(&h);
  if (q->found && h.t > q->h.t && q->list == NULL) return;
  if (!touch_blocks(q->st, q->w, h.t, &tri, q->r, q->rlen, h.n)) return;
  if (q->list != NULL && q->n < q->room) {
    cl_world_seen *e = &q->list[q->n++];
    e->t = h.t;
    cl_copy(e->n, h.n);
    cl_copy(e->p, h.p);
  }
  if (!q->found || h.t < q->h.t || (h.t == q->h.t && index < q->best)) {
    q->found = 1;
    q->best = index;
    q->h = h;
  }
}

static int sweep_tri(void *ud, const cl_triangle *t, size_t index) {
  tri_sweep *q = ud;
  cl_shape tri;
  cl_hit h;
  cl_shape_copy(&tri, (const cl_shape *)(const void *)t);
  if (cl_sweep(q->w, q->r, &tri, &h)) swept_tri(ud, t, index, &h);
  return 1;
}

static int geometry_first(move_state *st, const cl_world_item *it, const cl_shape *w,
                          const double r[3], double rlen, cl_hit *h, cl_world_seen *list,
                          int room, int *nlist) {
  tri_sweep q;
  cl_aabb box;
  swept_box(w, r, &box);
  q.st = st;
  q.w = w;
  q.r = r;
  q.rlen = rlen;
  q.found = 0;
  q.best = 0;
  q.list = list;
  q.n = 0;
  q.room = room;
  if (!is_near(st, it)
      || cl_mesh_sweep_each_near(it->shape, &st->near, (const cl_shape *)&box, w, r, swept_tri,
                                 &q) < 0)
    geo_visit(st, it, (const cl_shape *)&box, sweep_tri, &q);
  if (nlist != NULL) *nlist = q.n;
  if (!q.found) return 0;
  *h = q.h;
  return 1;
}

/* whether w moved by p would enter a solid item it does not overlap now
** (those marked st->inside); a contact blocks as in a leg (touch_blocks) */
static int push_enters(move_state *st, const cl_shape *w, const double p[3]) {
  cl_world *wo = st->w;
  double plen = sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
  int n = cl_world_move_candidates(st, w, p), i;
  for (i = 0; i < n; i++) {
    int other = st->s->cands[i], r;
    const cl_world_item *it = &wo->items[other];
    cl_hit h;
    cl_shape target;
    int geo = IS_GEOMETRY(it->kind);   /* (the filter below cannot change it) */
    if (it->inside_mark == st->inside) continue;
    if (geo) {
      size_t ti;
      if (!geo_sweep(st, it, w, p, &h, &ti)) continue;
    } else {
      cl_shape_copy(&target, shape_of(it));
      if (!cl_sweep(w, p, &target, &h)) continue;
    }
    hit_plus_zero(&h);
    if (h.t >= 1) continue;
    r = respond_to(st, other);
    if (st->aborted) return 1;
    if (r == CL_WORLD_IGNORE || r == CL_WORLD_CROSS) continue;
    it = &wo->items[other];
    if (geo) {
      if (geometry_first(st, it, w, p, plen, &h, NULL, 0, NULL)) return 1;
    } else if (touch_blocks(st, w, h.t, &target, p, plen, h.n)) {
      return 1;
    }
  }
  return 0;
}

/* step 1 of a move: out of the solid items w overlaps; mv the translation;
** returns 1 when a "touch" item ended the move. A push-out is a motion
** too: one that would enter a solid item w does not overlap (a crowded
** scene: out of one box into its neighbour) is not made, and the push-out
** ends there; w stays overlapping the item it could not leave, and the
** collision with that item (t = 0, its contact normal) says so. */
int cl_world_push_out(move_state *st, cl_shape *w, double mv[3]) {
  static const double zero[3] = {0, 0, 0};
  cl_world *wo = st->w;
  cl_aabb box;
  double tol;
  int step, stop = 0;
  cl_set(mv, 0, 0, 0);
  (void)cl_bounds(w, &box);
  tol = CL_EPSILON * (1 + maxabs_box(&box));
  for (step = 0; step < CL_WORLD_PUSH_STEPS; step++) {
    int n = cl_world_move_candidates(st, w, zero), i;
    int best = -1, br = 0, placed = 0;
    double bn[3] = {0, 0, 0}, bd = 0, p[3], tr[3];
    st->inside = ++wo->inside;
    if (st->inside == 0) {               /* wrapped: forget every old mark */
      for (i = 0; i < wo->nitems; i++) wo->items[i].inside_mark = 0;
      st->inside = wo->inside = 1;
    }
    for (i = 0; i < n; i++) {
      int other = st->s->cands[i];
      double nv[3], depth;
      if (!contact_item(st, &wo->items[other], w, nv, &depth) || !(depth > tol)) continue;
      {
        int r = respond_to(st, other);
        if (st->aborted) return 1;
        if (r == CL_WORLD_CROSS) {
          if (wo->items[other].cross_mark != st->mark) {
            wo->items[other].cross_mark = st->mark;
            overlap_point(st, &wo->items[other], w, p);
            record(st, other, CL_WORLD_CROSS, 0, nv, p);
          }
        } else if (r != CL_WORLD_IGNORE) {
          wo->items[other].inside_mark = st->inside;
          if (best < 0 || depth > bd) { best = other; br = r; bd = depth; cl_copy(bn, nv); }
        }
      }
    }
    if (best < 0) break;
    overlap_point(st, &wo->items[best], w, p);
    record(st, best, br, 0, bn, p);
    /* the push, made on a copy: exactly face to face for two aabbs, else
    ** along the contact */
    if (!st->have_pushed) { cl_shape_copy(&st->pushed, w); st->have_pushed = 1; }
    else cl_world_copy_back(&st->pushed, w);
    if (w->tag == CL_AABB && wo->items[best].kind == CL_AABB) {
      double s;
      int k = axis_of(bn, &s);
      if (k >= 0) {
        cl_set(tr, 0, 0, 0);
        placed = aabb_place(&st->pushed.aabb, &shape_of(&wo->items[best])->aabb, tr, k, s, 0, 0);
      }
    }
    if (!placed) {
      cl_set(tr, bn[0] * bd, bn[1] * bd, bn[2] * bd);
      cl_translate(&st->pushed, tr);
    }
    if (push_enters(st, w, tr)) {
      if (st->aborted) return 1;
      break;
    }
    cl_world_copy_back(w, &st->pushed);
    cl_add(mv, mv, tr);
    if (br == CL_WORLD_TOUCH) { stop = 1; break; }
  }
  return stop;
}

/* squared distance from the point c to the centre of the item's shape (a
** plane: to the plane): bump.lua's tie rule, nearest centre first */
static double centre_dist2(const cl_world_item *it, const double c[3]) {
  double x[3];
  int k;
  if (IS_GEOMETRY(it->kind)) {
    cl_aabb b;
    double e[3];
    if (!GEOMETRY(it->kind)->bounds(it->shape, &b)) return INFINITY;
    cl_aabb_frame(&b, x, e);
  } else {
    const cl_shape *s = shape_of(it);
    switch (s->tag) {
      case CL_PLANE: {
        double d = cl_dot(s->plane.n, c) - s->plane.d;
        return d * d;
      }
      case CL_TRIANGLE:
        for (k = 0; k < 3; k++) {
          const cl_triangle *t = &s->tri;
          double lo = fmin(t->v[0][k], fmin(t->v[1][k], t->v[2][k]));
          double hi = fmax(t->v[0][k], fmax(t->v[1][k], t->v[2][k]));
          x[k] = t->v[0][k] / 3 + t->v[1][k] / 3 + t->v[2][k] / 3;
          x[k] = x[k] < lo ? lo : (x[k] > hi ? hi : x[k]);
        }
        break;
      case CL_RAY: cl_copy(x, s->ray.o); break;
      case CL_AABB: {
        double e[3];
        cl_aabb_frame(&s->aabb, x, e);
        break;
      }
      case CL_OBB: cl_copy(x, s->obb.c); break;
      case CL_SPHERE: cl_copy(x, s->sphere.c); break;
      case CL_HULL: cl_hull_centre(&s->hull, x); break;
      default:
        for (k = 0; k < 3; k++) x[k] = s->cap.a[k] / 2 + s->cap.b[k] / 2;
        break;
    }
  }
  x[0] = x[0] - c[0]; x[1] = x[1] - c[1]; x[2] = x[2] - c[2];
  return x[0] * x[0] + x[1] * x[1] + x[2] * x[2];
}

/* the centre of a mover, as its center() method gives it */
void cl_world_centre(const cl_shape *s, double c[3]) {
  int k;
  switch (s->tag) {
    case CL_AABB: {
      double e[3];
      cl_aabb_frame(&s->aabb, c, e);
      return;
    }
    case CL_OBB: cl_copy(c, s->obb.c); return;
    case CL_SPHERE: cl_copy(c, s->sphere.c); return;
    case CL_HULL: cl_hull_centre(&s->hull, c); return;
    default:
      for (k = 0; k < 3; k++) c[k] = s->cap.a[k] / 2 + s->cap.b[k] / 2;
      return;
  }
}

static int cross_order(const cl_world *w, const cl_world_cross *a, const cl_world_cross *b) {
  if (a->t != b->t) return a->t < b->t ? -1 : 1;
  if (a->d != b->d) return a->d < b->d ? -1 : 1;
  return w->items[a->other].seq < w->items[b->other].seq ? -1 : 1;
}

/* insertion sort: a leg crosses few items */
static void sort_crosses(const cl_world *w, cl_world_cross *c, int n) {
  int i, j;
  for (i = 1; i < n; i++) {
    cl_world_cross x = c[i];
    for (j = i; j > 0 && cross_order(w, &x, &c[j - 1]) < 0; j--) c[j] = c[j - 1];
    c[j] = x;
  }
}

/* step 2: moves w by at most r; the hook (st->hook) may give the normal a
** slide clips on or ask to stop; st->tie_hook, when set, is told every
** other solid contact at the same t (the character's flags). mv the
** translation applied. */
void cl_world_legs(move_state *st, cl_shape *w, const double r0[3], double mv[3]) {
  cl_world *wo = st->w;
  cl_world_cross *crosses = st->s->crosses;
  cl_world_seen seen[CL_WORLD_MAX_SEEN];
  double r[3];
  int solids = 0;
  cl_copy(r, r0);
  cl_set(mv, 0, 0, 0);
  while (r[0] != 0 || r[1] != 0 || r[2] != 0) {
    double rlen = sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]);
    double c[3], bdist = 0, tr[3], e[3];
    int have_bdist = 0, best = -1, br = 0, ncross = 0, n, i, stop = 0, nseen = 0;
    cl_hit bh;
    memset(&bh, 0, sizeof bh);
    cl_world_centre(w, c);
    n = cl_world_move_candidates(st, w, r);
    for (i = 0; i < n; i++) {
      int other = st->s->cands[i], resp, nfound = 0, k;
      const cl_world_item *it = &wo->items[other];
      cl_hit h;
      if (it->cross_mark == st->mark) continue;
      if (IS_GEOMETRY(it->kind)) {
        /* one hit for the whole geometry: when it does not block, the
        ** triangles are swept one by one (every one when the ties at the
        ** first t are asked for) */
        size_t ti;
        int blocks = 0, all = st->tie_hook != NULL;
        /* (when every triangle is swept one by one over gathered ones, the
        ** whole geometry's sweep first would only sweep them twice: a
        ** triangle that the one-by-one sweep hits, it hits no earlier) */
        if (!all || !is_near(st, it)) {
          if (!geo_sweep(st, it, w, r, &h, &ti)) continue;
          hit_plus_zero(&h);
          if (best >= 0 && h.t > bh.t) continue;
          if (h.t > 0 && !all) {
            cl_shape tri;
            GEOMETRY(it->kind)->triangle(it->shape, ti, &tri.tri);
            blocks = touch_blocks(st, w, h.t, &tri, r, rlen, h.n);
          }
        }
        if (!blocks) {
          if (!geometry_first(st, it, w, r, rlen, &h, all ? seen + nseen : NULL,
                              CL_WORLD_MAX_SEEN - nseen, &nfound))
            continue;
          if (best >= 0 && h.t > bh.t) continue;
        }
      } else {
        cl_shape target;
        cl_shape_copy(&target, shape_of(it));
        if (!cl_sweep(w, r, &target, &h)) continue;
        hit_plus_zero(&h);
        /* later than the first solid contact so far: not reached */
        if (best >= 0 && h.t > bh.t) continue;
        if (!touch_blocks(st, w, h.t, &target, r, rlen, h.n)) continue;
      }
      resp = respond_to(st, other);
      if (st->aborted) return;
      it = &wo->items[other];
      if (resp == CL_WORLD_IGNORE) continue;
      if (resp == CL_WORLD_CROSS) {
        cl_world_cross *x = &crosses[ncross++];
        x->other = other;
        x->t = h.t;
        cl_copy(x->p, h.p);
        cl_copy(x->n, h.n);
        continue;
      }
      if (st->tie_hook != NULL) {
        if (IS_GEOMETRY(it->kind)) {
          for (k = 0; k < nfound; k++) seen[nseen + k].other = other;
          nseen += nfound;
        } else if (nseen < CL_WORLD_MAX_SEEN) {
          cl_world_seen *x = &seen[nseen++];
          x->other = other;
          x->t = h.t;
          cl_copy(x->n, h.n);
          cl_copy(x->p, h.p);
        }
      }
      if (best >= 0 && h.t == bh.t) {
        /* a tie: nearest centre first, then the earlier added */
        double d;
        if (!have_bdist) { bdist = centre_dist2(&wo->items[best], c); have_bdist = 1; }
        d = centre_dist2(it, c);
        if (d > bdist || (d == bdist && it->seq > wo->items[best].seq)) continue;
        bdist = d;
      } else {
        have_bdist = 0;
      }
      best = other;
      br = resp;
      bh = h;
    }
    if (ncross > 0) {
      int k = 0;
      for (i = 0; i < ncross; i++) {
        if (best < 0 || crosses[i].t <= bh.t) {
          crosses[k] = crosses[i];
          crosses[k].d = centre_dist2(&wo->items[crosses[k].other], c);
          k++;
        }
      }
      sort_crosses(wo, crosses, k);
      for (i = 0; i < k; i++) {
        wo->items[crosses[i].other].cross_mark = st->mark;
        record(st, crosses[i].other, CL_WORLD_CROSS, crosses[i].t, crosses[i].n, crosses[i].p);
      }
    }
    if (best < 0) {
      /* a free motion whose end overflows (a shape near 1e308 moved by
      ** 1e308) is refused, as a translation of the shape is */
      cl_aabb box;
      int k;
      (void)cl_bounds(w, &box);
      for (k = 0; k < 3; k++) {
        double lo = box.min[k] + r[k], hi = box.max[k] + r[k];
        if (lo - lo != 0 || hi - hi != 0) { st->overflow = 1; return; }
      }
      cl_translate(w, r);
      cl_add(mv, mv, r);
      break;
    }
    move_to_contact(w, &wo->items[best], bh.t, r, bh.n, tr);
    cl_add(mv, mv, tr);
    record(st, best, br, bh.t, bh.n, bh.p);
    solids++;
    if (br == CL_WORLD_TOUCH || solids >= CL_WORLD_MAX_SLIDES) break;
    r[0] = r[0] - tr[0]; r[1] = r[1] - tr[1]; r[2] = r[2] - tr[2];
    cl_copy(e, bh.n);
    if (st->hook != NULL) stop = st->hook(st, bh.p, bh.n, best, e);
    /* the other solid contacts at the same t: which of them is answered
    ** first depends on the tie rule (items by centre, a mesh's triangles by
    ** index), what they are does not */
    for (i = 0; i < nseen; i++) {
      const cl_world_seen *x = &seen[i];
      if (x->t == bh.t && !(x->other == best && x->n[0] == bh.n[0] && x->n[1] == bh.n[1]
                            && x->n[2] == bh.n[2]))
        st->tie_hook(st, x->p, x->n, x->other);
    }
    if (stop) break;
    if (br == CL_WORLD_BOUNCE) {
      double d = r[0] * e[0] + r[1] * e[1] + r[2] * e[2];
      if (d < 0) { r[0] = r[0] - 2 * d * e[0]; r[1] = r[1] - 2 * d * e[1]; r[2] = r[2] - 2 * d * e[2]; }
    } else {
      clip_slide(st, e, r);
    }
  }
}

/* writes the values of src into dst (the same kind): the move works on a
** copy and gives the item's own shape the result; an obb or a hull only
** moves (its axes stay the item's own, its hull data is shared) */
void cl_world_copy_back(cl_shape *dst, const cl_shape *src) {
  if (src->tag == CL_OBB) {
    double d[3];
    cl_sub(d, src->obb.c, dst->obb.c);
    cl_translate(dst, d);
  } else if (src->tag == CL_HULL) {
    double d[3];
    cl_sub(d, src->hull.c, dst->hull.c);
    cl_translate(dst, d);
  } else {
    cl_shape_copy(dst, src);
  }
}

void cl_world_move_begin(move_state *st, cl_world *w, cl_world_scratch *s, int id,
                         uint32_t mask, cl_world_respond respond, void *ud,
                         cl_world_collisions *out) {
  memset(st, 0, sizeof *st);
  st->w = w;
  st->s = s;
  st->self = id;
  st->skip = w->items[id].shape;
  st->mask = mask;
  st->respond = respond;
  st->ud = ud;
  st->out = out;
  st->planes = s->planes;
  st->nnear_items = -1;
  st->mark = ++w->mark;
  if (st->mark == 0) {                 /* wrapped: forget every old mark */
    int i;
    for (i = 0; i < w->nitems; i++) w->items[i].resp_mark = w->items[i].cross_mark = 0;
    st->mark = w->mark = 1;
  }
  out->n = 0;
}

int cl_world_move(cl_world *w, cl_world_scratch *s, int id, const double d[3], uint32_t mask,
                  cl_world_respond respond, void *ud, double moved[3], cl_world_collisions *out) {
  move_state st;
  cl_shape wsh;
  const cl_shape *shape = w->items[id].shape;
  double a[3];
  int stop;
  cl_world_move_begin(&st, w, s, id, mask, respond, ud, out);
  cl_shape_copy(&wsh, shape);
  stop = cl_world_push_out(&st, &wsh, moved);
  if (st.aborted) return 0;
  if (!stop) {
    cl_world_legs(&st, &wsh, d, a);
    if (st.aborted) return 0;
    if (st.overflow) return -1;
    cl_add(moved, moved, a);
  }
  cl_world_copy_back((cl_shape *)(void *)w->items[id].shape, &wsh);
  return 1;
}
