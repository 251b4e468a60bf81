/*
** world_snapshot.c - saving and restoring a world's state, and its hash
** (include/collide/world.h, "saving and restoring"), for rollback
** netcode: a game saves every frame, restores an older one when a late
** input disagrees with its guess, and replays.
**
** What a snapshot holds is split by how often it changes. The records
** of the items (their ids and the slots' generations, add order, kinds,
** shapes' addresses, user data, options, roles, one-way directions) change when the game adds, removes or
** reconfigures an item, not when items move: they are copied into a
** base, one block counted by its users, which every snapshot taken while
** the records stay as they are shares (the world's struct_id names the
** records' state; CL_WORLD_RESHAPED gives a new number at each change).
** A snapshot's own block holds what moves: the numbers of the shapes of
** the items that are not static, the contacts events remember and the
** events not yet given, the characters' states.
**
** Restoring over the same records writes back the shapes that differ and
** refits them; over other records, first the items whose slots differ
** leave the tree and those of the base come back (a pass over the
** slots), so a restore's cost follows what changed. The tree is not
** part of the state: no answer depends on its layout (answers are in
** sequence order, ties to the earlier added), so it is refitted, not
** copied. The counters the world keeps for its caches (version, the
** events' stamps) only go forward.
*/
#include "fp.h"
#include <stddef.h>
#include <string.h>
#include "dispatch.h"
#include "world_private.h"

/* ---- the records, shared ---- */

typedef struct cl_world_base {
  long refs;                 /* the world's and each snapshot's */
  unsigned long long id;     /* the world's struct_id when it was made */
  cl_alloc_fn alloc;
  void *ud;
  size_t bytes;              /* of its block */
  cl_world_item *items;
  int nitems, first, last, free_head, count;
  int nmeshes, nmovable, npolled, nsensors, nevents;
  long long counter;
  int *one_way_of;           /* each slot's one-way entry, NULL when the
                             ** world kept no such records */
  cl_world_dir *dirs;        /* the one-way entries */
  double *mass;              /* each slot's mass, NULL when the world kept
                             ** no masses */
  int none_way, free_one_way;
  int *movers;               /* the items not static (shapes, not triangle
                             ** sets), by slot, and where each one's numbers */
  size_t *offs;              /* lie in a snapshot's state */
  int nmovers;
  size_t state_bytes;
  int *trisets;              /* the meshes and heightfields with a change counter */
  int ntrisets;
  int *statics;              /* the static shapes, by slot, and their numbers */
  size_t *soffs;             /* (static_state + soffs[k]): a move of a static */
  unsigned char *static_state; /* item makes new records */
  int nstatics;
  int hashed;                /* hash: of the records and the static shapes */
  unsigned long long hash;
} cl_world_base;

struct cl_snapshot {
  const cl_world *w;
  cl_alloc_fn alloc;
  void *ud;
  size_t bytes;
  cl_world_base *base;
  unsigned char *state;      /* the movers' numbers (base->offs) */
  uint32_t *tri_changes;     /* the triangle sets' counters */
  cl_world_contact *contacts; /* the pool, ncext records (free ones too) */
  int ncext, ncontacts, free_contact;
  cl_world_event *pending;
  long long npending;
  int *evdirty;
  int nevdirty;
  cl_character **chars;
  size_t *char_off;          /* each character's bytes in char_data */
  unsigned char *char_data;
  int nchars;
};

static size_t align8(size_t n) { return (n + 7) / 8 * 8; }

/* carves n bytes from the block at *at */
static void *carve(unsigned char *block, size_t *at, size_t n) {
  void *p = block + *at;
  *at += align8(n);
  return p;
}

static void base_unref(cl_world_base *b) {
  if (b != NULL && --b->refs == 0) b->alloc(b->ud, b, b->bytes, 0);
}

void cl_world_base_release(cl_world *w) {
  base_unref(w->base);
  w->base = NULL;
}

static int is_mover(const cl_world_item *it) {
  return it->kind >= 0 && !it->is_static && !CL_IS_TRISET(it->kind);
}

static int is_static_shape(const cl_world_item *it) {
  return it->kind >= 0 && it->is_static && !CL_IS_TRISET(it->kind);
}

static size_t shape_state(const cl_world_item *it, size_t *off) {
  return cl_shape_state(it->kind, off);
}

/* the records of w as they are, in a new base (refs 1); NULL when out of
** memory */
static cl_world_base *make_base(cl_world *w) {
  int i, nm = 0, nt = 0, ns = 0, evr = w->evrec != NULL, hm = w->mass != NULL;
  size_t bytes, at = 0, state = 0, sstate = 0;
  unsigned char *block;
  cl_world_base *b;
  for (i = 0; i < w->nitems; i++) {
    const cl_world_item *it = &w->items[i];
    nm += is_mover(it);
    nt += it->kind >= 0 && CL_IS_TRISET(it->kind) && it->changes != NULL;
    if (is_static_shape(it)) {
      size_t off;
      ns++;
      sstate += align8(shape_state(it, &off));
    }
  }
  bytes = align8(sizeof *b) + align8((size_t)w->nitems * sizeof *w->items)
          + (evr ? align8((size_t)w->nitems * sizeof(int)) : 0)
          + (hm ? align8((size_t)w->nitems * sizeof(double)) : 0)
          + align8((size_t)w->none_way * sizeof(cl_world_dir))
          + align8((size_t)nm * sizeof(int)) + align8((size_t)nm * sizeof(size_t))
          + align8((size_t)nt * sizeof(int)) + align8((size_t)ns * sizeof(int))
          + align8((size_t)ns * sizeof(size_t)) + sstate;
  block = (unsigned char *)w->alloc(w->ud, NULL, 0, bytes);
  if (block == NULL) return NULL;
  b = (cl_world_base *)carve(block, &at, sizeof *b);
  memset(b, 0, sizeof *b);
  b->refs = 1;
  b->id = w->struct_id;
  b->alloc = w->alloc;
  b->ud = w->ud;
  b->bytes = bytes;
  b->items = (cl_world_item *)carve(block, &at, (size_t)w->nitems * sizeof *w->items);
  if (w->nitems > 0) memcpy(b->items, w->items, (size_t)w->nitems * sizeof *w->items);
  b->one_way_of = evr ? (int *)carve(block, &at, (size_t)w->nitems * sizeof(int)) : NULL;
  b->mass = hm ? (double *)carve(block, &at, (size_t)w->nitems * sizeof(double)) : NULL;
  b->dirs = (cl_world_dir *)carve(block, &at, (size_t)w->none_way * sizeof(cl_world_dir));
  if (w->none_way > 0) memcpy(b->dirs, w->one_way, (size_t)w->none_way * sizeof(cl_world_dir));
  b->movers = (int *)carve(block, &at, (size_t)nm * sizeof(int));
  b->offs = (size_t *)carve(block, &at, (size_t)nm * sizeof(size_t));
  b->trisets = (int *)carve(block, &at, (size_t)nt * sizeof(int));
  b->statics = (int *)carve(block, &at, (size_t)ns * sizeof(int));
  b->soffs = (size_t *)carve(block, &at, (size_t)ns * sizeof(size_t));
  b->static_state = block + at;
  sstate = 0;
  b->nitems = w->nitems;
  b->first = w->first;
  b->last = w->last;
  b->free_head = w->free_head;
  b->count = w->count;
  b->nmeshes = w->nmeshes;
  b->nmovable = w->nmovable;
  b->npolled = w->npolled;
  b->nsensors = w->nsensors;
  b->nevents = w->nevents;
  b->counter = w->counter;
  b->none_way = w->none_way;
  b->free_one_way = w->free_one_way;
  for (i = 0; i < w->nitems; i++) {
    const cl_world_item *it = &w->items[i];
    if (evr) b->one_way_of[i] = w->evrec[i].one_way;
    if (hm) b->mass[i] = cl_world_mass_of(w, i);
    if (is_mover(it)) {
      size_t off;
      b->movers[b->nmovers] = i;
      b->offs[b->nmovers++] = state;
      state += align8(shape_state(it, &off));
    } else if (it->kind >= 0 && CL_IS_TRISET(it->kind) && it->changes != NULL) {
      b->trisets[b->ntrisets++] = i;
    } else if (is_static_shape(it)) {
      size_t off, n = shape_state(it, &off);
      b->statics[b->nstatics] = i;
      b->soffs[b->nstatics++] = sstate;
      memcpy(b->static_state + sstate, (const unsigned char *)it->shape + off, n);
      sstate += align8(n);
    }
  }
  b->state_bytes = state;
  return b;
}

/* the world's base for its records as they are (made when they changed
** since the last); NULL when out of memory */
static cl_world_base *current_base(cl_world *w) {
  cl_world_base *b;
  if (w->base != NULL && w->base->id == w->struct_id) return w->base;
  b = make_base(w);
  if (b == NULL) return NULL;
  base_unref(w->base);
  w->base = b;
  return b;
}

/* the records of the contacts' pool in use or free: its live ones and
** its free list */
static int contact_extent(const cl_world *w) {
  int n = w->ncontacts, ci;
  for (ci = w->free_contact; ci >= 0; ci = w->contacts[ci].next[0]) n++;
  return n;
}

/* ---- snapshot ---- */

int cl_world_snapshot(cl_world *w, cl_character *const *chars, int nchars,
                      cl_snapshot **out) {
  cl_world_base *b;
  cl_snapshot *s;
  unsigned char *block;
  size_t bytes, at = 0, cbytes = 0;
  int i, ncext;
  *out = NULL;
  if (cl_world_busy(w) != NULL) return CL_BUSY;
  if (nchars < 0) nchars = 0;
  for (i = 0; i < nchars; i++) {
    if (cl_character_world(chars[i]) != w) return CL_OTHER_WORLD;
    cbytes += align8(cl_character_saved_size(chars[i]));
  }
  b = current_base(w);
  if (b == NULL) return CL_NOMEM;
  ncext = w->contacts != NULL ? contact_extent(w) : 0;
  bytes = align8(sizeof *s) + align8(b->state_bytes)
          + align8((size_t)b->ntrisets * sizeof(uint32_t))
          + align8((size_t)ncext * sizeof(cl_world_contact))
          + align8((size_t)w->npending * sizeof(cl_world_event))
          + align8((size_t)w->nevdirty * sizeof(int))
          + align8((size_t)nchars * sizeof(cl_character *))
          + align8((size_t)nchars * sizeof(size_t)) + cbytes;
  block = (unsigned char *)w->alloc(w->ud, NULL, 0, bytes);
  if (block == NULL) return CL_NOMEM;
  s = (cl_snapshot *)carve(block, &at, sizeof *s);
  memset(s, 0, sizeof *s);
  s->w = w;
  s->alloc = w->alloc;
  s->ud = w->ud;
  s->bytes = bytes;
  s->base = b;
  b->refs++;
  s->state = (unsigned char *)carve(block, &at, b->state_bytes);
  for (i = 0; i < b->nmovers; i++) {
    const cl_world_item *it = &w->items[b->movers[i]];
    size_t off, n = shape_state(it, &off);
    memcpy(s->state + b->offs[i], (const unsigned char *)it->shape + off, n);
  }
  s->tri_changes = (uint32_t *)carve(block, &at, (size_t)b->ntrisets * sizeof(uint32_t));
  for (i = 0; i < b->ntrisets; i++) s->tri_changes[i] = *w->items[b->trisets[i]].changes;
  s->contacts = (cl_world_contact *)carve(block, &at, (size_t)ncext * sizeof(cl_world_contact));
  if (ncext > 0) memcpy(s->contacts, w->contacts, (size_t)ncext * sizeof(cl_world_contact));
  s->ncext = ncext;
  s->ncontacts = w->ncontacts;
  s->free_contact = w->free_contact;
  s->pending = (cl_world_event *)carve(block, &at, (size_t)w->npending * sizeof(cl_world_event));
  if (w->npending > 0) memcpy(s->pending, w->pending, (size_t)w->npending * sizeof(cl_world_event));
  s->npending = w->npending;
  s->evdirty = (int *)carve(block, &at, (size_t)w->nevdirty * sizeof(int));
  if (w->nevdirty > 0) memcpy(s->evdirty, w->evdirty, (size_t)w->nevdirty * sizeof(int));
  s->nevdirty = w->nevdirty;
  s->chars = (cl_character **)carve(block, &at, (size_t)nchars * sizeof(cl_character *));
  s->char_off = (size_t *)carve(block, &at, (size_t)nchars * sizeof(size_t));
  s->char_data = block + at;
  s->nchars = nchars;
  for (i = 0, cbytes = 0; i < nchars; i++) {
    s->chars[i] = chars[i];
    s->char_off[i] = cbytes;
    cl_character_save_to(chars[i], s->char_data + cbytes);
    cbytes += align8(cl_character_saved_size(chars[i]));
  }
  *out = s;
  return 0;
}

size_t cl_snapshot_memory(const cl_snapshot *s) { return s->bytes; }
size_t cl_snapshot_shared(const cl_snapshot *s) { return s->base->bytes; }
int cl_snapshot_count(const cl_snapshot *s) { return s->base->count; }

void cl_snapshot_delete(cl_snapshot *s) {
  if (s == NULL) return;
  base_unref(s->base);
  s->alloc(s->ud, s, s->bytes, 0);
}

/* ---- restore ---- */

/* the slot i of w and of the base hold the same item with the same
** shape: it stays where it is in the tree */
static int same_item(const cl_world *w, const cl_world_base *b, int i) {
  const cl_world_item *x, *y;
  if (i >= w->nitems || i >= b->nitems) return 0;
  x = &w->items[i];
  y = &b->items[i];
  return x->kind >= 0 && y->kind >= 0 && x->seq == y->seq && x->shape == y->shape
         && x->kind == y->kind && x->changes == y->changes;
}

static int live_in(const cl_world_item *items, int n, int i) {
  return i < n && items[i].kind >= 0;
}

/* the tree leaves a restore of s may take: one for each item coming back
** and for each mover without bounds now (a ray given an end: an item
** takes one leaf at most) */
static int restore_inserts(const cl_world *w, const cl_snapshot *s) {
  const cl_world_base *b = s->base;
  int i, n = 0, top = w->nitems > b->nitems ? w->nitems : b->nitems;
  if (b->id != w->struct_id) {
    for (i = 0; i < top; i++) n += !same_item(w, b, i) && live_in(b->items, b->nitems, i);
    for (i = 0; i < b->nstatics; i++) {
      int id = b->statics[i];
      n += same_item(w, b, id) && w->items[id].proxy < 0;
    }
  }
  for (i = 0; i < b->nmovers; i++) {
    int id = b->movers[i];
    n += same_item(w, b, id) && w->items[id].proxy < 0;
  }
  return n;
}

int cl_world_restore_leaves(const cl_world *w, const cl_snapshot *s) {
  if (s->w != w) return w->tree->count;
  return w->tree->count + restore_inserts(w, s);
}

/* room in the tree for n more leaves: taken by inserts of empty boxes,
** then freed (the tree's own allocator grows it; a tree whose caller
** gives it leaves has them, or the restore cannot run); 0 when out of
** memory, the tree holding the same leaves */
static int tree_room(cl_tree *t, int n) {
  static const cl_aabb none = {CL_AABB, {0, 0, 0}, {0, 0, 0}};
  int k, got = 0;
  if (t->capacity - t->count >= n) return 1;
  /* the proxies are kept in the leaves' ids themselves: each insert's id
  ** is the proxy before it (-1 first), a chain freed from the last */
  for (k = 0; k < n; k++) {
    int p = cl_tree_insert(t, &none, (long long)got - 1);
    if (p < 0) break;
    got = p + 1;
  }
  while (got > 0) {
    int p = got - 1;
    got = (int)t->leaves[p].id + 1;
    cl_tree_remove(t, p);
  }
  return k == n;
}

/* every room the restore of s takes, made before anything changes; 0
** when out of memory (what was made is kept: the world is the same) */
static int restore_rooms(cl_world *w, const cl_snapshot *s) {
  const cl_world_base *b = s->base;
  int need = b->count > w->count ? b->count : w->count, i;
  long long pend;
  void *p;
  if (b->nitems > w->cap) {
    int cap = w->cap;
    if (!cl_world_ev_grow_int(w, (void **)&w->items, &cap, b->nitems, sizeof *w->items))
      return 0;
    w->cap = cap;
  }
  if ((w->evrec != NULL || b->one_way_of != NULL || b->nsensors + b->nevents > 0 || s->ncext > 0
       || s->nevdirty > 0)
      && !cl_world_ev_records(w))
    return 0;
  if (!cl_world_ev_grow_int(w, (void **)&w->evdirty, &w->cap_evdirty,
                            b->nsensors + b->nevents > 0 ? w->cap : s->nevdirty, sizeof(int))
      || !cl_world_ev_grow_int(w, (void **)&w->contacts, &w->cap_contacts, s->ncext,
                               sizeof(cl_world_contact))
      || !cl_world_ev_grow_int(w, (void **)&w->one_way, &w->cap_one_way, b->none_way,
                               sizeof(cl_world_dir))
      || !cl_world_ev_grow_int(w, (void **)&w->unbounded, &w->cap_unbounded, need, sizeof(int))
      || !cl_world_ev_grow_int(w, (void **)&w->watched, &w->cap_watched, need, sizeof(int)))
    return 0;
  /* the pending events and room for one more per contact */
  pend = s->npending + s->ncontacts;
  if (pend > w->cap_pending) {
    p = w->alloc(w->ud, w->pending, (size_t)w->cap_pending * sizeof(cl_world_event),
                 (size_t)pend * sizeof(cl_world_event));
    if (p == NULL) return 0;
    w->pending = (cl_world_event *)p;
    w->cap_pending = pend;
  }
  if (b->mass != NULL && !cl_world_mass_room(w, b->nitems)) return 0;
  for (i = 0; i < s->nchars; i++)
    if (!cl_character_load_room(s->chars[i], s->char_data + s->char_off[i])) return 0;
  return tree_room(w->tree, restore_inserts(w, s));
}

/* the item's shape given the numbers at src when it has others: written
** in place and refitted, its change counter moved */
static void write_back(cl_world *w, int id, const unsigned char *src) {
  cl_world_item *it = &w->items[id];
  size_t off, n = shape_state(it, &off);
  unsigned char *at = (unsigned char *)(void *)it->shape + off;
  cl_aabb box;
  if (memcmp(at, src, n) == 0) return;
  memcpy(at, src, n);
  /* a leaf that goes back where it was grows to hold both places: no
  ** reinsertion (bounds gained or lost: placed again) */
  if (it->proxy >= 0 && cl_collider_bounds(it->kind, it->shape, &box))
    (void)cl_tree_grow(w->tree, it->proxy, &box);
  else
    (void)cl_world_update_item(w, id, NULL, 0, NULL);   /* (rooms made) */
  if (it->changes != NULL) it->seen = ++*it->changes;
}

/* the records of the base back: the items whose slots differ leave, the
** base's come back (told to fn after, by the caller) */
static void restore_records(cl_world *w, cl_world_base *b) {
  int i, top = w->nitems > b->nitems ? w->nitems : b->nitems;
  for (i = 0; i < top; i++)
    if (live_in(w->items, w->nitems, i) && !same_item(w, b, i)) cl_world_unplace(w, i);
  for (i = 0; i < b->nitems; i++) {
    cl_world_item *it = &w->items[i];
    int same = same_item(w, b, i);
    int proxy = same ? it->proxy : -1, watch = same ? it->watch : -1;
    uint32_t seen = it->seen;
    *it = b->items[i];
    it->proxy = proxy;
    it->watch = watch;
    if (same) {
      it->seen = seen;
      cl_world_rewatch(w, i);                   /* static or not, as then */
    } else if (it->kind >= 0) {
      it->seen = it->changes != NULL ? *it->changes : 0;
      (void)cl_world_replace(w, i);             /* (rooms made) */
    }
  }
  /* the static shapes moved since (their moves made new records) */
  for (i = 0; i < b->nstatics; i++) write_back(w, b->statics[i], b->static_state + b->soffs[i]);
  w->nitems = b->nitems;
  w->first = b->first;
  w->last = b->last;
  w->free_head = b->free_head;
  w->count = b->count;
  w->counter = b->counter;
  w->nmeshes = b->nmeshes;
  w->nmovable = b->nmovable;
  w->npolled = b->npolled;
  w->nsensors = b->nsensors;
  w->nevents = b->nevents;
  if (b->none_way > 0) memcpy(w->one_way, b->dirs, (size_t)b->none_way * sizeof(cl_world_dir));
  w->none_way = b->none_way;
  w->free_one_way = b->free_one_way;
  if (w->evrec != NULL)
    for (i = 0; i < w->cap_evrec; i++)
      w->evrec[i].one_way = b->one_way_of != NULL && i < b->nitems ? b->one_way_of[i] : -1;
  for (i = 0; i < w->cap_mass; i++) w->mass[i] = b->mass != NULL && i < b->nitems ? b->mass[i] : 0;
  w->struct_id = b->id;
  if (w->base != b) {
    b->refs++;
    base_unref(w->base);
    w->base = b;
  }
}

/* the shapes of the items not static as they were: those that differ
** written back and refitted, their change counters moved */
static void restore_shapes(cl_world *w, const cl_snapshot *s) {
  const cl_world_base *b = s->base;
  int i;
  for (i = 0; i < b->nmovers; i++) write_back(w, b->movers[i], s->state + b->offs[i]);
}

/* the contacts, pending events and changed items as they were */
static void restore_events(cl_world *w, const cl_snapshot *s) {
  int i, ci, k, ncext = w->contacts != NULL ? contact_extent(w) : 0;
  if (w->evrec == NULL) return;                     /* (none then nor now) */
  for (ci = 0; ci < ncext; ci++) {
    const cl_world_contact *c = &w->contacts[ci];
    if (c->item[0] < 0) continue;
    w->evrec[c->item[0]].contacts = -1;
    w->evrec[c->item[1]].contacts = -1;
  }
  for (i = 0; i < w->nevdirty; i++) w->evrec[w->evdirty[i]].evpos = -1;
  if (s->ncext > 0) memcpy(w->contacts, s->contacts, (size_t)s->ncext * sizeof(cl_world_contact));
  w->ncontacts = s->ncontacts;
  w->free_contact = s->free_contact;
  for (ci = 0; ci < s->ncext; ci++) {
    const cl_world_contact *c = &w->contacts[ci];
    if (c->item[0] < 0) continue;
    for (k = 0; k < 2; k++)
      if (c->prev[k] < 0) w->evrec[c->item[k]].contacts = ci;
  }
  if (s->npending > 0) memcpy(w->pending, s->pending, (size_t)s->npending * sizeof(cl_world_event));
  w->npending = s->npending;
  if (s->nevdirty > 0) memcpy(w->evdirty, s->evdirty, (size_t)s->nevdirty * sizeof(int));
  w->nevdirty = s->nevdirty;
  for (i = 0; i < w->nevdirty; i++) w->evrec[w->evdirty[i]].evpos = i;
}

int cl_world_restore_each(cl_world *w, const cl_snapshot *s, cl_world_each_restored fn,
                          void *ud) {
  cl_world_base *b = s->base;
  int i, reshape, top;
  if (cl_world_busy(w) != NULL) return CL_BUSY;
  if (s->w != w) return CL_OTHER_WORLD;
  for (i = 0; i < b->ntrisets; i++)
    if (*b->items[b->trisets[i]].changes != s->tri_changes[i]) return CL_CHANGED;
  if (!restore_rooms(w, s)) return CL_NOMEM;
  reshape = b->id != w->struct_id;
  top = w->nitems > b->nitems ? w->nitems : b->nitems;
  if (reshape) {
    if (fn != NULL)
      for (i = 0; i < top; i++) {
        if (same_item(w, b, i)) continue;
        if (live_in(w->items, w->nitems, i)) fn(ud, cl_world_id(w, i), 1);
        if (live_in(b->items, b->nitems, i)) fn(ud, (cl_item)b->items[i].gen << 32 | i, 0);
      }
    restore_records(w, b);
  }
  restore_shapes(w, s);
  restore_events(w, s);
  for (i = 0; i < s->nchars; i++) cl_character_load_from(s->chars[i], s->char_data + s->char_off[i]);
  w->version++;
  w->geo_version++;
  w->tree_pairs_valid = 0;
  w->pairs_kept = -1;
  return 0;
}

int cl_world_restore(cl_world *w, const cl_snapshot *s) {
  return cl_world_restore_each(w, s, NULL, NULL);
}

/* ---- hash ---- */

unsigned long long cl_hash_bytes(unsigned long long h, const void *p, size_t n) {
  const unsigned char *c = (const unsigned char *)p;
  size_t i;
  for (i = 0; i + 4 <= n; i += 4)
    h = cl_hash_step(h, (uint32_t)c[i] | (uint32_t)c[i + 1] << 8 | (uint32_t)c[i + 2] << 16
                            | (uint32_t)c[i + 3] << 24);
  for (; i < n; i++) h = cl_hash_step(h, c[i]);
  return h;
}

static unsigned long long hash_ll(unsigned long long h, long long x) {
  return cl_hash_step(cl_hash_step(h, (uint32_t)x), (uint32_t)((unsigned long long)x >> 32));
}

/* the records and the static shapes: the ids, add order (the free slots'
** order and generations too: the ids the next adds take), options,
** roles, directions */
static unsigned long long hash_records(const cl_world *w) {
  unsigned long long h = 0xcbf29ce484222325ULL;
  int i;
  h = cl_hash_step(h, (uint32_t)w->nitems);
  h = hash_ll(h, w->counter);
  h = cl_hash_step(cl_hash_step(h, (uint32_t)w->free_head), (uint32_t)w->first);
  for (i = 0; i < w->nitems; i++) {
    const cl_world_item *it = &w->items[i];
    h = cl_hash_step(h, it->gen);
    if (it->kind < 0) {
      h = cl_hash_step(h, (uint32_t)it->prev);
      continue;
    }
    h = hash_ll(h, it->seq);
    h = cl_hash_step(cl_hash_step(h, (uint32_t)it->kind), (uint32_t)it->next);
    h = cl_hash_step(cl_hash_step(h, it->layer), it->mask);
    h = cl_hash_step(h, (uint32_t)(it->is_static | it->role << 1));
    if (cl_world_mass_of(w, i) != 0)
      h = cl_hash_bytes(cl_hash_step(h, 0x6d617373u), &w->mass[i], sizeof(double));
    if (w->evrec != NULL && w->evrec[i].one_way >= 0)
      h = cl_hash_bytes(h, w->one_way[w->evrec[i].one_way].n, 3 * sizeof(double));
    if (it->is_static && !CL_IS_TRISET(it->kind)) {
      size_t off, n = shape_state(it, &off);
      h = cl_hash_bytes(h, (const unsigned char *)it->shape + off, n);
    }
  }
  return h;
}

/* a commutative hash of a set's member (added up) */
static unsigned long long member(long long a, long long b, int type) {
  return hash_ll(hash_ll(cl_hash_step(0x84222325cbf29ce4ULL, (uint32_t)type), a), b);
}

unsigned long long cl_world_hash(cl_world *w, cl_character *const *chars, int nchars) {
  unsigned long long h, set = 0;
  cl_world_base *b = current_base(w);
  int i, ci, ncext = w->contacts != NULL ? contact_extent(w) : 0;
  long long e;
  if (b != NULL && b->hashed) {
    h = b->hash;
  } else {
    h = hash_records(w);
    if (b != NULL) {
      b->hash = h;
      b->hashed = 1;
    }
  }
  /* the shapes that move, in slot order (out of memory for the base:
  ** found among every item) */
  for (i = 0; i < (b != NULL ? b->nmovers : w->nitems); i++) {
    const cl_world_item *it = &w->items[b != NULL ? b->movers[i] : i];
    size_t off, n;
    if (!is_mover(it)) continue;
    n = shape_state(it, &off);
    h = cl_hash_bytes(h, (const unsigned char *)it->shape + off, n);
  }
  for (ci = 0; ci < ncext; ci++) {
    const cl_world_contact *c = &w->contacts[ci];
    if (c->item[0] < 0) continue;
    set += member(w->items[c->item[0]].seq, w->items[c->item[1]].seq, c->type);
  }
  for (e = 0; e < w->npending; e++)
    set += member(w->pending[e].seq_a, w->pending[e].seq_b, 8 + w->pending[e].type);
  for (i = 0; i < w->nevdirty; i++) set += member(w->items[w->evdirty[i]].seq, 0, 16);
  h = hash_ll(h, (long long)set);
  for (i = 0; i < nchars; i++) h = cl_character_hash_into(chars[i], h);
  return h & ((1ULL << 53) - 1);
}
