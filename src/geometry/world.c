/*
** world.c - the world's items in a dynamic tree: their life, options,
** order and refits (sync), the memory of the calls, and the public calls
** that change items (world.h). The queries and casts are in
** world_query.c, the move in world_move.c, the character in character.c.
**
** An item is asked of by its kind through the dispatch over colliders
** (collider.h): a shape through the core, static triangle geometry
** through its walks, so a new kind is a row there and never a test here.
*/
#include "fp.h"
#include <float.h>
#include <stdlib.h>
#include <string.h>
#include "atomic.h"
#include "world_private.h"

/* ---- memory ---- */
static void *default_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  (void)ud; (void)osize;
  if (nsize == 0) { free(ptr); return NULL; }
  return realloc(ptr, nsize);
}

/* grows the array *p of *cap elements of size sz to hold need, by a
** quarter again (as the tree: cl_tree_next_capacity); 0 when out of memory
** (the array is then as it was) */
static int grow(cl_world *w, void **p, int *cap, int need, size_t sz) {
  int ncap;
  void *np;
  if (need <= *cap) return 1;
  ncap = *cap < 8 ? 8 : *cap;
  while (ncap < need) {
    if (ncap > (1 << 29)) return 0;
    ncap += ncap / 4;
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
  w->free_contact = w->free_one_way = -1;
  w->pairs_kept = -1;
  w->alloc = alloc ? alloc : default_alloc;
  w->ud = alloc ? ud : NULL;
}

void cl_world_init_own(cl_world *w, double margin, cl_alloc_fn alloc, void *ud) {
  cl_world_init_tree(w, NULL, alloc, ud);
  cl_tree_init(&w->own_tree, margin, alloc, ud);
  w->tree = &w->own_tree;
}

void cl_world_free_all(cl_world *w) {
  if (w->tree == &w->own_tree) cl_tree_free(&w->own_tree);
  if (w->items) w->alloc(w->ud, w->items, (size_t)w->cap * sizeof *w->items, 0);
  if (w->unbounded) w->alloc(w->ud, w->unbounded, (size_t)w->cap_unbounded * sizeof(int), 0);
  if (w->watched) w->alloc(w->ud, w->watched, (size_t)w->cap_watched * sizeof(int), 0);
  cl_world_ev_free(w);
  cl_world_base_release(w);
  if (w->mass) w->alloc(w->ud, w->mass, (size_t)w->cap_mass * sizeof(double), 0);
  w->mass = NULL;
  w->cap_mass = 0;
  w->items = NULL;
  w->unbounded = w->watched = NULL;
  w->first = w->last = -1;
  w->nitems = w->cap = w->count = w->nunbounded = w->cap_unbounded = 0;
  w->nwatched = w->cap_watched = w->nfront = w->nmeshes = w->nmovable = 0;
}

/* ---- items ---- */

/* the item's bounds; 0 when it has none (a plane, an endless ray, an
** empty mesh) */
static int item_bounds(const cl_world_item *it, cl_aabb *out) {
  return cl_collider_bounds(it->kind, it->shape, out);
}

int cl_world_is_item(const cl_world *w, cl_item item) { return cl_world_slot(w, item) >= 0; }

cl_item cl_world_item_at(const cl_world *w, int slot) {
  return cl_world_live(w, slot) ? cl_world_id(w, slot) : CL_NOT_ITEM;
}

int cl_world_set_user_data(cl_world *w, cl_item item, void *data) {
  int k = cl_world_slot(w, item);
  if (k < 0) return CL_NOT_ITEM;
  /* a snapshot's records hold it: the next one takes new records */
  if (w->items[k].user != data) CL_WORLD_RESHAPED(w);
  w->items[k].user = data;
  return 0;
}

void *cl_world_user_data(const cl_world *w, cl_item item) {
  int k = cl_world_slot(w, item);
  return k < 0 ? NULL : w->items[k].user;
}

long long cl_world_seq(const cl_world *w, cl_item item) {
  int k = cl_world_slot(w, item);
  return k >= 0 ? w->items[k].seq : CL_NOT_ITEM;
}

long long cl_world_last_seq(const cl_world *w) { return w->counter; }

int cl_world_events_name(const cl_world *w, cl_item item) {
  int k = cl_world_slot(w, item);
  return k >= 0 && (cl_world_contacts_of(w, k) >= 0 || w->npending > 0);
}

/* each other item is crossed at most once, then the pushes and the solid
** contacts of every pass */
int cl_world_move_room(const cl_world *w) {
  return w->count + CL_WORLD_PUSH_STEPS + 5 * CL_WORLD_MAX_SLIDES + 8;
}

static int is_still(const cl_world *w, int id, long long seq) {
  return cl_world_live(w, id) && w->items[id].seq == seq;
}

/* the first item added after seq, from the slot k of a removed item
** whose sequence number was kseq (>= seq); -1 when it cannot tell. A
** removed item's slot keeps its successor of then (next) until an add
** takes the slot: the successors are followed while they are removed
** ones, each added after the one before (a slot taken again has a later
** number), to an item, then back while the item before it was added
** after seq (none unless a slot was taken again). Each step is O(1) but
** for the removed items skipped, which a loop that goes on from the item
** found never skips again. */
static int after_removed(const cl_world *w, int k, long long kseq, long long seq) {
  long long s = kseq;
  if (k < 0 || k >= w->nitems || w->items[k].kind >= 0 || w->items[k].seq != kseq) return -1;
  for (;;) {
    int nx = w->items[k].next;
    if (nx < 0 || nx >= w->nitems || w->items[nx].seq <= s) return -1;
    k = nx;
    if (w->items[k].kind >= 0) break;
    s = w->items[k].seq;
  }
  while (w->items[k].prev >= 0 && w->items[w->items[k].prev].seq > seq) k = w->items[k].prev;
  return k;
}

/* the slot of the item after the one in slot id whose sequence number
** was seq (cl_world_next) */
static int next_slot(const cl_world *w, int id, long long seq, int ahead, long long aseq) {
  int k, found = -1;
  if (id < 0) return w->first;
  if (is_still(w, id, seq)) return w->items[id].next;
  if (ahead >= 0 && is_still(w, ahead, aseq)) return ahead;
  /* both gone: the first added after seq, from the removed slots, else
  ** from the end (items are only ever added there) */
  if ((k = after_removed(w, ahead, aseq, seq)) >= 0 || (k = after_removed(w, id, seq, seq)) >= 0)
    return k;
  for (k = w->last; k >= 0 && w->items[k].seq > seq; k = w->items[k].prev) found = k;
  return found;
}

cl_item cl_world_next(const cl_world *w, cl_item id, long long seq, cl_item ahead,
                      long long aseq) {
  int k = next_slot(w, cl_item_slot(id), seq, cl_item_slot(ahead), aseq);
  return k >= 0 ? cl_world_id(w, k) : -1;
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

/* the watched list's entries i and j swapped */
static void swap_watched(cl_world *w, int i, int j) {
  int a = w->watched[i], b = w->watched[j];
  w->watched[i] = b;
  w->items[b].watch = i;
  w->watched[j] = a;
  w->items[a].watch = j;
}

/* the watched item among those cl_world_sync looks at */
static void to_front(cl_world *w, int id) {
  if (w->items[id].watch >= w->nfront) swap_watched(w, w->items[id].watch, w->nfront++);
}

/* a watched item, when it is in front, behind */
static void to_back(cl_world *w, int id) {
  if (w->items[id].watch < w->nfront) swap_watched(w, w->items[id].watch, --w->nfront);
}

/* on the list, in front (a linked item may have changed unseen while it
** was off the list) */
static int watch(cl_world *w, int id) {
  cl_world_item *it = &w->items[id];
  if (it->watch >= 0) return 1;
  if (!grow(w, (void **)&w->watched, &w->cap_watched, w->nwatched + 1, sizeof(int))) return 0;
  it->watch = w->nwatched;
  w->watched[w->nwatched++] = id;
  to_front(w, id);
  return 1;
}

static void unwatch(cl_world *w, int id) {
  cl_world_item *it = &w->items[id];
  if (it->watch < 0) return;
  to_back(w, id);
  swap_watched(w, it->watch, w->nwatched - 1);
  w->nwatched--;
  it->watch = -1;
}

int cl_world_link(cl_world *w, cl_item item, int on) {
  int id = cl_world_slot(w, item);
  if (id < 0) return CL_NOT_ITEM;
  if (w->items[id].linked != (on != 0)) CL_WORLD_RESHAPED(w);
  w->npolled -= CL_WORLD_POLLED(&w->items[id]);
  w->items[id].linked = on != 0;
  w->npolled += CL_WORLD_POLLED(&w->items[id]);
  w->version++;
  if (w->items[id].watch >= 0) to_front(w, id);   /* looked at once more */
  return 0;
}

int cl_world_touch(cl_world *w, cl_item item) {
  int id = cl_world_slot(w, item);
  if (id < 0) return CL_NOT_ITEM;
  w->version++;
  if (CL_IS_TRISET(w->items[id].kind)) w->geo_version++;
  if (w->items[id].watch >= 0) to_front(w, id);
  return 0;
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

void cl_world_unplace(cl_world *w, int id) {
  cl_world_item *it = &w->items[id];
  if (it->proxy >= 0) cl_tree_remove(w->tree, it->proxy);
  else unbounded_remove(w, id);
  it->proxy = -1;
  unwatch(w, id);
}

int cl_world_replace(cl_world *w, int id) {
  w->items[id].watch = -1;
  return place(w, id) && (!wants_watch(&w->items[id]) || watch(w, id));
}

void cl_world_rewatch(cl_world *w, int id) {
  if (wants_watch(&w->items[id])) (void)watch(w, id);
  else unwatch(w, id);
}

int cl_world_add_item(cl_world *w, const void *shape, int kind, uint32_t *changes) {
  int id, next = -1;
  uint16_t gen = 0;                              /* a new slot's first generation */
  cl_world_item *it;
  if (w->free_head >= 0) {                       /* (a free slot's prev links them) */
    id = w->free_head;
    next = w->items[id].prev;
    gen = w->items[id].gen;
  } else {
    if (!grow(w, (void **)&w->items, &w->cap, w->nitems + 1, sizeof *w->items)) return -1;
    id = w->nitems;
  }
  if (!cl_world_ev_room(w, w->count + 1)) return -1;
  it = &w->items[id];
  memset(it, 0, sizeof *it);
  it->gen = gen;
  if (id < w->cap_mass) w->mass[id] = 0;
  it->shape = shape;
  it->kind = kind;
  it->changes = changes;
  it->seen = changes ? *changes : 0;
  it->layer = 1;
  it->mask = CL_WORLD_ALL_BITS;
  it->seq = w->counter + 1;
  it->watch = -1;
  cl_world_ev_new(w, id);
  if ((wants_watch(it) && !watch(w, id)) || !place(w, id)) {
    unwatch(w, id);
    w->items[id].kind = -1;
    w->items[id].prev = next;
    w->items[id].next = -1;
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
  w->version++;
  CL_WORLD_RESHAPED(w);
  if (CL_IS_TRISET(kind)) w->geo_version++;
  w->npolled += CL_WORLD_POLLED(it);
  w->nmovable++;                                 /* (not static when added) */
  if (kind == CL_WORLD_MESH) w->nmeshes++;
  cl_world_ev_touch(w, id);
  return id;
}

/* an update that ran out of memory undone: the item's shape, kind and
** change counter as they were, and so its place on the watched list (put
** back there without allocating: leaving it freed no room) */
static void update_undo(cl_world *w, int id, const cl_world_item *old) {
  cl_world_item *it = &w->items[id];
  it->shape = old->shape;
  it->kind = old->kind;
  it->changes = old->changes;
  if (wants_watch(it)) (void)watch(w, id); else unwatch(w, id);
}

int cl_world_update_item(cl_world *w, int id, const void *shape, int kind, uint32_t *changes) {
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
      update_undo(w, id, &old);
      return 0;
    }
    w->tree->leaves[p].stamp = (unsigned)id;
    unbounded_remove(w, id);
    w->items[id].proxy = p;
  } else if (it->proxy >= 0) {                   /* into the list */
    if (!grow(w, (void **)&w->unbounded, &w->cap_unbounded, w->nunbounded + 1, sizeof(int))) {
      update_undo(w, id, &old);
      return 0;
    }
    cl_tree_remove(w->tree, it->proxy);
    it->proxy = -1;
    (void)unbounded_insert(w, id);
  }
  it = &w->items[id];
  it->seen = it->changes ? *it->changes : 0;
  w->version++;
  /* a new shape, or a static one changed (its place is not kept) */
  if (shape != NULL || it->is_static) CL_WORLD_RESHAPED(w);
  if (CL_IS_TRISET(it->kind) || CL_IS_TRISET(old.kind)) w->geo_version++;
  w->npolled += CL_WORLD_POLLED(it) - CL_WORLD_POLLED(&old);
  w->nmeshes += (it->kind == CL_WORLD_MESH) - (old.kind == CL_WORLD_MESH);
  if (CL_IS_TRISET(it->kind)) cl_world_one_way_clear(w, id);
  cl_world_ev_touch(w, id);
  return 1;
}

void cl_world_remove_item(cl_world *w, int id) {
  cl_world_item *it = &w->items[id];
  cl_world_ev_remove(w, id);
  cl_world_one_way_clear(w, id);
  w->nsensors -= cl_world_is_sensor(it);
  w->nevents -= (it->role & CL_WORLD_EVENTS) != 0;
  if (it->proxy >= 0) cl_tree_remove(w->tree, it->proxy);
  else unbounded_remove(w, id);
  unwatch(w, id);
  if (it->prev >= 0) w->items[it->prev].next = it->next; else w->first = it->next;
  if (it->next >= 0) w->items[it->next].prev = it->prev; else w->last = it->prev;
  if (it->kind == CL_WORLD_MESH) w->nmeshes--;
  if (!it->is_static) w->nmovable--;
  w->npolled -= CL_WORLD_POLLED(it);
  w->version++;
  if (CL_IS_TRISET(it->kind)) w->geo_version++;
  it->kind = -1;
  it->shape = NULL;
  it->user = NULL;
  it->gen = (uint16_t)(it->gen + 1);             /* its id is refused from now on */
  CL_WORLD_RESHAPED(w);
  /* next kept: the item after it then, for cl_world_next */
  it->prev = w->free_head;
  w->free_head = id;
  w->count--;
}

int cl_world_set_item_options(cl_world *w, int id, uint32_t layer, uint32_t mask, int is_static) {
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
  w->version++;
  CL_WORLD_RESHAPED(w);
  w->nmovable += was - it->is_static;
  cl_world_ev_touch(w, id);
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

int cl_world_sync_moved(cl_world *w, int *moved, int *nmoved) {
  cl_tree *t = w->tree;
  int i, n = 0, escaping = 0, batch, nm = 0;
  for (i = 0; i < w->nfront; i++) {
    cl_world_item *it = &w->items[w->watched[i]];
    cl_aabb box;
    if (it->proxy >= 0 && *it->changes != it->seen && item_bounds(it, &box))
      escaping += cl_tree_escapes(t, it->proxy, &box);
  }
  batch = escaping > 64 && escaping > t->count / BATCH_SHARE;
  for (i = 0; i < w->nfront; i++) {
    int id = w->watched[i];
    cl_world_item *it = &w->items[id];
    cl_aabb box;
    int has;
    if (*it->changes == it->seen) continue;
    w->version++;
    if (CL_IS_TRISET(it->kind)) w->geo_version++;
    has = item_bounds(it, &box);
    if (it->proxy >= 0 && has) {
      it->seen = *it->changes;
      if (!batch) (void)cl_tree_move(t, it->proxy, &box);
      else if (cl_tree_escapes(t, it->proxy, &box)) cl_tree_set_fat(t, it->proxy, &box);
      cl_world_ev_touch(w, id);
      n++;
    } else if (it->proxy >= 0 || has) {
      /* lost or gained bounds: placed again after the batch */
      if (moved != NULL) moved[nm] = id;
      nm++;
    } else {
      it->seen = *it->changes;
      cl_world_ev_touch(w, id);
    }
  }
  if (batch) cl_tree_refit_all(t, t->count / REINSERT_SHARE + 1);
  if (moved != NULL) {
    for (i = 0; i < nm; i++)
      if (cl_world_update_item(w, moved[i], NULL, 0, NULL)) n++;
  }
  if (nmoved != NULL) *nmoved = moved != NULL ? nm : 0;
  /* the linked items seen go behind until touched again (one that could
  ** not be placed again stays in front, for the next sync) */
  for (i = 0; i < w->nfront;) {
    const cl_world_item *it = &w->items[w->watched[i]];
    if (it->linked && *it->changes == it->seen) to_back(w, w->watched[i]);
    else i++;
  }
  return n;
}

/* ---- scratch ---- */

static int scratch_need(const cl_world *w) {
  int n = w->tree->capacity > 0 ? w->tree->capacity : 1;
  return n + w->nunbounded + 1;
}

static size_t align8(size_t n) { return (n + 7) / 8 * 8; }


/* the bytes of a scratch: the queries' part first (the tree's walk, the
** candidates, the pairs' memo), then, for moves, the crossed items and
** the slide planes */
static size_t scratch_bytes(const cl_world *w, int moves) {
  int cap = w->tree->capacity > 0 ? w->tree->capacity : 1;
  int need = scratch_need(w);
  size_t ts = cl_tree_walk_scratch_size(cap), n;
  if (ts == 0) return 0;
  n = align8(ts) + align8((size_t)need * sizeof(int)) + align8((size_t)(w->nitems > 0 ? w->nitems : 1));
  if (moves) {
    n += align8((size_t)need * sizeof(cl_world_cross))
         + (size_t)(w->nitems > 0 ? w->nitems : 1) * sizeof(cl_world_marks)
         + (size_t)CL_WORLD_MAX_PLANES * 3 * sizeof(double)
         + (size_t)CL_WORLD_NEAR * sizeof(uint32_t) + (size_t)CL_WORLD_NEAR_ITEMS * sizeof(int);
    if (w->nmeshes > 0)
      n += (size_t)CL_WORLD_NEAR_TRIS * (sizeof(cl_triangle) + sizeof(cl_mesh_near_axes));
  }
  return n;
}

size_t cl_world_scratch_size(const cl_world *w) { return scratch_bytes(w, 1); }
size_t cl_world_query_scratch_size(const cl_world *w) { return scratch_bytes(w, 0); }

static void scratch_init(const cl_world *w, cl_world_scratch *s, void *mem, int moves) {
  int cap = w->tree->capacity > 0 ? w->tree->capacity : 1;
  int need = scratch_need(w);
  char *p = (char *)mem;
  cl_tree_walk_scratch_init(&s->tree, p, cap);
  p += align8(cl_tree_walk_scratch_size(cap));
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
  s->near_axes = NULL;
  s->near_item = -1;
  s->near_owner = NULL;
  s->items_n = -1;
  s->items_owner = NULL;
  s->items_ending = 0;
  s->marks = NULL;
  s->nmarks = 0;
  if (moves) {
    s->crosses = p;
    p += align8((size_t)need * sizeof(cl_world_cross));
    s->marks = (cl_world_marks *)(void *)p;
    s->nmarks = w->nitems > 0 ? w->nitems : 1;
    memset(s->marks, 0, (size_t)s->nmarks * sizeof(cl_world_marks));
    p += (size_t)s->nmarks * sizeof(cl_world_marks);
    s->planes = (double *)(void *)p;
    p += (size_t)CL_WORLD_MAX_PLANES * 3 * sizeof(double);
    s->near = (uint32_t *)(void *)p;
    p += (size_t)CL_WORLD_NEAR * sizeof(uint32_t);
    s->near_items = (int *)(void *)p;
    p += (size_t)CL_WORLD_NEAR_ITEMS * sizeof(int);
    /* (every part so far is a multiple of 8 bytes) */
    if (w->nmeshes > 0) {
      s->near_tris = (cl_triangle *)(void *)p;
      p += (size_t)CL_WORLD_NEAR_TRIS * sizeof(cl_triangle);
      s->near_axes = (cl_mesh_near_axes *)(void *)p;
    }
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
         && (s->marks == NULL || s->nmarks >= w->nitems)
         /* a move's scratch has room for triangles once the world has meshes */
         && (s->near_items == NULL || w->nmeshes == 0 || s->near_tris != NULL);
}


/* ---- the memory of the calls, a level each ---- */

/* a level no other call holds: the first free one of the list, else a new
** one appended at its end (allocated before it is appended, so that a
** level is never seen half made); NULL when out of memory */
static cl_world_level *claim_level(cl_world *w, const char *name) {
  void **link = &w->levels;
  cl_world_level *lv, *fresh = NULL;
  for (;;) {
    lv = (cl_world_level *)cl_atomic_load_ptr(link);
    if (lv == NULL) {
      if (fresh == NULL) {
        fresh = (cl_world_level *)w->alloc(w->ud, NULL, 0, sizeof *fresh);
        if (fresh == NULL) return NULL;
        memset(fresh, 0, sizeof *fresh);
        fresh->held = 1;
        fresh->name = name;
      }
      if (cl_atomic_publish(link, fresh)) return fresh;
      continue;                     /* another call appended one: try it */
    }
    if (cl_atomic_claim(&lv->held)) {
      if (fresh != NULL) w->alloc(w->ud, fresh, sizeof *fresh, 0);
      cl_atomic_store_cptr(&lv->name, name);
      return lv;
    }
    link = &lv->next;
  }
}

cl_world_scratch *cl_world_enter(cl_world *w, const char *name, int moves) {
  cl_world_level *lv = claim_level(w, name);
  size_t need;
  if (lv == NULL) return NULL;
  /* laid out already for the world as it is: the common case, no sizes
  ** to work out */
  if (!(lv->valid && (lv->moves || !moves) && cl_world_scratch_fits(w, &lv->s))) {
    moves = moves || lv->moves;
    need = scratch_bytes(w, moves);
    if (need == 0) {
      cl_atomic_release(&lv->held);
      return NULL;
    }
    if (lv->size < need) {
      /* nothing in it is kept: freed first, so that the two never coexist */
      void *p;
      if (lv->mem != NULL) w->alloc(w->ud, lv->mem, lv->size, 0);
      lv->mem = NULL;
      lv->size = 0;
      lv->valid = 0;
      p = w->alloc(w->ud, NULL, 0, need);
      if (p == NULL) {
        cl_atomic_release(&lv->held);
        return NULL;
      }
      lv->mem = p;
      lv->size = need;
    }
    scratch_init(w, &lv->s, lv->mem, moves);
    lv->moves = moves;
    lv->valid = 1;
  }
  return &lv->s;
}

void cl_world_leave(cl_world *w, cl_world_scratch *s) {
  (void)w;
  cl_atomic_release(&CL_WORLD_LEVEL_OF(s)->held);
}

const char *cl_world_busy(const cl_world *w) {
  const void *name = NULL;
  const cl_world_level *lv = (const cl_world_level *)cl_atomic_load_ptr(&w->levels);
  for (; lv != NULL; lv = (const cl_world_level *)cl_atomic_load_ptr(&lv->next))
    if (cl_atomic_load(&lv->held)) name = cl_atomic_load_cptr(&lv->name);
  return (const char *)name;
}

static size_t levels_memory(const cl_world *w) {
  size_t n = 0;
  const cl_world_level *lv;
  for (lv = (const cl_world_level *)w->levels; lv != NULL; lv = (const cl_world_level *)lv->next)
    n += sizeof *lv + lv->size + (size_t)lv->npairs * sizeof(cl_tree_pair);
  return n;
}

/* ---- the public life of a world and its items ---- */

void cl_world_filter_init(cl_world_filter *f) {
  memset(f, 0, sizeof *f);
  f->mask = CL_WORLD_ALL_BITS;
}

cl_world *cl_world_new(double margin, cl_alloc_fn alloc, void *ud) {
  cl_alloc_fn a = alloc != NULL ? alloc : default_alloc;
  cl_world *w;
  if (!(margin >= 0 && margin <= DBL_MAX)) return NULL;
  w = (cl_world *)a(alloc != NULL ? ud : NULL, NULL, 0, sizeof *w);
  if (w == NULL) return NULL;
  cl_world_init_own(w, margin, alloc, ud);
  w->own_block = 1;
  return w;
}

cl_world *cl_world_new_on_tree(cl_tree *tree, cl_alloc_fn alloc, void *ud) {
  cl_alloc_fn a = alloc != NULL ? alloc : default_alloc;
  cl_world *w = (cl_world *)a(alloc != NULL ? ud : NULL, NULL, 0, sizeof *w);
  if (w == NULL) return NULL;
  cl_world_init_tree(w, tree, alloc, ud);
  w->own_block = 1;
  return w;
}

void cl_world_delete(cl_world *w) {
  int i;
  if (w == NULL) return;
  while (w->levels != NULL) {
    cl_world_level *lv = (cl_world_level *)w->levels;
    w->levels = lv->next;
    if (lv->mem != NULL) w->alloc(w->ud, lv->mem, lv->size, 0);
    if (lv->pairs != NULL) w->alloc(w->ud, lv->pairs, (size_t)lv->npairs * sizeof(cl_tree_pair), 0);
    w->alloc(w->ud, lv, sizeof *lv, 0);
  }
  if (w->pairs_ans != NULL)
    w->alloc(w->ud, w->pairs_ans, (size_t)w->pairs_ans_room * sizeof(cl_tree_pair), 0);
  for (i = 0; i < 2; i++)
    if (w->pair_buf[i] != NULL)
      w->alloc(w->ud, w->pair_buf[i], (size_t)w->pair_room[i] * sizeof(cl_tree_pair), 0);
  cl_character_orphan_all(w);
  cl_world_free_all(w);
  w->alloc(w->ud, w, sizeof *w, 0);
}

size_t cl_world_memory(const cl_world *w) {
  return cl_world_storage(w) + (w->own_block ? sizeof *w : 0);
}

size_t cl_world_storage(const cl_world *w) {
  size_t n = (size_t)w->cap * sizeof(cl_world_item) + (size_t)w->cap_unbounded * sizeof(int)
             + (size_t)w->cap_watched * sizeof(int) + levels_memory(w) + cl_world_ev_memory(w)
             + (size_t)w->cap_mass * sizeof(double);
  int i;
  for (i = 0; i < 2; i++) n += (size_t)w->pair_room[i] * sizeof(cl_tree_pair);
  n += (size_t)w->pairs_ans_room * sizeof(cl_tree_pair);
  if (w->tree == &w->own_tree) {
    if (w->own_tree.block_owned) n += w->own_tree.block_size;
    n += w->own_tree.own_size;
  }
  return n;
}

int cl_world_kind_of(const void *shape, int kind) {
  if (shape == NULL || kind < 0 || kind > CL_WORLD_HEIGHTFIELD) return 0;
  /* every shape's struct starts with its tag */
  return CL_IS_TRISET(kind) || ((const cl_shape *)shape)->tag == kind;
}

cl_item cl_world_add(cl_world *w, void *shape, int kind, uint32_t *changes) {
  int id;
  if (cl_world_busy(w) != NULL) return CL_BUSY;
  if (!cl_world_kind_of(shape, kind)) return CL_NOT_ITEM;
  id = cl_world_add_item(w, shape, kind, changes);
  return id < 0 ? CL_NOMEM : cl_world_id(w, id);
}

int cl_world_update(cl_world *w, cl_item item, void *shape, int kind,
                    uint32_t *changes) {
  int k;
  if (cl_world_busy(w) != NULL) return CL_BUSY;
  if ((k = cl_world_slot(w, item)) < 0) return CL_NOT_ITEM;
  if (shape != NULL && !cl_world_kind_of(shape, kind)) return CL_NOT_ITEM;
  return cl_world_update_item(w, k, shape, kind, changes) ? 0 : CL_NOMEM;
}

int cl_world_remove(cl_world *w, cl_item item) {
  int k;
  if (cl_world_busy(w) != NULL) return CL_BUSY;
  if ((k = cl_world_slot(w, item)) < 0) return CL_NOT_ITEM;
  cl_world_remove_item(w, k);
  return 0;
}

int cl_world_set_options(cl_world *w, cl_item item, uint32_t layer, uint32_t mask,
                         int is_static) {
  int k;
  if (cl_world_busy(w) != NULL) return CL_BUSY;
  if ((k = cl_world_slot(w, item)) < 0) return CL_NOT_ITEM;
  return cl_world_set_item_options(w, k, layer, mask, is_static) ? 0 : CL_NOMEM;
}

int cl_world_options(const cl_world *w, cl_item item, uint32_t *layer, uint32_t *mask,
                     int *is_static) {
  const cl_world_item *it;
  int k = cl_world_slot(w, item);
  if (k < 0) return CL_NOT_ITEM;
  it = &w->items[k];
  if (layer != NULL) *layer = it->layer;
  if (mask != NULL) *mask = it->mask;
  if (is_static != NULL) *is_static = it->is_static;
  return 0;
}

int cl_world_set_mass(cl_world *w, cl_item id, double mass) {
  int item;
  if (cl_world_busy(w) != NULL) return CL_BUSY;
  if ((item = cl_world_slot(w, id)) < 0) return CL_NOT_ITEM;
  if (!(mass >= 0 && mass <= DBL_MAX)) return CL_BAD_OPTIONS;
  if (cl_world_mass_of(w, item) == mass) return 0;
  if (!cl_world_mass_room(w, w->cap)) return CL_NOMEM;
  w->mass[item] = mass + 0.0;
  w->version++;
  CL_WORLD_RESHAPED(w);                          /* a record's field: snapshots */
  return 0;
}

double cl_world_mass(const cl_world *w, cl_item id) {
  int item = cl_world_slot(w, id);
  return item >= 0 ? cl_world_mass_of(w, item) : 0;
}

int cl_world_mass_room(cl_world *w, int n) {
  int old = w->cap_mass, i;
  void *p;
  if (n <= old) return 1;
  p = w->alloc(w->ud, w->mass, (size_t)old * sizeof(double), (size_t)n * sizeof(double));
  if (p == NULL) return 0;
  w->mass = (double *)p;
  w->cap_mass = n;
  for (i = old; i < n; i++) w->mass[i] = 0;
  return 1;
}

int cl_world_count(const cl_world *w) { return w->count; }

long long cl_world_material(const cl_world *w, cl_item item, long long index) {
  int k = cl_world_slot(w, item);
  if (k < 0 || index < 0) return -1;
  return cl_collider_material(w->items[k].kind, w->items[k].shape, (size_t)index);
}

long long cl_world_material_at(const cl_world *w, int item, const double p[3]) {
  const cl_world_item *it;
  double d, q[3];
  size_t index;
  if (!cl_world_live(w, item)) return -1;
  it = &w->items[item];
  /* a shape has no materials, nor a triangle set whose first triangle has
  ** none (then none has, or it has no triangles) */
  if (!CL_IS_TRISET(it->kind) || cl_collider_material(it->kind, it->shape, 0) < 0) return -1;
  if (!cl_collider_closest(it->kind, it->shape, p, INFINITY, &d, q, &index)) return -1;
  return cl_collider_material(it->kind, it->shape, index);
}

const void *cl_world_shape(const cl_world *w, cl_item item, int *kind) {
  int k = cl_world_slot(w, item);
  if (k < 0) return NULL;
  if (kind != NULL) *kind = w->items[k].kind;
  return w->items[k].shape;
}

/* the items that lost or gained bounds are placed again through the
** call's memory; one that cannot be (out of memory) keeps its place and
** is tried again by the next sync */
int cl_world_sync(cl_world *w) {
  cl_world_scratch *s;
  int n, nm, placed, i;
  if (cl_world_busy(w) != NULL) return CL_BUSY;
  s = cl_world_enter(w, "sync", 0);
  if (s == NULL) return CL_NOMEM;
  n = cl_world_sync_moved(w, s->cands, &nm);
  placed = 0;
  for (i = 0; i < nm; i++) placed += w->items[s->cands[i]].seen == *w->items[s->cands[i]].changes;
  cl_world_leave(w, s);
  return placed < nm ? CL_NOMEM : n;
}

unsigned long long cl_world_version(cl_world *w) {
  if (w->npolled > 0) w->version++;    /* a polled shape may have changed unseen */
  return w->version;
}

void cl_world_moved(cl_world *w, int item) {
  cl_world_item *it = &w->items[item];
  (void)cl_world_update_item(w, item, NULL, 0, NULL);   /* a mover: no memory needed */
  if (it->changes != NULL) it->seen = ++*it->changes;
}
