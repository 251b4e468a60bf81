/*
** world_query.c - the world's queries (world.h): raycasts, overlap
** queries, the frustum, pairs, shape casts and the items the debug lines
** draw, each through the tree and then the exact test of each candidate,
** the items without bounds merged in add order.
*/
#include "fp.h"
#include <float.h>
#include <math.h>
#include <string.h>
#include "atomic.h"
#include "bounds.h"
#include "world_move.h"
#include "tree_ray.h"
#include "collide/compound.h"

/* a move's sweep and visit of static geometry: over the triangles its
** caller gathered near the move (cl_world_move_near) when it is that mesh,
** else by the geometry's own walk (st may be NULL: no move) */
int cl_world_is_near(const move_state *st, const cl_world_item *it) {
  return st != NULL && st->near_mesh != NULL && it->shape == st->near_mesh;
}

int cl_world_geo_sweep(const move_state *st, const cl_world_item *it, const cl_shape *mover,
                     const double d[3], cl_hit *h, size_t *index) {
  if (cl_world_is_near(st, it))
    return cl_mesh_sweep_near((const cl_mesh *)it->shape, &st->near, mover, d, h, index);
  {
    long long i = 0;
    if (!cl_collider_sweep(it->kind, it->shape, mover, d, h, &i)) return 0;
    *index = (size_t)i;
    return 1;
  }
}

size_t cl_world_geo_visit(const move_state *st, const cl_world_item *it, const cl_shape *s,
                        int (*fn)(void *ud, const cl_triangle *t, size_t index), void *ud) {
  if (cl_world_is_near(st, it))
    return cl_mesh_visit_near((const cl_mesh *)it->shape, &st->near, s, fn, ud);
  return cl_collider_visit(it->kind, it->shape, s, fn, ud);
}
/* ---- candidates ---- */

/* the bounds of shape swept by d, clamped to the largest double as
** cl_bounds is: a shape near 1e308 moved by 1e308 sweeps bounds that
** overflow, and the sweep still answers */
void cl_world_swept_box(const cl_shape *shape, const double d[3], cl_aabb *box) {
  int k;
  (void)cl_bounds_of(shape, box);
  for (k = 0; k < 3; k++) {
    if (d[k] < 0) box->min[k] = cl_fmax(box->min[k] + d[k], -DBL_MAX);
    else box->max[k] = cl_fmin(box->max[k] + d[k], DBL_MAX);
  }
}

/* the items without bounds appended to cands (k there already): rays
** never, and items whose layer misses mask or that do not meet self (-1:
** no self) left out; the new count */
int cl_world_unbounded_candidates(const cl_world *w, int *cands, int k, int self, uint32_t mask) {
  int i;
  if (self >= 0 && cl_world_is_sensor(&w->items[self])) return k;
  for (i = 0; i < w->nunbounded; i++) {
    int id = w->unbounded[i];
    const cl_world_item *it = &w->items[id];
    if (it->kind == CL_RAY || (it->layer & mask) == 0) continue;
    if (self >= 0 && (!cl_world_meets(w, self, id) || cl_world_is_sensor(it))) continue;
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
  /* a sensor moves through everything */
  if (self >= 0 && cl_world_is_sensor(&w->items[self])) return 0;
  cl_world_swept_box(shape, d, &box);
  n = cl_tree_query(w->tree, (const cl_shape *)&box, &s->tree, &e);
  for (i = 0; i < n; i++) {
    int id = (int)w->tree->leaves[e[i].node].stamp;
    const cl_world_item *it = &w->items[id];
    if (it->shape == skip || it->kind == CL_RAY || (it->layer & mask) == 0) continue;
    if (self >= 0 && (!cl_world_meets(w, self, id) || cl_world_is_sensor(it))) continue;
    s->cands[k++] = id;
  }
  return cl_world_unbounded_candidates(w, s->cands, k, self, mask);
}

/* collide.sweep(mover, d, item's shape): 1 and the hit (index the triangle
** for static geometry, the child for a compound, else -1) */
int cl_world_sweep_one(const move_state *st, const cl_world_item *it, const cl_shape *mover,
                      const double d[3], cl_hit *h, long long *index) {
  *index = -1;
  if (CL_IS_TRISET(it->kind) && cl_world_is_near(st, it)) {
    size_t i;
    if (!cl_mesh_sweep_near((const cl_mesh *)it->shape, &st->near, mover, d, h, &i)) return 0;
    *index = (long long)i;
  } else if (!cl_collider_sweep(it->kind, it->shape, mover, d, h, index)) {
    return 0;
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
                  const cl_hit *hit, long long idx, cl_world_keep_at keep, void *ud) {
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

int cl_world_raycast_with(cl_world *w, cl_world_scratch *s, const cl_ray *r, int skip,
                     uint32_t mask, cl_world_keep_at keep, void *ud, cl_hit *h, long long *index) {
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
    if (!cl_collider_cast(it->kind, it->shape, r, 0, &hit, &idx)) continue;
    if (nearer(w, &best, h, index, id, &hit, idx, keep, ud) < 0) return -2;
  }
  return best;
}

int cl_world_sweep_with(cl_world *w, cl_world_scratch *s, const cl_shape *mover, const double d[3],
                   const void *skip, uint32_t mask, cl_world_keep_at keep, void *ud, cl_hit *h,
                   long long *index) {
  int n = cl_world_candidates(w, s, mover, d, skip, -1, mask), i, best = -1;
  for (i = 0; i < n; i++) {
    int id = s->cands[i];
    cl_hit hit;
    long long idx;
    if (!cl_world_sweep_one(NULL, &w->items[id], mover, d, &hit, &idx)) continue;
    if (!cl_world_one_way_blocks(w, &w->items[id], mover, &hit)) continue;
    if (nearer(w, &best, h, index, id, &hit, idx, keep, ud) < 0) return -2;
  }
  return best;
}

int cl_world_sweep_all_with(cl_world *w, cl_world_scratch *s, const cl_shape *mover,
                       const double d[3], const void *skip, uint32_t mask, cl_world_keep_at keep,
                       void *kud, cl_world_each_hit_at fn, void *ud) {
  int n = cl_world_candidates(w, s, mover, d, skip, -1, mask), i, found = 0;
  for (i = 0; i < n; i++) {
    int id = s->cands[i];
    cl_hit hit;
    long long idx;
    if (!cl_world_sweep_one(NULL, &w->items[id], mover, d, &hit, &idx)) continue;
    if (!cl_world_one_way_blocks(w, &w->items[id], mover, &hit)) continue;
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

/* keep's answer on id (1 when there is no keep) */
static int kept(cl_world_keep_at keep, void *ud, int id) {
  return keep == NULL ? 1 : keep(ud, id);
}

/* the tree's entries e (n of them, in sequence order) and the unbounded
** items, merged in sequence order: those that test accepts and keep keeps
** go to s->cands; their number, -2 when keep stopped */
typedef int (*item_test)(const void *q, const cl_world_item *it);
static int sift(cl_world *w, cl_world_scratch *s, const cl_tree_entry *e, int n, uint32_t mask,
                item_test test, const void *q, cl_world_keep_at keep, void *ud) {
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
  const shape_query *sq = (const shape_query *)q;
  return cl_collider_intersects(sq->kind, sq->shape, it->kind, it->shape);
}

int cl_world_query_with(cl_world *w, cl_world_scratch *s, const void *shape, int kind, uint32_t mask,
                   cl_world_keep_at keep, void *ud) {
  const cl_tree_entry *e = NULL;
  shape_query q;
  int n = 0;
  if (CL_IS_TRISET(kind)) {
    cl_aabb box;                          /* an empty mesh has none */
    if (cl_collider_bounds(kind, shape, &box)) n = cl_tree_query(w->tree, (const cl_shape *)&box,
                                                                 &s->tree, &e);
  } else {
    n = cl_tree_query(w->tree, (const cl_shape *)shape, &s->tree, &e);
  }
  q.shape = shape;
  q.kind = kind;
  return sift(w, s, e, n, mask, meets_query, &q, keep, ud);
}

/* frustum:intersects where it is exact (every shape); static geometry by
** its bounds (an empty mesh has none and meets nothing) */
static int in_frustum(const void *q, const cl_world_item *it) {
  const cl_frustum *f = (const cl_frustum *)q;
  if (CL_IS_TRISET(it->kind)) {
    cl_aabb box;
    cl_shape b;
    if (!cl_collider_bounds(it->kind, it->shape, &box)) return 0;
    b.aabb = box;
    return cl_frustum_classify(f, &b, 0) >= 0;
  }
  return cl_frustum_classify(f, cl_world_shape_of(it), 0) >= 0;
}

int cl_world_query_frustum_with(cl_world *w, cl_world_scratch *s, const cl_frustum *f, uint32_t mask,
                           cl_world_keep_at keep, void *ud) {
  const cl_tree_entry *e;
  int n = cl_tree_query_convex(w->tree, f->p, 6, &s->tree, &e);
  return sift(w, s, e, n, mask, in_frustum, f, keep, ud);
}

/* keep's answer on id for one pairs call, asked once (s->memo: 0 not yet
** asked, 1 kept, 2 refused) */
static int pair_keeps(cl_world_scratch *s, cl_world_keep_at keep, void *ud, int id) {
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
                       cl_world_keep_at keep, void *ud) {
  int r;
  if ((w->items[a].layer & mask) == 0 || (w->items[b].layer & mask) == 0) return 0;
  if (!cl_world_pairable(w, a, b)) return 0;
  if (w->nsensors > 0 && (cl_world_is_sensor(&w->items[a]) || cl_world_is_sensor(&w->items[b])))
    return 0;
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
                    cl_world_keep_at keep, void *ud, cl_world_pair *out, long long max,
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
  if (iu->kind == CL_RAY) return cl_tree_raycast_all(w->tree, &cl_world_shape_of(iu)->ray, &s->tree, e);
  if (CL_IS_TRISET(iu->kind)) return 0;
  if (iu->is_static && w->nmovable == w->nwatched
      && (long long)w->nwatched * MOVABLE_SHARE < (long long)w->tree->count) {
    int i, n = 0;
    for (i = 0; i < w->nwatched; i++) {
      int p = w->items[w->watched[i]].proxy;
      if (p >= 0) s->cands[n++] = p;
    }
    return cl_tree_query_among(w->tree, cl_world_shape_of(iu), s->cands, n, &s->tree, e);
  }
  return cl_tree_query(w->tree, cl_world_shape_of(iu), &s->tree, e);
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

long long cl_world_pairs_with(cl_world *w, cl_world_scratch *s, cl_world_pair *p, long long ntree,
                         long long max, uint32_t mask, cl_world_keep_at keep, void *ud,
                         int again) {
  long long i, n = 0, nt;
  int j, k;
  if (keep != NULL && !again) memset(s->memo, 0, (size_t)w->nitems);
  for (i = 0; i < ntree; i++) {
    int a = (int)w->tree->leaves[p[i].a].stamp, b = (int)w->tree->leaves[p[i].b].stamp, r;
    const cl_world_item *x = &w->items[a], *y = &w->items[b];
    if (x->is_static && y->is_static) continue;
    if (!cl_collider_intersects(x->kind, x->shape, y->kind, y->shape)) continue;
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
      if (!cl_collider_intersects(iu->kind, iu->shape, w->items[o].kind, w->items[o].shape)) continue;
      if (add_pair(w, s, u, o, mask, keep, ud, p, max, &n) < 0) return -2;
    }
    for (k = j + 1; k < w->nunbounded; k++) {
      int o = w->unbounded[k];
      if (!cl_collider_intersects(iu->kind, iu->shape, w->items[o].kind, w->items[o].shape)) continue;
      if (add_pair(w, s, u, o, mask, keep, ud, p, max, &n) < 0) return -2;
    }
  }
  if (n > nt && n <= max) sort_pairs(w, p, n);
  return n;
}

/* every item the ray hits, in the order the tree's boxes are entered, then
** the unbounded ones */
int cl_world_raycast_all_with(cl_world *w, cl_world_scratch *s, const cl_ray *r, uint32_t mask,
                         cl_world_keep_at keep, void *kud, cl_world_each_hit_at fn, void *ud) {
  const cl_tree_entry *e;
  int n = cl_tree_raycast_all(w->tree, r, &s->tree, &e), i, found = 0;
  for (i = 0; i < n + w->nunbounded; i++) {
    int id = i < n ? (int)w->tree->leaves[e[i].node].stamp : w->unbounded[i - n], k;
    const cl_world_item *it = &w->items[id];
    cl_hit hit;
    long long idx = -1;
    if (it->kind == CL_RAY || (it->layer & mask) == 0) continue;
    if (!cl_collider_cast(it->kind, it->shape, r, 0, &hit, &idx)) continue;
    k = kept(keep, kud, id);
    if (k < 0) return -2;
    if (!k) continue;
    found++;
    if (!fn(ud, id, &hit, idx)) return -2;
  }
  return found;
}


/* ---- the nearest item to a point ---- */

/* the item's distance from p and its closest point (p itself at 0), when
** it is within limit: 1; static geometry by its nearest triangle */
static int near_one(const cl_world_item *it, const double p[3], double limit, double *d,
                    double out[3]) {
  size_t index;
  if (!cl_collider_closest(it->kind, it->shape, p, limit, d, out, &index)) return 0;
  if (*d == 0) cl_copy(out, p);
  *d += 0.0;                                 /* no -0 */
  return 1;
}

int cl_world_nearest_with(cl_world *w, cl_world_scratch *s, const double p[3],
                          double max_distance, uint32_t mask, cl_world_keep_at keep, void *ud,
                          double *d, double out[3]) {
  cl_tree_near c;
  double lb;
  int best = -1, i;
  *d = INFINITY;
  /* the items without bounds first (a plane may be the nearest and cut
  ** the walk short), then the tree's leaves nearest box first; nearest
  ** d, ties to the earlier added */
  cl_tree_near_begin(&c, w->tree, p, s->tree.heap);
  for (i = 0;; i++) {
    int id, k;
    const cl_world_item *it;
    double dd, q[3], limit = best >= 0 ? *d : max_distance;
    if (i < w->nunbounded) {
      id = w->unbounded[i];
    } else {
      int leaf = cl_tree_near_next(&c, limit, &lb);
      if (leaf < 0) break;
      id = (int)w->tree->leaves[leaf].stamp;
    }
    it = &w->items[id];
    if ((it->layer & mask) == 0) continue;
    if (!near_one(it, p, limit, &dd, q)) continue;
    /* (dd is within the limit, the best d) */
    if (best >= 0 && !(dd < *d || (dd == *d && it->seq < w->items[best].seq))) continue;
    if (keep != NULL) {
      k = keep(ud, id);
      if (k < 0) return -2;
      if (!k) continue;
    }
    best = id;
    *d = dd;
    cl_copy(out, q);
  }
  return best;
}


/* ---- the public queries: each on the memory of its level ---- */

/* a filter as the calls above take it: a mask, and a keep that skips the
** excluded items before asking the caller's keep (NULL when neither is
** given, so that the walk asks nothing) */
typedef struct {
  cl_world_filter f;
  uint32_t mask;
  cl_world_keep_at keep;
  const cl_world *w;
  int skip_sensors;
} filter_in;

static int filter_keep(void *ud, int slot) {
  const filter_in *in = (const filter_in *)ud;
  const cl_world_filter *f = &in->f;
  cl_item id = cl_world_id(in->w, slot);
  int i;
  if (in->skip_sensors && cl_world_is_sensor(&in->w->items[slot])) return 0;
  for (i = 0; i < f->nexclude; i++)
    if (f->exclude[i] == id) return 0;
  return f->keep != NULL ? f->keep(f->ud, id) : 1;
}

/* sensors: skipped unless the filter asks for them (pairs never list
** them: they skip them themselves) */
static void filter_read(filter_in *in, const cl_world *w, const cl_world_filter *f) {
  if (f == NULL) {
    cl_world_filter_init(&in->f);
  } else {
    in->f = *f;
    if (in->f.exclude == NULL || in->f.nexclude < 0) in->f.nexclude = 0;
  }
  in->w = w;
  in->skip_sensors = w->nsensors > 0 && !in->f.sensors;
  in->mask = in->f.mask;
  in->keep = in->f.nexclude > 0 || in->f.keep != NULL || in->skip_sensors ? filter_keep : NULL;
}

cl_item cl_world_raycast(cl_world *w, const cl_ray *r, const cl_world_filter *f,
                         cl_world_hit *hit) {
  filter_in in;
  cl_world_hit local;
  cl_world_scratch *s = cl_world_enter(w, "raycast", 0);
  int id;
  if (s == NULL) return CL_NOMEM;
  if (hit == NULL) hit = &local;
  filter_read(&in, w, f);
  hit->index = -1;
  id = cl_world_raycast_with(w, s, r, -1, in.mask, in.keep, &in, &hit->hit, &hit->index);
  cl_world_leave(w, s);
  if (id == -2) return CL_STOPPED;
  hit->item = id < 0 ? CL_NOT_FOUND : cl_world_id(w, id);
  hit->material = id < 0 ? -1 : cl_world_material(w, hit->item, hit->index);
  return hit->item;
}

typedef struct {
  cl_world_each_hit fn;
  void *ud;
  const cl_world *w;
} each_hit;

static int each_hit_at(void *ud, int item, const cl_hit *h, long long index) {
  const each_hit *e = (const each_hit *)ud;
  cl_world_hit hit;
  hit.item = cl_world_id(e->w, item);
  hit.hit = *h;
  hit.index = index;
  hit.material = cl_world_material(e->w, hit.item, index);
  return e->fn == NULL || e->fn(e->ud, &hit);
}

int cl_world_raycast_all(cl_world *w, const cl_ray *r, const cl_world_filter *f,
                         cl_world_each_hit fn, void *ud) {
  filter_in in;
  each_hit e;
  cl_world_scratch *s = cl_world_enter(w, "raycast_all", 0);
  int n;
  if (s == NULL) return CL_NOMEM;
  filter_read(&in, w, f);
  e.fn = fn;
  e.ud = ud;
  e.w = w;
  n = cl_world_raycast_all_with(w, s, r, in.mask, in.keep, &in, each_hit_at, &e);
  cl_world_leave(w, s);
  return n == -2 ? CL_STOPPED : n;
}

/* the items of a query (n of them in s->cands, or -2) to fn */
static int each_item(const cl_world *w, const cl_world_scratch *s, int n, cl_world_each fn,
                     void *ud) {
  const int *ids = s->cands;
  int i;
  if (n == -2) return CL_STOPPED;
  for (i = 0; fn != NULL && i < n; i++)
    if (!fn(ud, cl_world_id(w, ids[i]))) return CL_STOPPED;
  return n;
}

int cl_world_query(cl_world *w, const void *shape, int kind, const cl_world_filter *f,
                   cl_world_each fn, void *ud) {
  filter_in in;
  cl_world_scratch *s;
  int n;
  if (!cl_world_kind_of(shape, kind)) return CL_NOT_ITEM;
  s = cl_world_enter(w, "query", 0);
  if (s == NULL) return CL_NOMEM;
  filter_read(&in, w, f);
  n = each_item(w, s, cl_world_query_with(w, s, shape, kind, in.mask, in.keep, &in), fn, ud);
  cl_world_leave(w, s);
  return n;
}

int cl_world_query_frustum(cl_world *w, const cl_frustum *fr, const cl_world_filter *f,
                           cl_world_each fn, void *ud) {
  filter_in in;
  cl_world_scratch *s = cl_world_enter(w, "query_frustum", 0);
  int n;
  if (s == NULL) return CL_NOMEM;
  filter_read(&in, w, f);
  n = each_item(w, s, cl_world_query_frustum_with(w, s, fr, in.mask, in.keep, &in), fn, ud);
  cl_world_leave(w, s);
  return n;
}

/* room for n pairs in *buf (its contents not kept); 0 when out of memory
** (the buffer is then as it was) */
static int pair_room(cl_world *w, cl_tree_pair **buf, long long *room, long long n) {
  void *p;
  if (n <= *room) return 1;
  if ((unsigned long long)n > (size_t)-1 / sizeof(cl_tree_pair)) return 0;
  p = w->alloc(w->ud, NULL, 0, (size_t)n * sizeof(cl_tree_pair));
  if (p == NULL) return 0;
  if (*buf != NULL) w->alloc(w->ud, *buf, (size_t)*room * sizeof(cl_tree_pair), 0);
  *buf = (cl_tree_pair *)p;
  *room = n;
  return 1;
}

/* the tree's pairs in pair_buf[0], found from those of the last call (what
** moved since), their number; -1 when out of memory */
static long long tree_pairs(cl_world *w, cl_world_scratch *s) {
  for (;;) {
    unsigned epoch = w->tree_pairs_valid ? w->tree_pairs_epoch : w->tree->pairs_epoch + 1;
    long long n = cl_tree_pairs_update(w->tree, &s->tree, w->pair_buf[0], w->ntree_pairs, epoch,
                                       w->pair_buf[1], w->pair_room[1]);
    if (n <= w->pair_room[1]) {
      cl_tree_pair *p = w->pair_buf[0];
      long long room = w->pair_room[0];
      w->pair_buf[0] = w->pair_buf[1];
      w->pair_room[0] = w->pair_room[1];
      w->pair_buf[1] = p;
      w->pair_room[1] = room;
      w->ntree_pairs = n;
      w->tree_pairs_epoch = w->tree->pairs_epoch;
      w->tree_pairs_valid = 1;
      return n;
    }
    if (!pair_room(w, &w->pair_buf[1], &w->pair_room[1], n + n / 2)) return -1;
  }
}

/* the tree's pairs, by a walk of the tree of the call's own, in the
** level's buffer: their number, -1 when out of memory. The same pairs in
** the same order as tree_pairs, reading the tree only. */
static long long own_tree_pairs(cl_world *w, cl_world_scratch *s, cl_world_level *lv) {
  for (;;) {
    long long n = cl_tree_pair_list(w->tree, &s->tree, lv->pairs, lv->npairs);
    if (n <= lv->npairs) return n;
    if (!pair_room(w, &lv->pairs, &lv->npairs, n + n / 2)) return -1;
  }
}

/* the tree's pairs in the level's buffer (at least one pair's room):
** found from those of the last call that held the world's pairs (what
** moved since) when this call holds them now, else by a walk of the
** call's own; their number, -1 when out of memory */
static long long call_tree_pairs(cl_world *w, cl_world_scratch *s, cl_world_level *lv,
                                 int held) {
  long long nt;
  if (!held) {
    if (!pair_room(w, &lv->pairs, &lv->npairs, 1)) return -1;
    return own_tree_pairs(w, s, lv);
  }
  nt = tree_pairs(w, s);
  if (nt < 0 || !pair_room(w, &lv->pairs, &lv->npairs, nt > 0 ? nt : 1)) return -1;
  if (nt > 0) memcpy(lv->pairs, w->pair_buf[0], (size_t)nt * sizeof(cl_tree_pair));
  return nt;
}

/* the level's buffer and the world's kept answer swapped (no copy, no
** allocation): the answer of n pairs in the level kept for the next call
** with the filter in when n >= 0, else the kept answer (when it is the one
** for in) taken into the level and the world keeping none; 1 when kept,
** the number taken + 1 when taken, 0 when another call held the world's
** pairs state or, taking, there was no answer for in */
static long long swap_answer(cl_world *w, cl_world_level *lv, long long n, const filter_in *in) {
  cl_tree_pair *p;
  long long room, done = 0;
  if (!cl_atomic_claim(&w->pairs_lock)) return 0;
  if (n >= 0 || (w->pairs_kept >= 0 && w->npolled == 0 && w->pairs_version == w->version
                 && w->pairs_mask == in->mask && w->pairs_skip_sensors == in->skip_sensors)) {
    long long had = w->pairs_kept;
    p = w->pairs_ans;
    room = w->pairs_ans_room;
    w->pairs_ans = lv->pairs;
    w->pairs_ans_room = lv->npairs;
    lv->pairs = p;
    lv->npairs = room;
    w->pairs_kept = n;
    w->pairs_version = w->version;
    w->pairs_mask = in->mask;
    w->pairs_skip_sensors = in->skip_sensors;
    done = n >= 0 ? 1 : had + 1;
  }
  cl_atomic_release(&w->pairs_lock);
  return done;
}

long long cl_world_pairs(cl_world *w, const cl_world_filter *f, cl_world_each_pair fn,
                         void *ud) {
  filter_in in;
  cl_world_scratch *s = cl_world_enter(w, "pairs", 0);
  cl_world_level *lv;
  long long nt, n, i, taken;
  int again = 0, cache, held, stopped = 0;
  if (s == NULL) return CL_NOMEM;
  lv = CL_WORLD_LEVEL_OF(s);
  filter_read(&in, w, f);
  /* the world's pairs state (the tree's last pairs, the last answer) is
  ** one call's at a time: a call that finds it held by another thread's
  ** finds the same pairs by a walk of its own. A call with no test of the
  ** caller's, while nothing an answer sees changed since the last such
  ** call with the same filter, takes that answer into its level, and
  ** gives it back when done (a shape with a change counter the world
  ** reads may have changed unseen: none is taken then) */
  cache = in.f.keep == NULL && in.f.nexclude == 0;
  taken = cache ? swap_answer(w, lv, -1, &in) : 0;
  if (taken > 0) {
    n = taken - 1;
    goto answer;
  }
  held = cl_atomic_claim(&w->pairs_lock);
  nt = call_tree_pairs(w, s, lv, held);
  if (held) cl_atomic_release(&w->pairs_lock);
  /* the answer is built in the level's own buffer: the tree's pairs, then
  ** those of the items without bounds, in more room and again (the tree's
  ** pairs found again) when they do not fit; keep is not asked again
  ** about the items it answered */
  for (;;) {
    if (nt < 0) {
      cl_world_leave(w, s);
      return CL_NOMEM;
    }
    n = cl_world_pairs_with(w, s, lv->pairs, nt, lv->npairs, in.mask, in.keep, &in, again);
    if (n <= lv->npairs) break;
    nt = pair_room(w, &lv->pairs, &lv->npairs, n + n / 2) ? own_tree_pairs(w, s, lv) : -1;
    again = 1;
  }
answer:
  for (i = 0; fn != NULL && i < n; i++)
    if (!fn(ud, cl_world_id(w, lv->pairs[i].a), cl_world_id(w, lv->pairs[i].b))) {
      stopped = 1;
      break;
    }
  /* (a callback may have changed nothing: the answer is still the
  ** world's) */
  if (cache && n >= 0) (void)swap_answer(w, lv, n, &in);
  cl_world_leave(w, s);
  return stopped ? CL_STOPPED : n;
}

cl_item cl_world_nearest(cl_world *w, const double p[3], double max_distance,
                         const cl_world_filter *f, double *d, double out[3]) {
  filter_in in;
  cl_world_scratch *s;
  double ld, lout[3];
  int id;
  if (!(p[0] - p[0] == 0 && p[1] - p[1] == 0 && p[2] - p[2] == 0) || !(max_distance >= 0))
    return CL_NOT_FINITE;
  s = cl_world_enter(w, "nearest", 0);
  if (s == NULL) return CL_NOMEM;
  if (d == NULL) d = &ld;
  if (out == NULL) out = lout;
  filter_read(&in, w, f);
  id = cl_world_nearest_with(w, s, p, max_distance, in.mask, in.keep, &in, d, out);
  cl_world_leave(w, s);
  if (id == -2) return CL_STOPPED;
  return id < 0 ? CL_NOT_FOUND : cl_world_id(w, id);
}

cl_item cl_world_sweep(cl_world *w, const cl_shape *mover, const double d[3],
                       const cl_world_filter *f, cl_world_hit *hit) {
  return cl_world_sweep_skipping(w, mover, d, mover, f, hit);
}

cl_item cl_world_sweep_skipping(cl_world *w, const cl_shape *mover, const double d[3],
                                const void *skip, const cl_world_filter *f, cl_world_hit *hit) {
  filter_in in;
  cl_world_hit local;
  cl_world_scratch *s = cl_world_enter(w, "sweep", 0);
  int id;
  if (s == NULL) return CL_NOMEM;
  if (hit == NULL) hit = &local;
  filter_read(&in, w, f);
  hit->index = -1;
  id = cl_world_sweep_with(w, s, mover, d, skip, in.mask, in.keep, &in, &hit->hit, &hit->index);
  cl_world_leave(w, s);
  if (id == -2) return CL_STOPPED;
  hit->item = id < 0 ? CL_NOT_FOUND : cl_world_id(w, id);
  hit->material = id < 0 ? -1 : cl_world_material(w, hit->item, hit->index);
  return hit->item;
}

int cl_world_sweep_all(cl_world *w, const cl_shape *mover, const double d[3],
                       const cl_world_filter *f, cl_world_each_hit fn, void *ud) {
  return cl_world_sweep_all_skipping(w, mover, d, mover, f, fn, ud);
}

int cl_world_sweep_all_skipping(cl_world *w, const cl_shape *mover, const double d[3],
                                const void *skip, const cl_world_filter *f,
                                cl_world_each_hit fn, void *ud) {
  filter_in in;
  each_hit e;
  cl_world_scratch *s = cl_world_enter(w, "sweep_all", 0);
  int n;
  if (s == NULL) return CL_NOMEM;
  filter_read(&in, w, f);
  e.fn = fn;
  e.ud = ud;
  e.w = w;
  n = cl_world_sweep_all_with(w, s, mover, d, skip, in.mask, in.keep, &in, each_hit_at, &e);
  cl_world_leave(w, s);
  return n == -2 ? CL_STOPPED : n;
}

/* ---- debug lines ---- */

/* 1 when the item's lines are drawn within box: its bounds meet the box
** (touching counts); an item without bounds (a plane, a ray without
** end), when its shape meets it */
static int lines_within(const void *q, const cl_world_item *it) {
  const cl_aabb *box = (const cl_aabb *)q;
  cl_aabb ib;
  int k, bounded = cl_collider_bounds(it->kind, it->shape, &ib);
  if (!bounded) return cl_collider_intersects(CL_AABB, box, it->kind, it->shape);
  for (k = 0; k < 3; k++)
    if (ib.min[k] > box->max[k] || box->min[k] > ib.max[k]) return 0;
  return 1;
}

/* the filter's exclusions, then its keep (sensors are drawn too) */
typedef struct {
  cl_world_filter f;
  const cl_world *w;
} lines_in;

static int lines_keep(void *ud, int slot) {
  const lines_in *in = (const lines_in *)ud;
  const cl_world_filter *f = &in->f;
  cl_item id = cl_world_id(in->w, slot);
  int i;
  for (i = 0; i < f->nexclude; i++)
    if (f->exclude[i] == id) return 0;
  return f->keep != NULL ? f->keep(f->ud, id) : 1;
}

int cl_world_lines(cl_world *w, const cl_aabb *box, const cl_world_filter *f, cl_world_each fn,
                   void *ud) {
  lines_in in;
  cl_world_scratch *s;
  int n = 0, id, r;
  if (f == NULL) cl_world_filter_init(&in.f); else in.f = *f;
  if (in.f.exclude == NULL || in.f.nexclude < 0) in.f.nexclude = 0;
  in.w = w;
  s = cl_world_enter(w, "lines", 0);
  if (s == NULL) return CL_NOMEM;
  if (box == NULL) {
    for (id = w->first; id >= 0; id = w->items[id].next) {
      if ((w->items[id].layer & in.f.mask) == 0) continue;
      if ((r = lines_keep(&in, id)) < 0) { n = -2; break; }
      if (r) s->cands[n++] = id;
    }
  } else {
    const cl_tree_entry *e = NULL;
    int ne = cl_tree_query(w->tree, (const cl_shape *)(const void *)box, &s->tree, &e);
    n = sift(w, s, e, ne, in.f.mask, lines_within, box, lines_keep, &in);
  }
  n = each_item(w, s, n, fn, ud);
  cl_world_leave(w, s);
  return n;
}

/* the segments of the item (within box for a mesh or a heightfield), and
** with out, written there; 0 for no item */
static size_t item_lines(const cl_world *w, cl_item item, const cl_aabb *box, double *out) {
  const cl_world_item *it;
  int k = cl_world_slot(w, item);
  if (k < 0) return 0;
  it = &w->items[k];
  return cl_collider_lines(it->kind, it->shape, box, out);
}

size_t cl_world_lines_count(const cl_world *w, cl_item item, const cl_aabb *box) {
  return item_lines(w, item, box, NULL);
}

size_t cl_world_lines_fill(const cl_world *w, cl_item item, const cl_aabb *box, double *out) {
  return item_lines(w, item, box, out);
}
