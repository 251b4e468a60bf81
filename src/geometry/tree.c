/*
** tree.c - dynamic AABB tree: insertion by the surface-area heuristic and
** AVL-style rotations (the scheme of Box2D's b2DynamicTree, Erin Catto),
** queries by depth-first walk, rays by a best-first walk on a binary heap.
*/
#include "fp.h"
#include <float.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "tree_ray.h"
#include "dispatch.h"

#define NIL (-1)

/* a walk pushes nodes it will read soon: fetch their hot records early */
#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(p) __builtin_prefetch(p)
#else
#define PREFETCH(p) ((void)0)
#endif
/* siblings' heights may differ by this much: AVL's bound of 1 makes the
** rotations undo much of what the surface-area heuristic builds (twice
** the node visits per ray on scattered items), while 4 still bounds the
** height by about 2.5 log2(n) */
#define BALANCE 4

/* ---------------------------------------------------------------------- */
/* boxes                                                                  */

typedef cl_tree_box box_t;

/* a child of an internal node: an internal node's index, or leaf i as
** -2 - i (NIL, -1, is neither) */
#define IS_LEAF(r) ((r) <= -2)
#define LEAF_OF(r) (-2 - (r))
#define LEAF_REF(i) (-2 - (i))

static void box_union(box_t *r, const box_t *a, const box_t *b) {
  int k;
  for (k = 0; k < 3; k++) {
    r->min[k] = a->min[k] < b->min[k] ? a->min[k] : b->min[k];
    r->max[k] = a->max[k] > b->max[k] ? a->max[k] : b->max[k];
  }
}

static int box_overlap(const box_t *a, const box_t *b) {
  return a->min[0] <= b->max[0] && b->min[0] <= a->max[0]
      && a->min[1] <= b->max[1] && b->min[1] <= a->max[1]
      && a->min[2] <= b->max[2] && b->min[2] <= a->max[2];
}

static int box_contains(const box_t *outer, const box_t *inner) {
  return outer->min[0] <= inner->min[0] && inner->max[0] <= outer->max[0]
      && outer->min[1] <= inner->min[1] && inner->max[1] <= outer->max[1]
      && outer->min[2] <= inner->min[2] && inner->max[2] <= outer->max[2];
}

static void box_of_aabb(box_t *r, const cl_aabb *b) {
  memcpy(r->min, b->min, sizeof r->min);
  memcpy(r->max, b->max, sizeof r->max);
}

static void aabb_of_box(cl_aabb *r, const box_t *b) {
  r->tag = CL_AABB;
  memcpy(r->min, b->min, sizeof r->min);
  memcpy(r->max, b->max, sizeof r->max);
}

static double clamp_max(double x) { return x > DBL_MAX ? DBL_MAX : x; }

static void set_slot(cl_tree_hot *h, int k, const box_t *b) {
  cl_fbox_store(h->lo[k], h->hi[k], b->min, b->max);
}

static void slot_box(const cl_tree_hot *h, int k, box_t *b) {
  int j;
  for (j = 0; j < 3; j++) {
    b->min[j] = h->lo[k][j];
    b->max[j] = h->hi[k][j];
  }
}

/* an internal node's box: the union of its children's float boxes */
static void node_box(const cl_tree_hot *h, box_t *b) {
  int j;
  for (j = 0; j < 3; j++) {
    b->min[j] = h->lo[0][j] < h->lo[1][j] ? h->lo[0][j] : h->lo[1][j];
    b->max[j] = h->hi[0][j] > h->hi[1][j] ? h->hi[0][j] : h->hi[1][j];
  }
}

static int node_height(const cl_tree_hot *h) {
  return 1 + (h->height[0] > h->height[1] ? h->height[0] : h->height[1]);
}

/* a child's box: a leaf's exact fat box, an internal node's float one */
static void ref_box(const cl_tree *t, int r, box_t *b) {
  if (IS_LEAF(r)) *b = t->leaves[LEAF_OF(r)].box;
  else node_box(&t->hot[r], b);
}

static int ref_height(const cl_tree *t, int r) {
  return IS_LEAF(r) ? 0 : node_height(&t->hot[r]);
}

static int ref_parent(const cl_tree *t, int r) {
  return IS_LEAF(r) ? t->leaves[LEAF_OF(r)].parent : t->up[r];
}

static void set_parent(cl_tree *t, int r, int p) {
  if (IS_LEAF(r)) t->leaves[LEAF_OF(r)].parent = p;
  else t->up[r] = p;
}

/* half the surface area, clamped to DBL_MAX so that cost sums never meet
** inf - inf, even for boxes spanning the whole double range */
static double area(const box_t *b) {
  double dx = clamp_max(b->max[0] - b->min[0]);
  double dy = clamp_max(b->max[1] - b->min[1]);
  double dz = clamp_max(b->max[2] - b->min[2]);
  return clamp_max(dx * dy + dy * dz + dz * dx);
}

static void fatten(box_t *r, const cl_aabb *b, double margin) {
  int k;
  for (k = 0; k < 3; k++) {
    r->min[k] = b->min[k] - margin;
    r->max[k] = b->max[k] + margin;
    if (r->min[k] < -DBL_MAX) r->min[k] = -DBL_MAX;
    if (r->max[k] > DBL_MAX) r->max[k] = DBL_MAX;
  }
}

/* ---------------------------------------------------------------------- */
/* node pool                                                              */

static void *default_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  (void)ud; (void)osize;
  if (nsize == 0) { free(ptr); return NULL; }
  return realloc(ptr, nsize);
}

#define HOT_ALIGN 64

/* a leaf, an internal node and its parent: a tree of n leaves uses n - 1
** internal nodes, so capacity of each never runs out before the leaves */
static size_t per_node(void) {
  return sizeof(cl_tree_hot) + sizeof(cl_tree_leaf) + 2 * sizeof(int);
}

/* A walk's stack and a ray's heap hold nodes none of which is another's
** ancestor (a node goes in when its parent comes out), and none of them
** holds a leaf the walk has put on its list: the stack (or the heap) and
** the list together hold at most one entry per leaf. So they share the
** list's room, the list from its front and the stack or the heap from its
** back (each entry of those smaller than a list entry): the room is the
** list's alone, one entry a leaf, or two for cl_tree_pairs (its leaves,
** then the partners of one beside the stack). */
static size_t per_scratch(void) { return 2 * sizeof(cl_tree_entry); }
static size_t per_walk_scratch(void) { return sizeof(cl_tree_entry); }

void cl_tree_init(cl_tree *t, double margin, cl_alloc_fn alloc, void *ud) {
  memset(t, 0, sizeof *t);
  t->root = t->free_leaf = t->free_node = t->moved = NIL;
  t->margin = margin;
  t->alloc = alloc ? alloc : default_alloc;
  t->ud = ud;
}

void cl_tree_free(cl_tree *t) {
  if (t->block && t->block_owned) t->alloc(t->ud, t->block, t->block_size, 0);
  if (t->own_mem) t->alloc(t->ud, t->own_mem, t->own_size, 0);
  t->block = t->own_mem = NULL;
  t->leaves = NULL;
  t->hot = NULL;
  t->up = NULL;
  t->moves = NULL;
  t->block_size = t->own_size = 0;
  memset(&t->own, 0, sizeof t->own);
  t->capacity = t->count = t->nmoved = 0;
  t->root = t->free_leaf = t->free_node = t->moved = NIL;
}

int cl_tree_full(const cl_tree *t) {
  /* a free leaf means a free internal node too: n leaves use n - 1 */
  return t->free_leaf == NIL;
}

int cl_tree_next_capacity(const cl_tree *t) {
  /* by a quarter again: a tree holds at most a quarter more nodes than it
  ** uses, about an eighth on average (by half again: a fifth; doubling: a
  ** third), for each node copied four times on the way (twice; once),
  ** which the inserts do not feel (doc/performance.md, "Memory per scene
  ** item") */
  int cap = t->capacity ? t->capacity + t->capacity / 4 : 16;
  if (t->capacity > INT_MAX / 3 || cl_tree_block_size(cap) == 0
      || cl_tree_scratch_size(cap) == 0) return -1;
  return cap;
}

size_t cl_tree_block_size(int capacity) {
  if (capacity <= 0 || (size_t)capacity > (SIZE_MAX - HOT_ALIGN) / per_node()) return 0;
  return (size_t)capacity * per_node() + HOT_ALIGN;
}

size_t cl_tree_scratch_size(int capacity) {
  if (capacity <= 0 || capacity > INT_MAX / 2 || (size_t)capacity > SIZE_MAX / per_scratch())
    return 0;
  return (size_t)capacity * per_scratch();
}

/* the heap and the stack: the last capacity steps and ints of the list's
** room (a walk fills them from their ends down) */
static void scratch_lay_out(cl_tree_scratch *s, void *mem, int capacity, int list_room) {
  s->list = (cl_tree_entry *)mem;
  s->heap = (cl_tree_step *)(void *)(s->list + list_room) - capacity;
  s->stack = (int *)(void *)(s->list + list_room) - capacity;
  s->capacity = capacity;
  s->list_room = list_room;
}

void cl_tree_scratch_init(cl_tree_scratch *s, void *mem, int capacity) {
  scratch_lay_out(s, mem, capacity, 2 * capacity);
}

size_t cl_tree_walk_scratch_size(int capacity) {
  if (capacity <= 0 || capacity > INT_MAX / 2 || (size_t)capacity > SIZE_MAX / per_walk_scratch())
    return 0;
  return (size_t)capacity * per_walk_scratch();
}

void cl_tree_walk_scratch_init(cl_tree_scratch *s, void *mem, int capacity) {
  scratch_lay_out(s, mem, capacity, capacity);
}

/* the block holds, from a 64-byte boundary, the hot records, the leaves,
** the internal nodes' parents and the leaves' places on the moved list;
** those in use are carried over and the new ones put on the free lists */
void *cl_tree_adopt(cl_tree *t, void *block, int cap) {
  char *p = (char *)block + (HOT_ALIGN - (size_t)((uintptr_t)block % HOT_ALIGN)) % HOT_ALIGN;
  cl_tree_leaf *leaves = (cl_tree_leaf *)(p + (size_t)cap * sizeof(cl_tree_hot));
  int *up = (int *)(leaves + cap);
  int *moves = up + cap;
  void *old = t->block;
  int i;
  t->changes++;
  if (t->block) {
    memcpy(p, t->hot, (size_t)t->capacity * sizeof(cl_tree_hot));
    memcpy(leaves, t->leaves, (size_t)t->capacity * sizeof(cl_tree_leaf));
    memcpy(up, t->up, (size_t)t->capacity * sizeof(int));
    memcpy(moves, t->moves, (size_t)t->capacity * sizeof(int));
    if (t->block_owned) {
      t->alloc(t->ud, t->block, t->block_size, 0);
      old = NULL;
    }
  }
  t->block = block;
  t->block_size = cl_tree_block_size(cap);
  t->block_owned = 0;
  t->hot = (cl_tree_hot *)p;
  t->leaves = leaves;
  t->up = up;
  t->moves = moves;
  for (i = cap - 1; i >= t->capacity; i--) {
    memset(&t->leaves[i], 0, sizeof t->leaves[i]);
    t->moves[i] = CL_TREE_UNMOVED;
    t->leaves[i].parent = CL_TREE_FREE_LINK(t->free_leaf);
    t->free_leaf = i;
    t->hot[i].child[0] = t->hot[i].child[1] = NIL;
    t->hot[i].height[0] = t->hot[i].height[1] = -1;
    t->up[i] = t->free_node;
    t->free_node = i;
  }
  t->capacity = cap;
  return old;
}

/* growth through the allocator: a block half again as large, and the tree's
** own scratch to match */
static int grow(cl_tree *t) {
  int cap = cl_tree_next_capacity(t);
  size_t size, ssize;
  void *block, *mem;
  if (cap < 0) return 0;
  size = cl_tree_block_size(cap);
  ssize = cl_tree_scratch_size(cap);
  block = t->alloc(t->ud, NULL, 0, size);
  if (block == NULL) return 0;
  mem = t->alloc(t->ud, NULL, 0, ssize);
  if (mem == NULL) { t->alloc(t->ud, block, size, 0); return 0; }
  if (t->own_mem) t->alloc(t->ud, t->own_mem, t->own_size, 0);
  t->own_mem = mem;
  t->own_size = ssize;
  cl_tree_scratch_init(&t->own, mem, cap);
  (void)cl_tree_adopt(t, block, cap);
  t->block_owned = 1;
  return 1;
}

/* a leaf from the free list (there is one: cl_tree_full said so) */
static int new_leaf(cl_tree *t) {
  int i = t->free_leaf;
  cl_tree_leaf *l = &t->leaves[i];
  t->free_leaf = CL_TREE_FREE_LINK(l->parent);   /* (its own inverse) */
  l->parent = NIL;
  l->id = 0;
  l->stamp = 0;
  return i;
}

/* an internal node from the free list (there is one while a leaf is free) */
static int new_node(cl_tree *t) {
  int i = t->free_node;
  t->free_node = t->up[i];
  t->up[i] = NIL;
  t->hot[i].height[0] = t->hot[i].height[1] = 0;
  return i;
}

/* the leaf i goes on the list of moved leaves (once: a leaf keeps its
** place on it when freed and reused, until the list restarts) */
static void mark_moved(cl_tree *t, int i) {
  if (t->moves[i] != CL_TREE_UNMOVED) return;
  t->moves[i] = t->moved;
  t->moved = i;
  t->nmoved++;
}

static void free_leaf(cl_tree *t, int i) {
  t->leaves[i].parent = CL_TREE_FREE_LINK(t->free_leaf);
  t->free_leaf = i;
}

static void free_node(cl_tree *t, int i) {
  t->hot[i].child[0] = t->hot[i].child[1] = NIL;
  t->hot[i].height[0] = t->hot[i].height[1] = -1;
  t->up[i] = t->free_node;
  t->free_node = i;
}

/* ---------------------------------------------------------------------- */
/* structure                                                              */

/* the children's boxes rounded into the hot record (an internal child's
** float box is copied as it is) and their heights; every change below a
** node ends with the node refitted */
static void refit(cl_tree *t, int i) {
  cl_tree_hot *h = &t->hot[i];
  int k;
  for (k = 0; k < 2; k++) {
    int c = h->child[k];
    if (IS_LEAF(c)) {
      set_slot(h, k, &t->leaves[LEAF_OF(c)].box);
      h->height[k] = 0;
    } else {
      const cl_tree_hot *g = &t->hot[c];
      int j;
      for (j = 0; j < 3; j++) {
        h->lo[k][j] = g->lo[0][j] < g->lo[1][j] ? g->lo[0][j] : g->lo[1][j];
        h->hi[k][j] = g->hi[0][j] > g->hi[1][j] ? g->hi[0][j] : g->hi[1][j];
      }
      h->height[k] = node_height(g);
    }
  }
}

/* c takes old's place below p (NIL: as the root) */
static void replace_child(cl_tree *t, int p, int old, int c) {
  if (p == NIL) t->root = c;
  else t->hot[p].child[t->hot[p].child[0] == old ? 0 : 1] = c;
  set_parent(t, c, p);
}

/* Child k of A is two taller than its sibling: it takes A's place, keeps
** its own taller child and hands the shorter one to A. Since a bounding
** volume tree has no order to keep, this one rotation covers both AVL
** cases and leaves both nodes balanced (Box2D b2DynamicTree::Balance). */
static int rotate(cl_tree *t, int ia, int k) {
  cl_tree_hot *H = t->hot;
  int ic = H[ia].child[k], f = H[ic].child[0], g = H[ic].child[1];
  int tall = H[ic].height[0] > H[ic].height[1] ? f : g, small = tall == f ? g : f;
  replace_child(t, t->up[ia], ia, ic);
  H[ic].child[0] = ia;
  H[ic].child[1] = tall;
  t->up[ia] = ic;
  H[ia].child[k] = small;
  set_parent(t, small, ia);
  refit(t, ia);
  refit(t, ic);
  return ic;
}

static int balance(cl_tree *t, int i) {
  const cl_tree_hot *h = &t->hot[i];
  int d = h->height[1] - h->height[0];
  if (d > BALANCE) return rotate(t, i, 1);
  if (d < -BALANCE) return rotate(t, i, 0);
  return i;
}

/* from the internal node i up to the root: rebalance and refit every
** ancestor, stopping where a node comes out as it was (nothing above it
** can change then) */
static void fix_upwards(cl_tree *t, int i) {
  while (i != NIL) {
    box_t before, after;
    int height, j;
    if (t->up[i] != NIL) PREFETCH(&t->hot[t->up[i]]);
    node_box(&t->hot[i], &before);
    height = node_height(&t->hot[i]);
    refit(t, i);
    j = balance(t, i);
    node_box(&t->hot[i], &after);
    if (j == i && height == node_height(&t->hot[i]) && box_contains(&before, &after)
        && box_contains(&after, &before)) return;
    i = t->up[j];
  }
}

static void box_center(const box_t *b, double c[3]) {
  int k;
  for (k = 0; k < 3; k++) c[k] = b->min[k] / 2 + b->max[k] / 2;
}

static double dist2(const double a[3], const double b[3]) {
  double d[3];
  cl_sub(d, a, b);
  return cl_dot(d, d);
}

/* The sibling that costs least by the surface-area heuristic: the cost of
** pairing the leaf with a node is the area of their union plus what every
** ancestor grows by. One path is followed from start, always into the
** child whose lower bound is smaller (by centre distance when the bounds
** tie, as they do when both children contain the leaf's box), and the
** cheapest node seen on it is kept; the descent stops when no child can
** beat it (the branch-and-bound of Bittner et al. 2013 restricted to one
** path, as in Box2D v3's b2FindBestSibling). Children's boxes come from
** the hot records. Only nodes at most BALANCE high may become siblings, so
** that the new parent is within the balance bound and the rotations on the
** way up keep the tree's height logarithmic. Returns a child reference. */
static int best_sibling(cl_tree *t, int start, const box_t *box) {
  double area_box = area(box), c_box[3], area_i, direct, inherited = 0, best_cost;
  int i = start, best = NIL, height = ref_height(t, start);
  box_t u, bi;
  box_center(box, c_box);
  ref_box(t, i, &bi);
  area_i = area(&bi);
  box_union(&u, &bi, box);
  direct = area(&u);
  best_cost = INFINITY;
  while (height > 0) {
    const cl_tree_hot *h = &t->hot[i];
    box_t ch[2];
    double lower[2], area_c[2], direct_c[2];
    int k, next;
    if (h->height[0] > 0) PREFETCH(&t->hot[h->child[0]]);
    if (h->height[1] > 0) PREFETCH(&t->hot[h->child[1]]);
    if (height <= BALANCE && (best == NIL || direct + inherited < best_cost)) {
      best_cost = direct + inherited;
      best = i;
    }
    inherited += direct - area_i;
    for (k = 0; k < 2; k++) {
      slot_box(h, k, &ch[k]);
      box_union(&u, &ch[k], box);
      direct_c[k] = area(&u);
      area_c[k] = 0;
      if (h->height[k] == 0) {
        if (best == NIL || direct_c[k] + inherited < best_cost) {
          best_cost = direct_c[k] + inherited;
          best = h->child[k];
        }
        lower[k] = INFINITY;
      } else {
        area_c[k] = area(&ch[k]);
        lower[k] = inherited + direct_c[k] + (area_box - area_c[k] < 0 ? area_box - area_c[k] : 0);
      }
    }
    if (h->height[0] == 0 && h->height[1] == 0) break;
    if (best != NIL && best_cost <= lower[0] && best_cost <= lower[1]) break;
    if (lower[0] == lower[1]) {
      double c0[3], c1[3];
      box_center(&ch[0], c0);
      box_center(&ch[1], c1);
      lower[0] = dist2(c0, c_box);
      lower[1] = dist2(c1, c_box);
    }
    next = lower[0] < lower[1] && h->height[0] > 0 ? 0 : 1;
    if (h->height[next] == 0) next = 1 - next;
    area_i = area_c[next];
    direct = direct_c[next];
    height = h->height[next];
    i = h->child[next];
  }
  return best != NIL ? best : i;
}

/* the leaf joins its best sibling below start under parent, a free
** internal node */
static void insert_leaf(cl_tree *t, int leaf, int parent, int start) {
  int i = best_sibling(t, start, &t->leaves[leaf].box), up = ref_parent(t, i);
  replace_child(t, up, i, parent);
  t->hot[parent].child[0] = i;
  t->hot[parent].child[1] = LEAF_REF(leaf);
  set_parent(t, i, parent);
  t->leaves[leaf].parent = parent;
  /* the sibling is at most BALANCE high: the new parent needs no rotation */
  refit(t, parent);
  fix_upwards(t, up);
}

/* unlinks the leaf; its parent node is returned, unlinked too, for a
** reinsertion (NIL when the leaf was the root) */
static int remove_leaf(cl_tree *t, int leaf) {
  int p, s;
  if (t->root == LEAF_REF(leaf)) { t->root = NIL; return NIL; }
  p = t->leaves[leaf].parent;
  s = t->hot[p].child[t->hot[p].child[0] == LEAF_REF(leaf) ? 1 : 0];
  replace_child(t, t->up[p], p, s);
  fix_upwards(t, ref_parent(t, s));
  return p;
}

/* the leaf with its fat box set goes in below start (NIL: the root);
** parent is a free internal node or NIL */
static void place_leaf(cl_tree *t, int leaf, int parent, int start) {
  if (t->root == NIL) {
    t->root = LEAF_REF(leaf);
    t->leaves[leaf].parent = NIL;
    if (parent != NIL) free_node(t, parent);
  } else {
    insert_leaf(t, leaf, parent, start != NIL ? start : t->root);
  }
}

int cl_tree_insert(cl_tree *t, const cl_aabb *box, long long id) {
  int leaf, parent = NIL;
  t->changes++;
  if (cl_tree_full(t) && !grow(t)) return NIL;
  leaf = new_leaf(t);
  if (t->root != NIL) parent = new_node(t);
  fatten(&t->leaves[leaf].box, box, t->margin);
  t->leaves[leaf].id = id;
  place_leaf(t, leaf, parent, NIL);
  mark_moved(t, leaf);
  t->count++;
  return leaf;
}

int cl_tree_escapes(const cl_tree *t, int proxy, const cl_aabb *box) {
  const box_t *fat = &t->leaves[proxy].box;
  box_t huge, b;
  fatten(&huge, box, 4 * t->margin);
  box_of_aabb(&b, box);
  return !(box_contains(fat, &b) && box_contains(&huge, fat));
}

/* A leaf with a new fat box goes back in below the lowest of its old
** ancestors that holds that box (the root when none does): a leaf that
** moved a little searches a small subtree, and the ancestors above it
** hold the box already, so the surface-area costs it compares are those
** a search from the root would (Bullet's btDbvt::update climbs the same
** way). */
static void reinsert(cl_tree *t, int leaf) {
  int up = t->root == LEAF_REF(leaf) ? NIL : t->up[t->leaves[leaf].parent];
  int p = remove_leaf(t, leaf);
  for (;;) {
    box_t b;
    if (up == NIL) break;
    node_box(&t->hot[up], &b);
    if (box_contains(&b, &t->leaves[leaf].box)) break;
    up = t->up[up];
  }
  place_leaf(t, leaf, p, up);
}

int cl_tree_move(cl_tree *t, int proxy, const cl_aabb *box) {
  t->changes++;
  if (!cl_tree_escapes(t, proxy, box)) return 0;
  fatten(&t->leaves[proxy].box, box, t->margin);
  reinsert(t, proxy);
  mark_moved(t, proxy);
  return 1;
}

int cl_tree_grow(cl_tree *t, int proxy, const cl_aabb *box) {
  box_t fat, u;
  t->changes++;
  fatten(&fat, box, t->margin);
  if (box_contains(&t->leaves[proxy].box, &fat)) return 0;
  box_union(&u, &t->leaves[proxy].box, &fat);
  t->leaves[proxy].box = u;
  mark_moved(t, proxy);
  fix_upwards(t, t->leaves[proxy].parent);
  return 1;
}

void cl_tree_set_fat(cl_tree *t, int proxy, const cl_aabb *box) {
  t->changes++;
  fatten(&t->leaves[proxy].box, box, t->margin);
  mark_moved(t, proxy);
}

/* post-order without a stack: down to the first child, across to the
** second, up to the parent, which is refitted once both are done */
void cl_tree_refit_all(cl_tree *t, int nreinsert) {
  int i = t->root, from = NIL, k;
  t->changes++;
  while (i != NIL) {
    const cl_tree_hot *h;
    int up;
    if (IS_LEAF(i)) { from = i; i = t->leaves[LEAF_OF(i)].parent; continue; }
    h = &t->hot[i];
    up = t->up[i];
    if (from == up) { from = i; i = h->child[0]; }
    else if (from == h->child[0]) { from = i; i = h->child[1]; }
    else { refit(t, i); from = i; i = up; }
  }
  for (k = 0; k < nreinsert && t->count > 1; ) {
    int leaf = t->rotor;
    t->rotor = t->rotor + 1 < t->capacity ? t->rotor + 1 : 0;
    if (leaf < t->capacity && CL_TREE_LIVE(&t->leaves[leaf])) { reinsert(t, leaf); k++; }
  }
}

/* A batch pays when many leaves escape: a refit of the whole tree and a
** reinsertion of one leaf in REINSERT_SHARE cost a fraction of reinserting
** each (measured: 10,000 boxes all moving, 14 ms a frame reinserted one by
** one) */
#define BATCH_LEAST 64
#define BATCH_SHARE 8
#define REINSERT_SHARE 32

int cl_tree_batch_begin(const cl_tree *t, int escaping) {
  return escaping > BATCH_LEAST && escaping > t->count / BATCH_SHARE;
}

int cl_tree_batch_move(cl_tree *t, int batch, int proxy, const cl_aabb *box) {
  if (!batch) return cl_tree_move(t, proxy, box);
  if (!cl_tree_escapes(t, proxy, box)) return 0;
  cl_tree_set_fat(t, proxy, box);
  return 1;
}

void cl_tree_batch_end(cl_tree *t, int batch) {
  if (batch) cl_tree_refit_all(t, t->count / REINSERT_SHARE + 1);
}

void cl_tree_remove(cl_tree *t, int proxy) {
  int p;
  t->changes++;
  p = remove_leaf(t, proxy);
  if (p != NIL) free_node(t, p);
  free_leaf(t, proxy);
  t->count--;
}

int cl_tree_is_proxy(const cl_tree *t, int proxy) {
  return proxy >= 0 && proxy < t->capacity && CL_TREE_LIVE(&t->leaves[proxy]);
}

int cl_tree_height(const cl_tree *t) {
  return t->root == NIL ? 0 : ref_height(t, t->root);
}

void cl_tree_fat(const cl_tree *t, int proxy, cl_aabb *out) {
  aabb_of_box(out, &t->leaves[proxy].box);
}

int cl_tree_root_bounds(const cl_tree *t, cl_aabb *out) {
  int k;
  if (t->root == -1) return 0;
  if (t->root <= -2) {
    const cl_tree_box *b = &t->leaves[-2 - t->root].box;
    cl_copy(out->min, b->min);
    cl_copy(out->max, b->max);
  } else {
    const cl_tree_hot *h = &t->hot[t->root];
    for (k = 0; k < 3; k++) {
      out->min[k] = cl_fmin(h->lo[0][k], h->lo[1][k]);
      out->max[k] = cl_fmax(h->hi[0][k], h->hi[1][k]);
    }
  }
  return 1;
}

int cl_tree_bounds(const cl_tree *t, cl_aabb *out) {
  box_t b;
  int i, any = 0;
  for (i = 0; i < t->capacity; i++) {
    if (!CL_TREE_LIVE(&t->leaves[i])) continue;
    if (any) box_union(&b, &b, &t->leaves[i].box);
    else b = t->leaves[i].box;
    any = 1;
  }
  if (any) aabb_of_box(out, &b);
  return any;
}

/* ---------------------------------------------------------------------- */
/* ordering: heapsort on entries                                          */

static int entry_less(const cl_tree_entry *a, const cl_tree_entry *b) {
  if (a->t != b->t) return a->t < b->t;
  if (a->leaf != b->leaf) return a->leaf < b->leaf;
  if (a->id != b->id) return a->id < b->id;
  return a->node < b->node;
}

/* sift a[i] down the max-heap a[0..n) */
static void sift_down(cl_tree_entry *a, int n, int i) {
  cl_tree_entry x = a[i];
  for (;;) {
    int c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && entry_less(&a[c], &a[c + 1])) c++;
    if (!entry_less(&x, &a[c])) break;
    a[i] = a[c];
    i = c;
  }
  a[i] = x;
}

/* heapsort: in place, no allocation */
static void sort_entries(cl_tree_entry *a, int n) {
  int i;
  for (i = n / 2 - 1; i >= 0; i--) sift_down(a, n, i);
  for (i = n - 1; i > 0; i--) {
    cl_tree_entry x = a[0];
    a[0] = a[i];
    a[i] = x;
    sift_down(a, i, 0);
  }
}

static void set_leaf_entry(const cl_tree *t, cl_tree_entry *e, int i) {
  e->t = 0;
  e->id = t->leaves[i].id;
  e->node = i;
  e->leaf = 1;
}

/* ---------------------------------------------------------------------- */
/* rays                                                                   */

/* widening by 8 units in the last place keeps the interval a superset of
** the one the exact casts compute by division (rays.c), so a node is never
** dropped for rounding and the entry t stays a lower bound */
#define WIDEN (4 * DBL_EPSILON)
static double lower_bound(double x) { return x > 0 ? x * (1 - WIDEN) : x * (1 + WIDEN); }
static double upper_bound(double x) { return x > 0 ? x * (1 + WIDEN) : x * (1 - WIDEN); }

static void ray_setup(cl_tree_ray *c, const cl_ray *r) {
  c->tree = NULL;
  c->heap = NULL;
  c->n = 0;
  cl_slabs_init(&c->slab, r->o, r->o, r->d, 0, 1);
  c->tmax = r->tmax;
}

/* slab test of the segment [0, tmax] against the box [lo, hi] */
static int ray_box(const cl_tree_ray *c, const double lo[3], const double hi[3], double *tenter) {
  double tn = -INFINITY, tf = INFINITY, a, b;
  int k;
  for (k = 0; k < 3; k++)
    if (!cl_slabs_axis(&c->slab, k, lo[k], hi[k], &tn, &tf)) return 0;
  a = lower_bound(tn);
  b = upper_bound(tf);
  if (a > b || b < 0 || a > c->tmax) return 0;
  *tenter = a > 0 ? a : 0;
  return 1;
}

static int step_less(const cl_tree_step *a, const cl_tree_step *b) { return a->t < b->t; }

/* the heap's step i: a heap is the end of its room, which it fills
** downwards (its front is the list's, tree.c's per_scratch) */
#define STEP(a, i) ((a)[-1 - (i)])

static void heap_push(cl_tree_step *a, int *np, const cl_tree_step *x) {
  int i = (*np)++;
  while (i > 0) {
    int p = (i - 1) / 2;
    if (!step_less(x, &STEP(a, p))) break;
    STEP(a, i) = STEP(a, p);
    i = p;
  }
  STEP(a, i) = *x;
}

static cl_tree_step heap_pop(cl_tree_step *a, int *np) {
  cl_tree_step top = STEP(a, 0), x;
  int n = --*np, i = 0;
  x = STEP(a, n);
  for (;;) {
    int k = 2 * i + 1;
    if (k >= n) break;
    if (k + 1 < n && step_less(&STEP(a, k + 1), &STEP(a, k))) k++;
    if (!step_less(&STEP(a, k), &x)) break;
    STEP(a, i) = STEP(a, k);
    i = k;
  }
  if (n > 0) STEP(a, i) = x;
  return top;
}

static void step_push(cl_tree_ray *c, const cl_tree_step *x) { heap_push(c->heap, &c->n, x); }

/* a node's m (0 to 2) children stepped into s, by both best-first walks:
** 1 and *e the nearer child to walk at once while nothing in the heap is
** nearer (the other pushed), 0 when the walk takes the heap's top next */
static int descend(cl_tree_step *heap, int *n, cl_tree_step s[2], int m, cl_tree_step *e) {
  if (m == 0) return 0;
  if (m == 2) {
    if (s[1].t < s[0].t) { cl_tree_step x = s[0]; s[0] = s[1]; s[1] = x; }
    heap_push(heap, n, &s[1]);
  }
  if (*n > 0 && STEP(heap, 0).t < s[0].t) { heap_push(heap, n, &s[0]); return 0; }
  *e = s[0];
  return 1;
}
static cl_tree_step step_pop(cl_tree_ray *c) { return heap_pop(c->heap, &c->n); }

/* a child tested against its box (the root, or a leaf whose rounded box
** was hit: its exact one): 1 and *s filled when the ray enters it by limit */
static int exact_step(const cl_tree_ray *c, int r, double limit, cl_tree_step *s) {
  box_t b;
  ref_box(c->tree, r, &b);
  if (!ray_box(c, b.min, b.max, &s->t) || s->t > limit) return 0;
  s->leaf = IS_LEAF(r);
  s->node = s->leaf ? LEAF_OF(r) : r;
  return 1;
}

void cl_tree_ray_begin(cl_tree_ray *c, cl_tree *t, const cl_ray *r, cl_tree_step *heap) {
  cl_tree_step s;
  ray_setup(c, r);
  c->tree = t;
  if (heap == NULL) heap = t->own.heap;
  c->heap = heap != NULL ? heap + t->capacity : NULL;   /* the end of its room */
  if (t->root != NIL && exact_step(c, t->root, INFINITY, &s)) step_push(c, &s);
}

/* Best-first: the heap holds what the ray enters, by entry t. Of a node's
** children the nearer one is walked at once when nothing in the heap is
** nearer, which spares half the heap traffic without changing the order. */
int cl_tree_ray_next(cl_tree_ray *c, double limit, double *tenter) {
  while (c->n > 0) {
    cl_tree_step e;
    if (STEP(c->heap, 0).t > limit) { c->n = 0; break; }
    e = step_pop(c);
    for (;;) {
      const cl_tree_hot *h;
      cl_tree_step s[2];
      int k, m = 0;
      if (e.leaf) { *tenter = e.t; return e.node; }
      h = &c->tree->hot[e.node];
      for (k = 0; k < 2; k++) {
        double lo[3], hi[3];
        int j;
        for (j = 0; j < 3; j++) { lo[j] = h->lo[k][j]; hi[j] = h->hi[k][j]; }
        if (!ray_box(c, lo, hi, &s[m].t) || s[m].t > limit) continue;
        if (h->height[k] == 0) {
          if (!exact_step(c, h->child[k], limit, &s[m])) continue;
        } else {
          s[m].node = h->child[k];
          s[m].leaf = 0;
          PREFETCH(&c->tree->hot[s[m].node]);
        }
        m++;
      }
      if (!descend(c->heap, &c->n, s, m, &e)) break;
    }
  }
  return NIL;
}

int cl_tree_raycast_all(cl_tree *t, const cl_ray *r, cl_tree_scratch *sc,
                        const cl_tree_entry **out) {
  cl_tree_ray c;
  double te;
  int n = 0, p;
  if (sc == NULL) sc = &t->own;
  cl_tree_ray_begin(&c, t, r, sc->heap);
  while ((p = cl_tree_ray_next(&c, INFINITY, &te)) >= 0) {
    set_leaf_entry(t, &sc->list[n], p);
    sc->list[n++].t = te;
  }
  sort_entries(sc->list, n);
  *out = sc->list;
  return n;
}

int cl_tree_raycast_best(cl_tree *t, const cl_ray *r, cl_tree_scratch *sc,
                         cl_tree_ray_visit visit, void *ud) {
  cl_tree_ray c;
  double te, limit = INFINITY;
  int p, k;
  if (sc == NULL) sc = &t->own;
  cl_tree_ray_begin(&c, t, r, sc->heap);
  while ((p = cl_tree_ray_next(&c, limit, &te)) >= 0)
    if ((k = visit(ud, p, te, &limit)) != 0) return k;
  return 0;
}

/* ---------------------------------------------------------------------- */
/* the nearest leaves to a point                                          */

/* r's box (the root, or a leaf whose rounded box is near enough: its
** exact one): 1 and *s filled when it lies within limit */
static int near_exact(const cl_tree_near *c, int r, double limit, cl_tree_step *s) {
  box_t b;
  ref_box(c->tree, r, &b);
  s->t = cl_box_gap_below(c->p, b.min, b.max);
  if (!(s->t <= limit)) return 0;
  s->leaf = IS_LEAF(r);
  s->node = s->leaf ? LEAF_OF(r) : r;
  return 1;
}

void cl_tree_near_begin(cl_tree_near *c, cl_tree *t, const double p[3], cl_tree_step *heap) {
  cl_tree_step s;
  c->tree = t;
  c->n = 0;
  c->p[0] = p[0]; c->p[1] = p[1]; c->p[2] = p[2];
  if (heap == NULL) heap = t->own.heap;
  c->heap = heap != NULL ? heap + t->capacity : NULL;   /* the end of its room */
  /* (a tree with a root has its own heap: no heap, nothing to walk) */
  if (t->root != NIL && c->heap != NULL && near_exact(c, t->root, INFINITY, &s))
    heap_push(c->heap, &c->n, &s);
}

/* Best-first by the boxes' distances, as the ray's walk by entry t: of a
** node's children the nearer one is walked at once when nothing in the
** heap is nearer. */
int cl_tree_near_next(cl_tree_near *c, double limit, double *dist) {
  while (c->n > 0) {
    cl_tree_step e;
    if (!(STEP(c->heap, 0).t <= limit)) { c->n = 0; break; }
    e = heap_pop(c->heap, &c->n);
    for (;;) {
      const cl_tree_hot *h;
      cl_tree_step s[2];
      int k, m = 0;
      if (e.leaf) { *dist = e.t; return e.node; }
      h = &c->tree->hot[e.node];
      for (k = 0; k < 2; k++) {
        double lo[3], hi[3];
        int j;
        for (j = 0; j < 3; j++) { lo[j] = h->lo[k][j]; hi[j] = h->hi[k][j]; }
        s[m].t = cl_box_gap_below(c->p, lo, hi);
        if (!(s[m].t <= limit)) continue;
        if (h->height[k] == 0) {
          if (!near_exact(c, h->child[k], limit, &s[m])) continue;
        } else {
          s[m].node = h->child[k];
          s[m].leaf = 0;
          PREFETCH(&c->tree->hot[s[m].node]);
        }
        m++;
      }
      if (!descend(c->heap, &c->n, s, m, &e)) break;
    }
  }
  return NIL;
}

/* ---------------------------------------------------------------------- */
/* queries                                                                */

/* Internal nodes are pruned conservatively, never by a test that rounding
** could make stricter than the exact one applied to the leaves (the core's
** cl_intersects on the fat box, or the plane test of query_convex); an
** overflow or a NaN from boxes at the edge of the double range keeps a
** node rather than dropping it. */
enum { BY_PLANES, BY_AABB, BY_PLANE, BY_RAY, BY_BOUNDS };

typedef struct {
  const cl_shape *shape;        /* or */
  const cl_plane *planes;
  int np;
  int by;                       /* how internal nodes are pruned */
  box_t box;                    /* BY_AABB: the box */
  box_t bounds;                 /* BY_BOUNDS: the shape's bounds, widened */
  cl_tree_ray ray;              /* BY_RAY: the ray shape's walk set-up */
  const cl_tree_entry *after;   /* if set, only leaves ordered after it */
} query_target;

/* the box lies entirely behind the plane: its vertex furthest along n is
** behind it */
static int behind(const box_t *b, const cl_plane *p) {
  double s = 0;
  int k;
  for (k = 0; k < 3; k++) s += p->n[k] * (p->n[k] >= 0 ? b->max[k] : b->min[k]);
  return s < p->d;
}

/* the box is clear of the plane on one side by more than rounding */
static int clear_of_plane(const box_t *b, const cl_plane *p) {
  double hi = 0, lo = 0, scale = fabs(p->d);
  int k;
  for (k = 0; k < 3; k++) {
    double n = p->n[k];
    if (n == 0) continue;
    hi += n * (n > 0 ? b->max[k] : b->min[k]);
    lo += n * (n > 0 ? b->min[k] : b->max[k]);
    scale += fabs(n) * (fabs(b->min[k]) > fabs(b->max[k]) ? fabs(b->min[k]) : fabs(b->max[k]));
  }
  scale = 8 * CL_EPSILON * (1 + scale);
  return hi < p->d - scale || lo > p->d + scale;
}

static int node_may_hit(const box_t *b, const query_target *q) {
  int k;
  double te;
  switch (q->by) {
    case BY_PLANES:
      for (k = 0; k < q->np; k++)
        if (behind(b, &q->planes[k])) return 0;
      return 1;
    case BY_AABB: return box_overlap(b, &q->box);
    case BY_PLANE: return !clear_of_plane(b, &q->shape->plane);
    case BY_RAY: return ray_box(&q->ray, b->min, b->max, &te);
    default: return box_overlap(b, &q->bounds);
  }
}

static int leaf_hits(const box_t *b, const query_target *q) {
  int k;
  switch (q->by) {
    case BY_PLANES:
      for (k = 0; k < q->np; k++)
        if (behind(b, &q->planes[k])) return 0;
      return 1;
    case BY_AABB: return box_overlap(b, &q->box);
    default: {
      cl_aabb a;
      if (!node_may_hit(b, q)) return 0;
      aabb_of_box(&a, b);
      return cl_intersects((const cl_shape *)(const void *)&a, q->shape);
    }
  }
}

static void target_shape(query_target *q, const cl_shape *s) {
  memset(q, 0, sizeof *q);
  q->shape = s;
  switch (cl_walk_form[s->tag]) {
    case CL_WALK_BOX: q->by = BY_AABB; box_of_aabb(&q->box, &s->aabb); break;
    case CL_WALK_PLANE: q->by = BY_PLANE; break;
    case CL_WALK_RAY: q->by = BY_RAY; ray_setup(&q->ray, &s->ray); break;
    default: {
      double m = 0;
      int k;
      cl_aabb a;
      memset(&a, 0, sizeof a);
      q->by = BY_BOUNDS;
      (void)cl_bounds(s, &a);
      box_of_aabb(&q->bounds, &a);
      for (k = 0; k < 3; k++) {
        if (fabs(q->bounds.min[k]) > m) m = fabs(q->bounds.min[k]);
        if (fabs(q->bounds.max[k]) > m) m = fabs(q->bounds.max[k]);
      }
      /* the core's tests accept touching within a few epsilons */
      m = 8 * CL_EPSILON * (1 + m);
      for (k = 0; k < 3; k++) { q->bounds.min[k] -= m; q->bounds.max[k] += m; }
    }
  }
}

/* the walks' stack: top is the end of its room, which it fills downwards
** (its front is the list's, per_scratch) */
#define PUSH(sp, x) (*--(sp) = (x))
#define POP(sp) (*(sp)++)

/* leaves whose exact fat boxes the target touches, into out (unsorted);
** internal nodes are pruned by their rounded boxes; top: the end of the
** stack's room */
static int walk(cl_tree *t, const query_target *q, int *top, cl_tree_entry *out) {
  int *sp = top, n = 0;
  box_t rb;
  if (t->root == NIL) return 0;
  if (IS_LEAF(t->root)) {
    int leaf = LEAF_OF(t->root);
    if (leaf_hits(&t->leaves[leaf].box, q)) {
      set_leaf_entry(t, &out[n], leaf);
      if (q->after == NULL || entry_less(q->after, &out[n])) n++;
    }
    return n;
  }
  node_box(&t->hot[t->root], &rb);
  if (!node_may_hit(&rb, q)) return 0;
  PUSH(sp, t->root);
  while (sp < top) {
    const cl_tree_hot *h = &t->hot[POP(sp)];
    int k;
    for (k = 0; k < 2; k++) {
      box_t b;
      int c = h->child[k];
      slot_box(h, k, &b);
      if (!node_may_hit(&b, q)) continue;
      if (h->height[k] > 0) PUSH(sp, c);
      else if (leaf_hits(&t->leaves[LEAF_OF(c)].box, q)) {
        set_leaf_entry(t, &out[n], LEAF_OF(c));
        if (q->after == NULL || entry_less(q->after, &out[n])) n++;
      }
    }
  }
  return n;
}

/* walk for a box: the box rounded outwards to float once, tested against
** the hot records' float boxes as they are (both hold their exact boxes,
** so the pruning stays conservative); leaves by their exact fat boxes */
static int walk_box(cl_tree *t, const box_t *b, int *top, cl_tree_entry *out) {
  float lo[3], hi[3];
  int *sp = top, n = 0, k;
  box_t rb;
  if (t->root == NIL) return 0;
  ref_box(t, t->root, &rb);
  if (!box_overlap(&rb, b)) return 0;
  if (IS_LEAF(t->root)) {
    set_leaf_entry(t, &out[n++], LEAF_OF(t->root));
    return n;
  }
  cl_fbox_store(lo, hi, b->min, b->max);
  PUSH(sp, t->root);
  while (sp < top) {
    const cl_tree_hot *h = &t->hot[POP(sp)];
    for (k = 0; k < 2; k++) {
      int c = h->child[k];
      if (!(h->lo[k][0] <= hi[0] && lo[0] <= h->hi[k][0] && h->lo[k][1] <= hi[1]
            && lo[1] <= h->hi[k][1] && h->lo[k][2] <= hi[2] && lo[2] <= h->hi[k][2])) continue;
      if (h->height[k] > 0) {
        PREFETCH(&t->hot[c]);
        PUSH(sp, c);
      } else if (box_overlap(&t->leaves[LEAF_OF(c)].box, b)) {
        set_leaf_entry(t, &out[n++], LEAF_OF(c));
      }
    }
  }
  return n;
}

int cl_tree_query(cl_tree *t, const cl_shape *s, cl_tree_scratch *sc,
                  const cl_tree_entry **out) {
  query_target q;
  int n;
  if (sc == NULL) sc = &t->own;
  target_shape(&q, s);
  n = q.by == BY_AABB ? walk_box(t, &q.box, sc->stack + sc->capacity, sc->list)
                      : walk(t, &q, sc->stack + sc->capacity, sc->list);
  sort_entries(sc->list, n);
  *out = sc->list;
  return n;
}

int cl_tree_query_among(cl_tree *t, const cl_shape *s, const int *proxies, int n,
                        cl_tree_scratch *sc, const cl_tree_entry **out) {
  query_target q;
  int i, m = 0;
  if (sc == NULL) sc = &t->own;
  target_shape(&q, s);
  for (i = 0; i < n; i++)
    if (leaf_hits(&t->leaves[proxies[i]].box, &q)) set_leaf_entry(t, &sc->list[m++], proxies[i]);
  sort_entries(sc->list, m);
  *out = sc->list;
  return m;
}

int cl_tree_query_convex(cl_tree *t, const cl_plane *planes, int np,
                         cl_tree_scratch *sc, const cl_tree_entry **out) {
  query_target q;
  int n;
  if (sc == NULL) sc = &t->own;
  memset(&q, 0, sizeof q);
  q.by = BY_PLANES;
  q.planes = planes;
  q.np = np;
  n = walk(t, &q, sc->stack + sc->capacity, sc->list);
  sort_entries(sc->list, n);
  *out = sc->list;
  return n;
}

/* each leaf in (id, proxy) order is queried with its own fat box and
** paired with the leaves after it in that order (Box2D's UpdatePairs finds
** the pairs the same way) */
void cl_tree_pairs(cl_tree *t, cl_tree_scratch *sc,
                   int (*fn)(void *ud, int a, int b), void *ud) {
  /* the leaves in order, then room for the count - 1 that can follow one */
  cl_tree_entry *leaves, *partners;
  int nl = 0, i, j;
  if (sc == NULL) sc = &t->own;
  leaves = sc->list;
  partners = sc->list + t->count;
  for (i = 0; i < t->capacity; i++)
    if (CL_TREE_LIVE(&t->leaves[i])) set_leaf_entry(t, &leaves[nl++], i);
  sort_entries(leaves, nl);
  for (i = 0; i < nl; i++) {
    cl_shape box;
    query_target q;
    int n;
    aabb_of_box(&box.aabb, &t->leaves[leaves[i].node].box);
    target_shape(&q, &box);
    q.after = &leaves[i];
    n = walk(t, &q, sc->stack + sc->capacity, partners);
    sort_entries(partners, n);
    for (j = 0; j < n; j++)
      if (!fn(ud, leaves[i].node, partners[j].node)) return;
  }
}

/* Pairs by one walk of the tree against itself (the self-collision walk of
** Bullet's btDbvt::collideTT): a node paired with itself pairs each child
** with itself and the two children with each other when their boxes
** touch; two distinct nodes whose boxes touch split the taller one. Every
** pair of leaves is met once, below the node where their paths part.
** Internal boxes are the hot records' (rounded outwards: pruning is
** conservative); two leaves are decided by their exact fat boxes. The
** walk's stack of node pairs lives in the scratch's list; a tree too tall
** for that room (never seen: it needs a height near a third of its node
** count) takes cl_tree_pairs's way. The pairs found are then sorted, so
** the cost is the walk plus P log P for P pairs. */

static int hot_overlap(const cl_tree_hot *h, int k, const box_t *b) {
  return h->lo[k][0] <= b->max[0] && b->min[0] <= h->hi[k][0]
      && h->lo[k][1] <= b->max[1] && b->min[1] <= h->hi[k][1]
      && h->lo[k][2] <= b->max[2] && b->min[2] <= h->hi[k][2];
}

static int hot_siblings_overlap(const cl_tree_hot *h) {
  return h->lo[0][0] <= h->hi[1][0] && h->lo[1][0] <= h->hi[0][0]
      && h->lo[0][1] <= h->hi[1][1] && h->lo[1][1] <= h->hi[0][1]
      && h->lo[0][2] <= h->hi[1][2] && h->lo[1][2] <= h->hi[0][2];
}

/* leaf a comes before leaf b in (id, proxy) order */
static int leaf_before(const cl_tree *t, int a, int b) {
  long long ia = t->leaves[a].id, ib = t->leaves[b].id;
  return ia != ib ? ia < ib : a < b;
}

static int pair_less(const cl_tree *t, const cl_tree_pair *x, const cl_tree_pair *y) {
  if (x->a != y->a) return leaf_before(t, x->a, y->a);
  return leaf_before(t, x->b, y->b);
}

static void pair_sift(const cl_tree *t, cl_tree_pair *a, long long n, long long i) {
  cl_tree_pair x = a[i];
  for (;;) {
    long long c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && pair_less(t, &a[c], &a[c + 1])) c++;
    if (!pair_less(t, &x, &a[c])) break;
    a[i] = a[c];
    i = c;
  }
  a[i] = x;
}

static void sort_pairs(const cl_tree *t, cl_tree_pair *a, long long n) {
  long long i;
  for (i = n / 2 - 1; i >= 0; i--) pair_sift(t, a, n, i);
  for (i = n - 1; i > 0; i--) {
    cl_tree_pair x = a[0];
    a[0] = a[i];
    a[i] = x;
    pair_sift(t, a, i, 0);
  }
}

/* the pairs by one walk per leaf of its fat box, each pair kept from its
** first leaf in (id, proxy) order, then sorted: cl_tree_pair_list's
** answer with a list that holds one entry a leaf */
static long long pairs_by_leaf(cl_tree *t, cl_tree_scratch *sc, cl_tree_pair *out,
                               long long max) {
  long long n = 0;
  int i;
  for (i = 0; i < t->capacity; i++) {
    int m, j;
    if (!CL_TREE_LIVE(&t->leaves[i])) continue;
    m = walk_box(t, &t->leaves[i].box, sc->stack + sc->capacity, sc->list);
    for (j = 0; j < m; j++) {
      int p = sc->list[j].node;
      if (p == i || !leaf_before(t, i, p)) continue;
      if (n < max) { out[n].a = i; out[n].b = p; }
      n++;
    }
  }
  if (n <= max) sort_pairs(t, out, n);
  return n;
}

typedef struct { cl_tree_pair *out; long long n, max; } pair_out;

static int collect_pair(void *ud, int a, int b) {
  pair_out *o = (pair_out *)ud;
  if (o->n < o->max) { o->out[o->n].a = a; o->out[o->n].b = b; }
  o->n++;
  return 1;
}

long long cl_tree_pair_list(cl_tree *t, cl_tree_scratch *sc, cl_tree_pair *out, long long max) {
  int (*stack)[2], sp = 0, room;
  long long n = 0;
  if (sc == NULL) sc = &t->own;
  if (t->root == NIL || IS_LEAF(t->root)) return 0;
  stack = (int (*)[2])(void *)sc->list;
  room = (int)((size_t)sc->list_room * sizeof(cl_tree_entry) / sizeof *stack);
  stack[sp][0] = stack[sp][1] = t->root;
  sp++;
  while (sp > 0) {
    int a = stack[sp - 1][0], b = stack[sp - 1][1];
    const cl_tree_hot *h;
    sp--;
    if (sp + 4 > room) {
      pair_out o;
      if (sc->list_room < 2 * t->count) return pairs_by_leaf(t, sc, out, max);
      o.out = out;
      o.n = 0;
      o.max = max;
      cl_tree_pairs(t, sc, collect_pair, &o);
      return o.n;
    }
    if (a == b) {
      h = &t->hot[a];
      if (h->height[0] > 0) { stack[sp][0] = stack[sp][1] = h->child[0]; sp++; }
      if (h->height[1] > 0) { stack[sp][0] = stack[sp][1] = h->child[1]; sp++; }
      if (hot_siblings_overlap(h)) { stack[sp][0] = h->child[0]; stack[sp][1] = h->child[1]; sp++; }
    } else if (IS_LEAF(a) && IS_LEAF(b)) {
      a = LEAF_OF(a);
      b = LEAF_OF(b);
      if (box_overlap(&t->leaves[a].box, &t->leaves[b].box)) {
        if (n < max) {
          int first = leaf_before(t, a, b);
          out[n].a = first ? a : b;
          out[n].b = first ? b : a;
        }
        n++;
      }
    } else {
      int k;
      box_t bb;
      if (ref_height(t, a) < ref_height(t, b)) { int x = a; a = b; b = x; }
      ref_box(t, b, &bb);
      h = &t->hot[a];
      PREFETCH(&t->hot[h->child[0]]);
      PREFETCH(&t->hot[h->child[1]]);
      for (k = 0; k < 2; k++)
        if (hot_overlap(h, k, &bb)) {
          stack[sp][0] = h->child[k];
          stack[sp][1] = b;
          sp++;
        }
    }
  }
  if (n <= max) sort_pairs(t, out, n);
  return n;
}

/* more than one leaf in MOVED_SHARE moved: one walk of the whole tree
** costs less than a query for each (measured at 100,000 boxes) */
#define MOVED_SHARE 8

static void restart_moves(cl_tree *t) {
  int i = t->moved;
  while (i != NIL) {
    int next = t->moves[i];
    t->moves[i] = CL_TREE_UNMOVED;
    i = next;
  }
  t->moved = NIL;
  t->nmoved = 0;
  t->pairs_epoch++;
}

static int unmoved_leaf(const cl_tree *t, int i) {
  return i >= 0 && i < t->capacity && CL_TREE_LIVE(&t->leaves[i])
      && t->moves[i] == CL_TREE_UNMOVED;
}

static int kept_pair(const cl_tree *t, const cl_tree_pair *p) {
  return unmoved_leaf(t, p->a) && unmoved_leaf(t, p->b);
}

long long cl_tree_pairs_update(cl_tree *t, cl_tree_scratch *sc, const cl_tree_pair *old,
                               long long nold, unsigned old_epoch, cl_tree_pair *out,
                               long long max) {
  long long kept = 0, fresh = 0, i, w, in;
  int m;
  if (old == NULL || old_epoch != t->pairs_epoch
      || (long long)t->nmoved * MOVED_SHARE > t->count) {
    long long n = cl_tree_pair_list(t, sc, out, max);
    if (n <= max) restart_moves(t);
    return n;
  }
  if (sc == NULL) sc = &t->own;
  /* the pairs of two leaves that stayed: counted here, read from old when
  ** merging */
  for (i = 0; i < nold; i++) kept += kept_pair(t, &old[i]);
  /* the moved leaves' pairs, at the back of out while there is room; a
  ** pair of two moved leaves is taken from the one of lower index */
  for (m = t->moved; m != NIL; m = t->moves[m]) {
    int n, j;
    if (!CL_TREE_LIVE(&t->leaves[m])) continue;
    n = walk_box(t, &t->leaves[m].box, sc->stack + sc->capacity, sc->list);
    for (j = 0; j < n; j++) {
      int p = sc->list[j].node;
      if (p == m || (p < m && t->moves[p] != CL_TREE_UNMOVED)) continue;
      if (kept + fresh < max) {
        cl_tree_pair *x = &out[max - 1 - fresh];
        int first = leaf_before(t, m, p);
        x->a = first ? m : p;
        x->b = first ? p : m;
      }
      fresh++;
    }
  }
  if (kept + fresh > max) return kept + fresh;
  sort_pairs(t, out + (max - fresh), fresh);
  /* merged forwards, the kept pairs from old (which out does not overlap)
  ** and the fresh ones from the back of out: after w writes, at most kept
  ** of them from old, the fresh pair read is at max - fresh + (w - those)
  ** >= w, so no write lands on a fresh pair not read yet */
  w = 0;
  i = 0;
  in = max - fresh;
  while (w < kept + fresh) {
    while (i < nold && !kept_pair(t, &old[i])) i++;
    if (in < max && (i >= nold || pair_less(t, &out[in], &old[i]))) out[w++] = out[in++];
    else out[w++] = old[i++];
  }
  restart_moves(t);
  return kept + fresh;
}

/* ---------------------------------------------------------------------- */
/* invariants                                                             */

int cl_tree_validate(cl_tree *t, cl_tree_scratch *sc, const char **why) {
  const cl_tree_hot *H = t->hot;
  int sp = 0, reached = 0, leaves = 0, nfree = 0, nfree_nodes = 0, i, *stack, room;
  if (sc == NULL) sc = &t->own;
  stack = sc->stack;
  room = sc->capacity;
  for (i = t->free_leaf; i != NIL; i = CL_TREE_FREE_LINK(t->leaves[i].parent)) {
    if (i < 0 || i >= t->capacity) { *why = "free list leaves the pool"; return 0; }
    if (CL_TREE_LIVE(&t->leaves[i])) { *why = "leaf on the free list is in use"; return 0; }
    if (++nfree > t->capacity) { *why = "free list has a cycle"; return 0; }
  }
  for (i = t->free_node; i != NIL; i = t->up[i]) {
    if (i < 0 || i >= t->capacity) { *why = "free list leaves the pool"; return 0; }
    if (H[i].height[0] != -1) { *why = "node on the free list is in use"; return 0; }
    if (++nfree_nodes > t->capacity) { *why = "free list has a cycle"; return 0; }
  }
  if (t->root == NIL) {
    if (t->count != 0) { *why = "empty tree with a nonzero count"; return 0; }
    if (nfree != t->capacity || nfree_nodes != t->capacity) {
      *why = "empty tree with nodes in use"; return 0;
    }
    return 1;
  }
  if (IS_LEAF(t->root) ? LEAF_OF(t->root) >= t->capacity || t->leaves[LEAF_OF(t->root)].parent != NIL
                       : t->root < 0 || t->root >= t->capacity || t->up[t->root] != NIL) {
    *why = "root is not a parentless node"; return 0;
  }
  stack[sp++] = t->root;
  while (sp > 0) {
    int r = stack[--sp], a, b, ha, hb, k;
    if (++reached > 2 * t->capacity - nfree - nfree_nodes) {
      *why = "more nodes reached than in use"; return 0;
    }
    if (IS_LEAF(r)) {
      const cl_tree_leaf *l = &t->leaves[LEAF_OF(r)];
      if (!CL_TREE_LIVE(l)) { *why = "free node in the tree"; return 0; }
      if (!(l->box.min[0] <= l->box.max[0] && l->box.min[1] <= l->box.max[1]
            && l->box.min[2] <= l->box.max[2])) { *why = "box with min > max"; return 0; }
      leaves++;
      continue;
    }
    if (H[r].height[0] < 0) { *why = "free node in the tree"; return 0; }
    a = H[r].child[0];
    b = H[r].child[1];
    if (a == b || a == NIL || b == NIL || (IS_LEAF(a) ? LEAF_OF(a) : a) >= t->capacity
        || (IS_LEAF(b) ? LEAF_OF(b) : b) >= t->capacity) {
      *why = "internal node without two children"; return 0;
    }
    if (ref_parent(t, a) != r || ref_parent(t, b) != r) {
      *why = "child whose parent is not its parent"; return 0;
    }
    ha = ref_height(t, a);
    hb = ref_height(t, b);
    if (H[r].height[0] != ha || H[r].height[1] != hb) { *why = "child height is stale"; return 0; }
    if (ha - hb > BALANCE || hb - ha > BALANCE) { *why = "children's heights differ by too much"; return 0; }
    for (k = 0; k < 2; k++) {
      int c = H[r].child[k], j;
      float lo[3], hi[3];
      box_t cb;
      ref_box(t, c, &cb);
      cl_fbox_store(lo, hi, cb.min, cb.max);
      for (j = 0; j < 3; j++)
        if (lo[j] != H[r].lo[k][j] || hi[j] != H[r].hi[k][j]) {
          *why = IS_LEAF(c) ? "rounded child box is stale" : "box is not the union of the children's";
          return 0;
        }
    }
    if (sp + 2 > room) { *why = "walk overflows"; return 0; }
    stack[sp++] = a;
    stack[sp++] = b;
  }
  if (leaves != t->count) { *why = "leaf count differs from count"; return 0; }
  if (leaves + nfree != t->capacity || reached - leaves + nfree_nodes != t->capacity) {
    *why = "nodes neither in the tree nor free"; return 0;
  }
  return 1;
}
