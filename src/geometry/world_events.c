/*
** world_events.c - sensors and contact events of the world
** (include/collide/world.h), and the records per item they keep, which
** hold one-way items' slots too (world_oneway.c).
**
** Pull-based, as Box2D v3's sensor and contact events: nothing is found
** while items move; cl_world_events looks at the items changed since its
** last call (a list the world keeps as items are added, moved, updated,
** refitted or given other options) and compares what each one meets now
** with the contacts it had, so its cost follows the items that changed and
** the events, not the size of the world: an idle call finds an empty list.
**
** A contact is a record in a pool, threaded on the lists of both its
** items. Looking at an item: the partners of its contacts are marked, the
** tree is asked for what its bounds meet, each candidate that may meet it
** (roles, layers and masks) is tested exactly (cl_collider_intersects, as
** collide.intersects answers), a marked one confirms its contact, an
** unmarked one makes a new contact (enter or begin), and the contacts left
** unconfirmed end (exit or end). Two changed items that meet are looked at
** twice: the second finds the contact the first made.
**
** Removing an item ends its contacts at once (the events wait for the next
** call). So that a removal never allocates, the pending events always have
** room for one more per contact; and while any item has a role, the list
** of changed items has room for every item.
*/
#include "fp.h"
#include <math.h>
#include <string.h>
#include "world_private.h"

/* ---- memory ---- */

/* *p (cap elements of sz) grown to hold need elements; 0 when out of
** memory (as it was) */
static int ev_grow(cl_world *w, void **p, long long *cap, long long need, size_t sz) {
  long long ncap;
  void *np;
  if (need <= *cap) return 1;
  ncap = *cap < 8 ? 8 : *cap;
  while (ncap < need) ncap += ncap / 2;
  if ((unsigned long long)ncap > (size_t)-1 / sz) return 0;
  np = w->alloc(w->ud, *p, (size_t)*cap * sz, (size_t)ncap * sz);
  if (np == NULL) return 0;
  *p = np;
  *cap = ncap;
  return 1;
}

int cl_world_ev_grow_int(cl_world *w, void **p, int *cap, long long need, size_t sz) {
  long long c = *cap;
  if (need > (1 << 29)) return 0;
  if (!ev_grow(w, p, &c, need, sz)) return 0;
  *cap = (int)c;
  return 1;
}

static int roles_set(const cl_world *w) { return w->nsensors + w->nevents > 0; }

int cl_world_ev_records(cl_world *w) {
  int i, old = w->cap_evrec;
  void *p;
  if (w->cap_evrec >= w->cap) return 1;
  p = w->alloc(w->ud, w->evrec, (size_t)w->cap_evrec * sizeof(cl_world_evrec),
               (size_t)w->cap * sizeof(cl_world_evrec));
  if (p == NULL) return 0;
  w->evrec = (cl_world_evrec *)p;
  w->cap_evrec = w->cap;
  for (i = old; i < w->cap_evrec; i++) {
    cl_world_evrec *e = &w->evrec[i];
    e->contacts = e->evpos = e->ev_contact = e->one_way = -1;
    e->ev_mark = 0;
  }
  return 1;
}

int cl_world_ev_room(cl_world *w, int cap) {
  if (w->evrec != NULL && !cl_world_ev_records(w)) return 0;
  if (!roles_set(w)) return 1;
  return cl_world_ev_grow_int(w, (void **)&w->evdirty, &w->cap_evdirty, cap, sizeof(int));
}

void cl_world_ev_new(cl_world *w, int id) {
  if (w->evrec != NULL) {
    cl_world_evrec *e = &w->evrec[id];
    e->contacts = e->evpos = e->ev_contact = e->one_way = -1;
    e->ev_mark = 0;
  }
}

void cl_world_ev_free(cl_world *w) {
  if (w->evdirty) w->alloc(w->ud, w->evdirty, (size_t)w->cap_evdirty * sizeof(int), 0);
  if (w->contacts)
    w->alloc(w->ud, w->contacts, (size_t)w->cap_contacts * sizeof(cl_world_contact), 0);
  if (w->pending)
    w->alloc(w->ud, w->pending, (size_t)w->cap_pending * sizeof(cl_world_event), 0);
  if (w->one_way) w->alloc(w->ud, w->one_way, (size_t)w->cap_one_way * sizeof(cl_world_dir), 0);
  if (w->evrec)
    w->alloc(w->ud, w->evrec, (size_t)w->cap_evrec * sizeof(cl_world_evrec), 0);
  w->evrec = NULL;
  w->cap_evrec = 0;
  w->evdirty = NULL;
  w->contacts = NULL;
  w->pending = NULL;
  w->one_way = NULL;
  w->nevdirty = w->cap_evdirty = w->ncontacts = w->cap_contacts = 0;
  w->npending = w->cap_pending = 0;
  w->none_way = w->cap_one_way = 0;
  w->free_one_way = w->free_contact = -1;
}

size_t cl_world_ev_memory(const cl_world *w) {
  return (size_t)w->cap_evdirty * sizeof(int)
         + (size_t)w->cap_contacts * sizeof(cl_world_contact)
         + (size_t)w->cap_pending * sizeof(cl_world_event)
         + (size_t)w->cap_one_way * sizeof(cl_world_dir)
         + (size_t)w->cap_evrec * sizeof(cl_world_evrec);
}

/* ---- the list of changed items ---- */

static void touch(cl_world *w, int id) {
  cl_world_evrec *it = &w->evrec[id];
  if (it->evpos >= 0) return;
  it->evpos = w->nevdirty;
  w->evdirty[w->nevdirty++] = id;
}

void cl_world_ev_touch(cl_world *w, int id) {
  if (roles_set(w)) touch(w, id);
}

static void untouch(cl_world *w, int id) {
  cl_world_evrec *it = &w->evrec[id];
  int last;
  if (it->evpos < 0) return;
  last = w->evdirty[--w->nevdirty];
  w->evdirty[it->evpos] = last;
  w->evrec[last].evpos = it->evpos;
  it->evpos = -1;
}

/* ---- contacts ---- */

static int side(const cl_world_contact *c, int id) { return c->item[0] == id ? 0 : 1; }

static void unlink_side(cl_world *w, int ci, int k) {
  cl_world_contact *c = &w->contacts[ci];
  int id = c->item[k];
  if (c->prev[k] >= 0) {
    cl_world_contact *p = &w->contacts[c->prev[k]];
    p->next[side(p, id)] = c->next[k];
  } else {
    w->evrec[id].contacts = c->next[k];
  }
  if (c->next[k] >= 0) {
    cl_world_contact *n = &w->contacts[c->next[k]];
    n->prev[side(n, id)] = c->prev[k];
  }
}

static void link_side(cl_world *w, int ci, int k) {
  cl_world_contact *c = &w->contacts[ci];
  int id = c->item[k], head = w->evrec[id].contacts;
  c->prev[k] = -1;
  c->next[k] = head;
  if (head >= 0) {
    cl_world_contact *h = &w->contacts[head];
    h->prev[side(h, id)] = ci;
  }
  w->evrec[id].contacts = ci;
}

static void pend(cl_world *w, int type, int a, int b) {
  cl_world_event *e = &w->pending[w->npending++];
  e->type = type;
  e->a = cl_world_id(w, a);                /* (a removed item's before it goes) */
  e->b = cl_world_id(w, b);
  e->seq_a = w->items[a].seq;
  e->seq_b = w->items[b].seq;
}

/* the contact ended: its exit or end pending, the record freed */
static void end_contact(cl_world *w, int ci) {
  cl_world_contact *c = &w->contacts[ci];
  pend(w, c->type == CL_WORLD_ENTER ? CL_WORLD_EXIT : CL_WORLD_END, c->item[0], c->item[1]);
  unlink_side(w, ci, 0);
  unlink_side(w, ci, 1);
  c->item[0] = c->item[1] = -1;
  c->next[0] = w->free_contact;
  w->free_contact = ci;
  w->ncontacts--;
}

/* a new contact (room made before), its enter or begin pending */
static int new_contact(cl_world *w, int type, int a, int b, unsigned stamp) {
  int ci;
  cl_world_contact *c;
  if (w->free_contact >= 0) {
    ci = w->free_contact;
    w->free_contact = w->contacts[ci].next[0];
  } else {
    ci = w->ncontacts;                 /* no free record: every one is in use */
  }
  c = &w->contacts[ci];
  c->item[0] = a;
  c->item[1] = b;
  c->type = type;
  c->stamp = stamp;
  link_side(w, ci, 0);
  link_side(w, ci, 1);
  w->ncontacts++;
  pend(w, type, a, b);
  return ci;
}

void cl_world_ev_remove(cl_world *w, int id) {
  if (w->evrec == NULL) return;
  untouch(w, id);
  while (w->evrec[id].contacts >= 0) end_contact(w, w->evrec[id].contacts);
}

/* ---- looking at one item ---- */

/* how x and y meet when their shapes intersect: CL_WORLD_ENTER (*first
** the sensor), CL_WORLD_BEGIN (*first the one added first), or 0 */
static int relation(const cl_world *w, int x, int y, int *first) {
  const cl_world_item *a = &w->items[x], *b = &w->items[y];
  int sa = cl_world_is_sensor(a), sb = cl_world_is_sensor(b);
  if (sa && sb) return 0;
  if (sa || sb) {
    if (!cl_world_meets(w, x, y)) return 0;
    *first = sa ? x : y;
    return CL_WORLD_ENTER;
  }
  if (!((a->role | b->role) & CL_WORLD_EVENTS) || !cl_world_pairable(w, x, y)) return 0;
  *first = a->seq < b->seq ? x : y;
  return CL_WORLD_BEGIN;
}

/* the ids of the items whose tree boxes meet item id's shape (its bounds;
** a ray's cast, a plane's own query of the tree when it has none), then
** the items without bounds, into s->cands; their number */
static int candidates(cl_world *w, cl_world_scratch *s, int id) {
  const cl_world_item *it = &w->items[id];
  const cl_tree_entry *e = NULL;
  cl_aabb box;
  int n = 0, i, k = 0;
  if (it->proxy >= 0) {
    cl_tree_fat(w->tree, it->proxy, &box);
    box.tag = CL_AABB;
    n = cl_tree_query(w->tree, (const cl_shape *)&box, &s->tree, &e);
  } else if (it->kind == CL_RAY) {
    n = cl_tree_raycast_all(w->tree, &cl_world_shape_of(it)->ray, &s->tree, &e);
  } else if (!CL_IS_TRISET(it->kind)) {
    n = cl_tree_query(w->tree, cl_world_shape_of(it), &s->tree, &e);
  }
  for (i = 0; i < n; i++) s->cands[k++] = (int)w->tree->leaves[e[i].node].stamp;
  for (i = 0; i < w->nunbounded; i++) s->cands[k++] = w->unbounded[i];
  return k;
}

static unsigned next_stamp(cl_world *w) {
  if (++w->ev_stamp == 0) {            /* wrapped: forget every old mark */
    int i;
    for (i = 0; i < w->nitems; i++) w->evrec[i].ev_mark = 0;
    for (i = 0; i < w->cap_contacts; i++) w->contacts[i].stamp = 0;
    w->ev_stamp = 1;
  }
  return w->ev_stamp;
}

/* what item id meets now against its contacts: the new ones made, the
** lost ones ended; 0 when out of memory (nothing changed) */
static int look_at(cl_world *w, cl_world_scratch *s, int id) {
  cl_world_item *it = &w->items[id];
  int n = candidates(w, s, id), i, ci;
  unsigned stamp;
  /* room for a contact with every candidate, and for its events */
  if (!cl_world_ev_grow_int(w, (void **)&w->contacts, &w->cap_contacts, (long long)w->ncontacts + n,
                   sizeof(cl_world_contact))
      || !ev_grow(w, (void **)&w->pending, &w->cap_pending,
                  w->npending + w->ncontacts + 2LL * n, sizeof(cl_world_event)))
    return 0;
  stamp = next_stamp(w);
  for (ci = w->evrec[id].contacts; ci >= 0; ci = w->contacts[ci].next[side(&w->contacts[ci], id)]) {
    const cl_world_contact *c = &w->contacts[ci];
    int other = c->item[1 - side(c, id)];
    w->evrec[other].ev_mark = stamp;
    w->evrec[other].ev_contact = ci;
  }
  for (i = 0; i < n; i++) {
    int o = s->cands[i], first = -1, type;
    cl_world_item *io = &w->items[o];
    if (o == id) continue;
    type = relation(w, id, o, &first);
    if (!type || !cl_collider_intersects(it->kind, it->shape, io->kind, io->shape)) continue;
    if (w->evrec[o].ev_mark == stamp) {
      cl_world_contact *c = &w->contacts[w->evrec[o].ev_contact];
      if (c->type == type && c->item[0] == first) { c->stamp = stamp; continue; }
    }
    (void)new_contact(w, type, first, first == id ? o : id, stamp);
  }
  for (ci = w->evrec[id].contacts; ci >= 0;) {
    int next = w->contacts[ci].next[side(&w->contacts[ci], id)];
    if (w->contacts[ci].stamp != stamp) end_contact(w, ci);
    ci = next;
  }
  return 1;
}

/* ---- the events ---- */

static int event_before(const cl_world_event *x, const cl_world_event *y) {
  int gx = x->type == CL_WORLD_EXIT || x->type == CL_WORLD_END;
  int gy = y->type == CL_WORLD_EXIT || y->type == CL_WORLD_END;
  if (gx != gy) return gx;
  if (x->seq_a != y->seq_a) return x->seq_a < y->seq_a;
  if (x->seq_b != y->seq_b) return x->seq_b < y->seq_b;
  return x->type < y->type;
}

/* heapsort: no allocation, no recursion */
static void ev_sift(cl_world_event *e, long long i, long long n) {
  for (;;) {
    long long c = 2 * i + 1;
    cl_world_event x;
    if (c >= n) return;
    if (c + 1 < n && event_before(&e[c], &e[c + 1])) c++;
    if (!event_before(&e[i], &e[c])) return;
    x = e[i]; e[i] = e[c]; e[c] = x;
    i = c;
  }
}

static void sort_events(cl_world_event *e, long long n) {
  long long i;
  for (i = n / 2; i-- > 0;) ev_sift(e, i, n);
  for (i = n; i-- > 1;) {
    cl_world_event x = e[0];
    e[0] = e[i]; e[i] = x;
    ev_sift(e, 0, i);
  }
}

long long cl_world_events(cl_world *w, cl_world_each_event fn, void *ud) {
  cl_world_scratch *s;
  long long n, i;
  if (cl_world_busy(w) != NULL) return CL_BUSY;
  s = cl_world_enter(w, "events", 0);
  if (s == NULL) return CL_NOMEM;
  while (w->nevdirty > 0) {
    int id = w->evdirty[w->nevdirty - 1];
    if (!look_at(w, s, id)) {
      cl_world_leave(w, s);
      return CL_NOMEM;
    }
    untouch(w, id);
  }
  n = w->npending;
  sort_events(w->pending, n);
  for (i = 0; fn != NULL && i < n; i++) {
    if (!fn(ud, &w->pending[i])) { n = CL_STOPPED; break; }
  }
  w->npending = 0;
  cl_world_leave(w, s);
  return n;
}

/* ---- roles ---- */

int cl_world_set_role(cl_world *w, cl_item id, int role) {
  cl_world_item *it;
  int ns, ne, item;
  if (cl_world_busy(w) != NULL) return CL_BUSY;
  if ((item = cl_world_slot(w, id)) < 0) return CL_NOT_ITEM;
  it = &w->items[item];
  role &= CL_WORLD_SENSOR | CL_WORLD_EVENTS;
  if (role == it->role) return 0;
  ns = w->nsensors + ((role & CL_WORLD_SENSOR) != 0) - cl_world_is_sensor(it);
  ne = w->nevents + ((role & CL_WORLD_EVENTS) != 0) - ((it->role & CL_WORLD_EVENTS) != 0);
  if (ns + ne > 0
      && !(cl_world_ev_records(w)
           && cl_world_ev_grow_int(w, (void **)&w->evdirty, &w->cap_evdirty, w->cap, sizeof(int))))
    return CL_NOMEM;
  /* looked at by the next call, even when no item keeps a role: its
  ** contacts then end */
  if (ns + ne > 0 || cl_world_contacts_of(w, item) >= 0) touch(w, item);
  w->nsensors = ns;
  w->nevents = ne;
  it->role = (unsigned char)role;
  w->version++;
  CL_WORLD_RESHAPED(w);                                  /* pairs and moves skip sensors */
  return 0;
}

int cl_world_role(const cl_world *w, cl_item id) {
  int item = cl_world_slot(w, id);
  if (item < 0) return CL_NOT_ITEM;
  return w->items[item].role;
}
