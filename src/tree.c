/*
** tree.c - dynamic AABB tree: insertion by the surface-area heuristic and
** AVL-style rotations (the scheme of Box2D's b2DynamicTree, Erin Catto),
** queries by depth-first walk, rays by a best-first walk on a binary heap.
*/
#include <float.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "tree.h"

#define NIL (-1)

/* ---------------------------------------------------------------------- */
/* boxes                                                                  */

static void box_union(cl_aabb *r, const cl_aabb *a, const cl_aabb *b) {
  int k;
  r->tag = CL_AABB;
  for (k = 0; k < 3; k++) {
    r->min[k] = a->min[k] < b->min[k] ? a->min[k] : b->min[k];
    r->max[k] = a->max[k] > b->max[k] ? a->max[k] : b->max[k];
  }
}

static int box_overlap(const cl_aabb *a, const cl_aabb *b) {
  return a->min[0] <= b->max[0] && b->min[0] <= a->max[0]
      && a->min[1] <= b->max[1] && b->min[1] <= a->max[1]
      && a->min[2] <= b->max[2] && b->min[2] <= a->max[2];
}

static int box_contains(const cl_aabb *outer, const cl_aabb *inner) {
  return outer->min[0] <= inner->min[0] && inner->max[0] <= outer->max[0]
      && outer->min[1] <= inner->min[1] && inner->max[1] <= outer->max[1]
      && outer->min[2] <= inner->min[2] && inner->max[2] <= outer->max[2];
}

static int box_equal(const cl_aabb *a, const cl_aabb *b) {
  return box_contains(a, b) && box_contains(b, a);
}

static double clamp_max(double x) { return x > DBL_MAX ? DBL_MAX : x; }

/* half the surface area, clamped to DBL_MAX so that cost sums never meet
** inf - inf, even for boxes spanning the whole double range */
static double area(const cl_aabb *b) {
  double dx = clamp_max(b->max[0] - b->min[0]);
  double dy = clamp_max(b->max[1] - b->min[1]);
  double dz = clamp_max(b->max[2] - b->min[2]);
  return clamp_max(dx * dy + dy * dz + dz * dx);
}

static void fatten(cl_aabb *r, const cl_aabb *b, double margin) {
  int k;
  r->tag = CL_AABB;
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

static size_t per_node(void) {
  return sizeof(cl_tree_node) + 2 * sizeof(cl_tree_entry) + sizeof(int);
}

void cl_tree_init(cl_tree *t, double margin, cl_alloc_fn alloc, void *ud) {
  memset(t, 0, sizeof *t);
  t->root = t->free = NIL;
  t->margin = margin;
  t->alloc = alloc ? alloc : default_alloc;
  t->ud = ud;
}

void cl_tree_free(cl_tree *t) {
  if (t->nodes) t->alloc(t->ud, t->nodes, (size_t)t->capacity * per_node(), 0);
  t->nodes = NULL;
  t->capacity = t->count = 0;
  t->root = t->free = NIL;
}

/* one block holds the nodes, then the two entry scratch arrays, then the
** int stack; only the nodes are carried over */
static int grow(cl_tree *t) {
  int cap = t->capacity ? t->capacity * 2 : 16, i;
  char *block;
  if (t->capacity > INT_MAX / 2 || (size_t)cap > SIZE_MAX / per_node()) return 0;
  block = (char *)t->alloc(t->ud, NULL, 0, (size_t)cap * per_node());
  if (block == NULL) return 0;
  if (t->nodes) {
    memcpy(block, t->nodes, (size_t)t->capacity * sizeof(cl_tree_node));
    t->alloc(t->ud, t->nodes, (size_t)t->capacity * per_node(), 0);
  }
  t->nodes = (cl_tree_node *)block;
  t->heap = (cl_tree_entry *)(block + (size_t)cap * sizeof(cl_tree_node));
  t->list = t->heap + cap;
  t->stack = (int *)(t->list + cap);
  for (i = cap - 1; i >= t->capacity; i--) {
    t->nodes[i].height = -1;
    t->nodes[i].parent = t->free;
    t->free = i;
  }
  t->capacity = cap;
  return 1;
}

static int new_node(cl_tree *t) {
  int i;
  if (t->free == NIL && !grow(t)) return NIL;
  i = t->free;
  t->free = t->nodes[i].parent;
  t->nodes[i].parent = t->nodes[i].child[0] = t->nodes[i].child[1] = NIL;
  t->nodes[i].height = 0;
  t->nodes[i].id = 0;
  return i;
}

static void free_node(cl_tree *t, int i) {
  t->nodes[i].height = -1;
  t->nodes[i].parent = t->free;
  t->free = i;
}

/* ---------------------------------------------------------------------- */
/* structure                                                              */

static void refit(cl_tree *t, int i) {
  cl_tree_node *n = &t->nodes[i];
  const cl_tree_node *a = &t->nodes[n->child[0]], *b = &t->nodes[n->child[1]];
  box_union(&n->box, &a->box, &b->box);
  n->height = 1 + (a->height > b->height ? a->height : b->height);
}

/* Child k of A is two taller than its sibling: it takes A's place, keeps
** its own taller child and hands the shorter one to A. Since a bounding
** volume tree has no order to keep, this one rotation covers both AVL
** cases and leaves both nodes balanced (Box2D b2DynamicTree::Balance). */
static int rotate(cl_tree *t, int ia, int k) {
  cl_tree_node *N = t->nodes;
  int ic = N[ia].child[k], f = N[ic].child[0], g = N[ic].child[1];
  int tall = N[f].height > N[g].height ? f : g, small = tall == f ? g : f;
  int p = N[ia].parent;
  N[ic].parent = p;
  if (p == NIL) t->root = ic;
  else N[p].child[N[p].child[0] == ia ? 0 : 1] = ic;
  N[ic].child[0] = ia;
  N[ic].child[1] = tall;
  N[ia].parent = ic;
  N[ia].child[k] = small;
  N[small].parent = ia;
  refit(t, ia);
  refit(t, ic);
  return ic;
}

static int balance(cl_tree *t, int i) {
  const cl_tree_node *n = &t->nodes[i];
  int d;
  if (n->height < 2) return i;
  d = t->nodes[n->child[1]].height - t->nodes[n->child[0]].height;
  if (d > 1) return rotate(t, i, 1);
  if (d < -1) return rotate(t, i, 0);
  return i;
}

/* from i up to the root: rebalance and refit every ancestor */
static void fix_upwards(cl_tree *t, int i) {
  while (i != NIL) {
    i = balance(t, i);
    refit(t, i);
    i = t->nodes[i].parent;
  }
}

/* the sibling is chosen by the surface-area heuristic: descend while
** pushing the leaf down is cheaper than pairing it here (Catto, "Dynamic
** Bounding Volume Hierarchies", GDC 2019); parent is a free node */
static void insert_leaf(cl_tree *t, int leaf, int parent) {
  cl_tree_node *N = t->nodes;
  const cl_aabb *box = &N[leaf].box;
  int i = t->root, up;
  if (i == NIL) {
    t->root = leaf;
    N[leaf].parent = NIL;
    free_node(t, parent);
    return;
  }
  while (N[i].height > 0) {
    cl_aabb u;
    double a, combined, cost, inherit, c[2];
    int k;
    a = area(&N[i].box);
    box_union(&u, &N[i].box, box);
    combined = area(&u);
    cost = 2 * combined;
    inherit = 2 * (combined - a);
    for (k = 0; k < 2; k++) {
      const cl_tree_node *ch = &N[N[i].child[k]];
      box_union(&u, &ch->box, box);
      c[k] = (ch->height == 0 ? area(&u) : area(&u) - area(&ch->box)) + inherit;
    }
    if (cost < c[0] && cost < c[1]) break;
    i = N[i].child[c[0] < c[1] ? 0 : 1];
  }
  up = N[i].parent;
  N[parent].parent = up;
  N[parent].child[0] = i;
  N[parent].child[1] = leaf;
  N[parent].height = 1;
  box_union(&N[parent].box, &N[i].box, box);
  N[i].parent = parent;
  N[leaf].parent = parent;
  if (up == NIL) t->root = parent;
  else N[up].child[N[up].child[0] == i ? 0 : 1] = parent;
  fix_upwards(t, up);
}

/* unlinks the leaf; its parent node is returned free for a reinsertion */
static int remove_leaf(cl_tree *t, int leaf) {
  cl_tree_node *N = t->nodes;
  int p, g, s;
  if (leaf == t->root) { t->root = NIL; return NIL; }
  p = N[leaf].parent;
  g = N[p].parent;
  s = N[p].child[N[p].child[0] == leaf ? 1 : 0];
  N[s].parent = g;
  if (g == NIL) t->root = s;
  else N[g].child[N[g].child[0] == p ? 0 : 1] = s;
  fix_upwards(t, g);
  return p;
}

int cl_tree_insert(cl_tree *t, const cl_aabb *box, long long id) {
  int leaf, parent;
  if (t->root != NIL) {
    /* both nodes first, so running out of memory leaves the tree as it was */
    if (t->free == NIL || t->nodes[t->free].parent == NIL) {
      if (!grow(t)) return NIL;
    }
    parent = new_node(t);
  } else {
    parent = NIL;
  }
  leaf = new_node(t);
  if (leaf == NIL) return NIL;
  fatten(&t->nodes[leaf].box, box, t->margin);
  t->nodes[leaf].id = id;
  if (parent == NIL) { t->root = leaf; }
  else insert_leaf(t, leaf, parent);
  t->count++;
  return leaf;
}

int cl_tree_move(cl_tree *t, int proxy, const cl_aabb *box) {
  cl_tree_node *n = &t->nodes[proxy];
  cl_aabb huge;
  int p;
  fatten(&huge, box, 4 * t->margin);
  if (box_contains(&n->box, box) && box_contains(&huge, &n->box)) return 0;
  p = remove_leaf(t, proxy);
  fatten(&t->nodes[proxy].box, box, t->margin);
  if (p == NIL) { t->root = proxy; t->nodes[proxy].parent = NIL; }
  else insert_leaf(t, proxy, p);
  return 1;
}

void cl_tree_remove(cl_tree *t, int proxy) {
  int p = remove_leaf(t, proxy);
  if (p != NIL) free_node(t, p);
  free_node(t, proxy);
  t->count--;
}

int cl_tree_is_proxy(const cl_tree *t, int proxy) {
  return proxy >= 0 && proxy < t->capacity && t->nodes[proxy].height == 0;
}

int cl_tree_height(const cl_tree *t) {
  return t->root == NIL ? 0 : t->nodes[t->root].height;
}

/* ---------------------------------------------------------------------- */
/* ordering: binary heap and heapsort on entries                          */

static int entry_less(const cl_tree_entry *a, const cl_tree_entry *b) {
  if (a->t != b->t) return a->t < b->t;
  if (a->leaf != b->leaf) return a->leaf < b->leaf;
  if (a->id != b->id) return a->id < b->id;
  return a->node < b->node;
}

/* sift a[i] down a heap of n entries; min-heap when dir is 1, max-heap
** when 0 */
static void sift_down(cl_tree_entry *a, int n, int i, int dir) {
  cl_tree_entry x = a[i];
  for (;;) {
    int c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && (dir ? entry_less(&a[c + 1], &a[c]) : entry_less(&a[c], &a[c + 1]))) c++;
    if (!(dir ? entry_less(&a[c], &x) : entry_less(&x, &a[c]))) break;
    a[i] = a[c];
    i = c;
  }
  a[i] = x;
}

static void heap_push(cl_tree_entry *a, int *n, const cl_tree_entry *x) {
  int i = (*n)++;
  while (i > 0) {
    int p = (i - 1) / 2;
    if (!entry_less(x, &a[p])) break;
    a[i] = a[p];
    i = p;
  }
  a[i] = *x;
}

static cl_tree_entry heap_pop(cl_tree_entry *a, int *n) {
  cl_tree_entry top = a[0];
  a[0] = a[--*n];
  if (*n > 0) sift_down(a, *n, 0, 1);
  return top;
}

/* in place, no allocation */
static void sort_entries(cl_tree_entry *a, int n) {
  int i;
  for (i = n / 2 - 1; i >= 0; i--) sift_down(a, n, i, 0);
  for (i = n - 1; i > 0; i--) {
    cl_tree_entry x = a[0];
    a[0] = a[i];
    a[i] = x;
    sift_down(a, i, 0, 0);
  }
}

static void set_leaf_entry(const cl_tree *t, cl_tree_entry *e, int i) {
  e->t = 0;
  e->id = t->nodes[i].id;
  e->node = i;
  e->leaf = 1;
}

/* ---------------------------------------------------------------------- */
/* queries                                                                */

/* the box lies entirely behind the plane: its vertex furthest along n is
** behind it (an overflow to inf keeps the box, never drops it) */
static int behind(const cl_aabb *b, const cl_plane *p) {
  double s = 0;
  int k;
  for (k = 0; k < 3; k++) s += p->n[k] * (p->n[k] >= 0 ? b->max[k] : b->min[k]);
  return s < p->d;
}

static int node_hits(const cl_aabb *box, const cl_shape *s, const cl_plane *planes, int np) {
  int k;
  if (planes) {
    for (k = 0; k < np; k++)
      if (behind(box, &planes[k])) return 0;
    return 1;
  }
  if (s->tag == CL_AABB) return box_overlap(box, &s->aabb);
  return cl_intersects((const cl_shape *)(const void *)box, s);
}

static int walk(cl_tree *t, const cl_shape *s, const cl_plane *planes, int np) {
  int sp = 0, n = 0;
  if (t->root == NIL) return 0;
  t->stack[sp++] = t->root;
  while (sp > 0) {
    int i = t->stack[--sp];
    const cl_tree_node *nd = &t->nodes[i];
    if (!node_hits(&nd->box, s, planes, np)) continue;
    if (nd->height == 0) set_leaf_entry(t, &t->list[n++], i);
    else { t->stack[sp++] = nd->child[0]; t->stack[sp++] = nd->child[1]; }
  }
  sort_entries(t->list, n);
  return n;
}

int cl_tree_query(cl_tree *t, const cl_shape *s, const cl_tree_entry **out) {
  int n = walk(t, s, NULL, 0);
  *out = t->list;
  return n;
}

int cl_tree_query_convex(cl_tree *t, const cl_plane *planes, int n,
                         const cl_tree_entry **out) {
  int m = walk(t, NULL, planes, n);
  *out = t->list;
  return m;
}

/* each leaf in (id, proxy) order is queried with its own fat box and
** paired with the leaves after it in that order (Box2D's UpdatePairs finds
** the pairs the same way) */
void cl_tree_pairs(cl_tree *t, int (*fn)(void *ud, int a, int b), void *ud) {
  cl_tree_entry *leaves = t->heap;
  int nl = 0, i, j;
  for (i = 0; i < t->capacity; i++)
    if (t->nodes[i].height == 0) set_leaf_entry(t, &leaves[nl++], i);
  sort_entries(leaves, nl);
  for (i = 0; i < nl; i++) {
    const cl_aabb *box = &t->nodes[leaves[i].node].box;
    int sp = 0, n = 0;
    t->stack[sp++] = t->root;
    while (sp > 0) {
      int k = t->stack[--sp];
      const cl_tree_node *nd = &t->nodes[k];
      if (!box_overlap(&nd->box, box)) continue;
      if (nd->height > 0) { t->stack[sp++] = nd->child[0]; t->stack[sp++] = nd->child[1]; }
      else {
        cl_tree_entry e;
        set_leaf_entry(t, &e, k);
        if (entry_less(&leaves[i], &e)) t->list[n++] = e;
      }
    }
    sort_entries(t->list, n);
    for (j = 0; j < n; j++)
      if (!fn(ud, leaves[i].node, t->list[j].node)) return;
  }
}

/* ---------------------------------------------------------------------- */
/* rays                                                                   */

/* widening by 8 units in the last place keeps the interval a superset of
** the one the exact casts compute by division (rays.c), so a node is never
** dropped for rounding and the entry t stays a lower bound */
#define WIDEN (4 * DBL_EPSILON)
static double down(double x) { return x > 0 ? x * (1 - WIDEN) : x * (1 + WIDEN); }
static double up(double x) { return x > 0 ? x * (1 + WIDEN) : x * (1 - WIDEN); }

/* slab test of the segment [0, tmax] against a node's box */
static int ray_box(const cl_tree_ray *c, const cl_aabb *b, double *tenter) {
  double tn = -INFINITY, tf = INFINITY, lo, hi;
  int k;
  for (k = 0; k < 3; k++) {
    double t1, t2;
    switch (c->mode[k]) {
      case 0:
        if (c->o[k] < b->min[k] || c->o[k] > b->max[k]) return 0;
        continue;
      case 1:
        t1 = (b->min[k] - c->o[k]) * c->inv[k];
        t2 = (b->max[k] - c->o[k]) * c->inv[k];
        break;
      default:
        t1 = (b->min[k] - c->o[k]) / c->d[k];
        t2 = (b->max[k] - c->o[k]) / c->d[k];
        break;
    }
    if (t1 > t2) { double s = t1; t1 = t2; t2 = s; }
    if (t1 > tn) tn = t1;
    if (t2 < tf) tf = t2;
  }
  lo = down(tn);
  hi = up(tf);
  if (lo > hi || hi < 0 || lo > c->tmax) return 0;
  *tenter = lo > 0 ? lo : 0;
  return 1;
}

static void push_node(cl_tree_ray *c, int i) {
  const cl_tree_node *n = &c->tree->nodes[i];
  cl_tree_entry e;
  if (!ray_box(c, &n->box, &e.t)) return;
  e.leaf = n->height == 0;
  e.id = e.leaf ? n->id : 0;
  e.node = i;
  heap_push(c->heap, &c->n, &e);
}

void cl_tree_ray_begin(cl_tree_ray *c, cl_tree *t, const cl_ray *r, cl_tree_entry *heap) {
  int k;
  c->tree = t;
  c->heap = heap ? heap : t->heap;
  c->n = 0;
  cl_copy(c->o, r->o);
  cl_copy(c->d, r->d);
  c->tmax = r->tmax;
  for (k = 0; k < 3; k++) {
    c->inv[k] = r->d[k] != 0 ? 1 / r->d[k] : 0;
    c->mode[k] = r->d[k] == 0 ? 0 : (isinf(c->inv[k]) ? 2 : 1);
  }
  if (t->root != NIL) push_node(c, t->root);
}

int cl_tree_ray_next(cl_tree_ray *c, double limit, double *tenter) {
  while (c->n > 0) {
    cl_tree_entry e;
    const cl_tree_node *n;
    if (c->heap[0].t > limit) { c->n = 0; break; }
    e = heap_pop(c->heap, &c->n);
    if (e.leaf) { *tenter = e.t; return e.node; }
    n = &c->tree->nodes[e.node];
    push_node(c, n->child[0]);
    push_node(c, n->child[1]);
  }
  return NIL;
}

/* ---------------------------------------------------------------------- */
/* invariants                                                             */

int cl_tree_validate(cl_tree *t, const char **why) {
  const cl_tree_node *N = t->nodes;
  int sp = 0, reached = 0, leaves = 0, nfree = 0, i;
  for (i = t->free; i != NIL; i = N[i].parent) {
    if (i < 0 || i >= t->capacity) { *why = "free list leaves the pool"; return 0; }
    if (N[i].height != -1) { *why = "node on the free list is in use"; return 0; }
    if (++nfree > t->capacity) { *why = "free list has a cycle"; return 0; }
  }
  if (t->root == NIL) {
    if (t->count != 0) { *why = "empty tree with a nonzero count"; return 0; }
    if (nfree != t->capacity) { *why = "empty tree with nodes in use"; return 0; }
    return 1;
  }
  if (t->root < 0 || t->root >= t->capacity || N[t->root].parent != NIL) {
    *why = "root is not a parentless node"; return 0;
  }
  t->stack[sp++] = t->root;
  while (sp > 0) {
    const cl_tree_node *n;
    i = t->stack[--sp];
    n = &N[i];
    if (++reached > t->capacity - nfree) { *why = "more nodes reached than in use"; return 0; }
    if (n->height < 0) { *why = "free node in the tree"; return 0; }
    if (!(n->box.min[0] <= n->box.max[0] && n->box.min[1] <= n->box.max[1]
          && n->box.min[2] <= n->box.max[2])) { *why = "box with min > max"; return 0; }
    if (n->height == 0) {
      if (n->child[0] != NIL || n->child[1] != NIL) { *why = "leaf with children"; return 0; }
      leaves++;
    } else {
      int a = n->child[0], b = n->child[1], ha, hb;
      cl_aabb u;
      if (a < 0 || b < 0 || a >= t->capacity || b >= t->capacity || a == b) {
        *why = "internal node without two children"; return 0;
      }
      if (N[a].parent != i || N[b].parent != i) { *why = "child whose parent is not its parent"; return 0; }
      ha = N[a].height; hb = N[b].height;
      if (n->height != 1 + (ha > hb ? ha : hb)) { *why = "height is not 1 + the taller child's"; return 0; }
      if (ha - hb > 1 || hb - ha > 1) { *why = "children's heights differ by more than 1"; return 0; }
      box_union(&u, &N[a].box, &N[b].box);
      if (!box_equal(&u, &n->box)) { *why = "box is not the union of the children's"; return 0; }
      if (sp + 2 > t->capacity) { *why = "walk overflows"; return 0; }
      t->stack[sp++] = a;
      t->stack[sp++] = b;
    }
  }
  if (leaves != t->count) { *why = "leaf count differs from count"; return 0; }
  if (reached + nfree != t->capacity) { *why = "nodes neither in the tree nor free"; return 0; }
  return 1;
}
