/*
** fuzz_tree.c - the dynamic AABB tree (src/geometry/tree.c) under a random sequence
** of inserts, moves, removes and queries, checked after every step against
** a brute-force list of the live proxies and their fat boxes.
**
** Input: a margin byte, then operations (up to 96), each an op byte and its
** numbers. Boxes are valid (finite, min <= max) but may be huge or tiny.
** Properties:
**  - cl_tree_validate holds after every change;
**  - insert gives a proxy that is not live, whose fat box holds the box;
**    move keeps the fat box holding the new box; a batch of moves
**    (cl_tree_batch_*: every live leaf nudged) leaves a valid tree;
**  - query, query_convex, raycast_all and the ray walk miss no live leaf
**    whose fat box the exact test says they should find (they may add
**    more: their pruning is conservative), report only live leaves, each
**    once, raycast_all in order of t, the walk in nondecreasing t;
**  - pairs reports every touching pair of live fat boxes exactly once;
**    cl_tree_pairs_update, fed the pairs it gave at the last pairs step,
**    gives the very list cl_tree_pairs gives, in its order.
*/
#include "fuzz_common.h"
#include "tree_ray.h"             /* the tree and its ray walk */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAXLIVE 128

static int live[MAXLIVE], nlive;
static unsigned char seen[4096];

static void read_box(fz_in *in, cl_aabb *b) {
  double a[3], c[3], x;
  int k;
  fz_vec(in, a); fz_vec(in, c);
  for (k = 0; k < 3; k++) {
    if (!isfinite(a[k])) a[k] = 0;
    if (!isfinite(c[k])) c[k] = 1;
    if (a[k] > c[k]) { x = a[k]; a[k] = c[k]; c[k] = x; }
  }
  cl_aabb_init(b, a, c);
}

static int holds(const cl_aabb *outer, const cl_aabb *inner) {
  int k;
  for (k = 0; k < 3; k++)
    if (inner->min[k] < outer->min[k] || inner->max[k] > outer->max[k]) return 0;
  return 1;
}

static int is_live(int p) {
  int i;
  for (i = 0; i < nlive; i++) if (live[i] == p) return 1;
  return 0;
}

/* the leaf's fat box, in a buffer good until the next call */
static const cl_aabb *fat_of(const cl_tree *t, int p) {
  static cl_aabb box;
  cl_tree_fat(t, p, &box);
  return &box;
}

static void fat(const cl_tree *t, int p, cl_shape *s) {
  cl_tree_fat(t, p, &s->aabb);
}

/* the list names only live leaves, each once, and every proxy in want[] */
static void check_list(const cl_tree *t, const cl_tree_entry *e, int n, const int *want, int nw,
                       const char *what) {
  int i;
  memset(seen, 0, sizeof seen);
  for (i = 0; i < n; i++) {
    FZ_CHECK(e[i].leaf && e[i].node >= 0 && e[i].node < (int)sizeof seen, what, e[i].node);
    FZ_CHECK(is_live(e[i].node), what, e[i].node);
    FZ_CHECK(!seen[e[i].node], what, e[i].node);
    seen[e[i].node] = 1;
  }
  for (i = 0; i < nw; i++) FZ_CHECK(seen[want[i]], what, want[i]);
  (void)t;
}

static int pair_count[MAXLIVE][MAXLIVE];

/* the largest magnitude of any box or query shape so far */
#define WORLD_MAX 1e15
static double world;
static void note_box(const cl_aabb *b) {
  double m = fmax(cl_maxabs3(b->min), cl_maxabs3(b->max));
  if (m > world) world = m;
}
/* the magnitude of a query shape's numbers */
static double shape_scale(const cl_shape *s) {
  cl_aabb b;
  if (cl_bounds(s, &b)) return fmax(cl_maxabs3(b.min), cl_maxabs3(b.max));
  if (s->tag == CL_PLANE) return fabs(s->plane.d);
  return cl_maxabs3(s->ray.o);
}

static int index_of(int p) {
  int i;
  for (i = 0; i < nlive; i++) if (live[i] == p) return i;
  return -1;
}

#define MAXPAIRS (MAXLIVE * (MAXLIVE - 1) / 2)
/* the pairs as cl_tree_pairs lists them; those cl_tree_pairs_update gave
** at the last pairs step (have: any yet) and gives now */
static cl_tree_pair listed[MAXPAIRS], kept[2][MAXPAIRS];
static long long nlisted, nkept;
static int have, cur;
static unsigned kept_epoch;

static int on_pair(void *ud, int a, int b) {
  int ia = index_of(a), ib = index_of(b);
  (void)ud;
  FZ_CHECK(ia >= 0 && ib >= 0 && a != b, "pairs: not a live pair", a);
  pair_count[ia][ib]++;
  pair_count[ib][ia]++;
  listed[nlisted].a = a;
  listed[nlisted++].b = b;
  return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = {data, size};
  cl_tree t;
  const char *why;
  int ops, want[MAXLIVE], nw, i, j;
  double margin = (fz_byte(&in) % 8) * 0.125;
  cl_tree_init(&t, margin, NULL, NULL);
  nlive = 0;
  have = 0;
  world = 0;
  for (ops = 0; ops < 96 && in.n > 0; ops++) {
    int op = fz_byte(&in) % 8;
    cl_aabb b;
    if (op == 0 || nlive == 0) {                          /* insert */
      int p;
      if (nlive == MAXLIVE) continue;
      read_box(&in, &b);
      note_box(&b);
      p = cl_tree_insert(&t, &b, (long long)fz_byte(&in));
      FZ_CHECK(p >= 0 && p < (int)sizeof seen, "insert failed", p);
      FZ_CHECK(!is_live(p), "insert gave a live proxy", p);
      FZ_CHECK(holds(fat_of(&t, p), &b), "fat box does not hold the box", p);
      live[nlive++] = p;
    } else if (op == 1) {                                 /* move */
      int p = live[fz_byte(&in) % nlive];
      read_box(&in, &b);
      note_box(&b);
      (void)cl_tree_move(&t, p, &b);
      FZ_CHECK(holds(fat_of(&t, p), &b), "moved fat box does not hold the box", p);
    } else if (op == 2) {                                 /* remove */
      int k = fz_byte(&in) % nlive;
      cl_tree_remove(&t, live[k]);
      FZ_CHECK(!cl_tree_is_proxy(&t, live[k]), "removed proxy still a proxy", live[k]);
      live[k] = live[--nlive];
    } else if (op == 3 || op == 4) {                      /* query a shape */
      cl_shape s, f;
      const cl_tree_entry *e;
      fz_scale sc = {0, INFINITY};
      int n;
      if (!fz_shape(&in, &s, fz_byte(&in) % CL_NKINDS, 0, &sc)) continue;
      n = cl_tree_query(&t, &s, NULL, &e);
      if (getenv("FZ_VERBOSE")) {
        fz_print("query", &s);
        for (i = 0; i < nlive; i++) {
          const cl_aabb *fb = fat_of(&t, live[i]);
          fprintf(stderr, "leaf %d: %.17g %.17g %.17g  %.17g %.17g %.17g\n", live[i],
                  fb->min[0], fb->min[1], fb->min[2], fb->max[0], fb->max[1], fb->max[2]);
        }
        for (i = 0; i < n; i++) fprintf(stderr, "got %d\n", e[i].node);
      }
      /* The exact tests on boxes spanning huge values are themselves only
      ** as precise as the box's size (centre and half extents): compare
      ** with them only in a world of moderate coordinates (aabb-aabb, exact
      ** on min and max, always). */
      if (fmax(world, shape_scale(&s)) > WORLD_MAX && s.tag != CL_AABB) continue;
      for (nw = 0, i = 0; i < nlive; i++) {
        fat(&t, live[i], &f);
        if (cl_intersects(&f, &s)) want[nw++] = live[i];
      }
      check_list(&t, e, n, want, nw, "query misses or repeats a leaf");
      if (s.tag == CL_RAY) {                              /* and as a ray */
        cl_tree_ray c;
        double tprev = -INFINITY, te;
        int p, count = 0;
        n = cl_tree_raycast_all(&t, &s.ray, NULL, &e);
        check_list(&t, e, n, want, nw, "raycast_all misses or repeats a leaf");
        for (i = 1; i < n; i++) FZ_CHECK(e[i - 1].t <= e[i].t, "raycast_all not in t order", i);
        memset(seen, 0, sizeof seen);
        cl_tree_ray_begin(&c, &t, &s.ray, NULL);
        while ((p = cl_tree_ray_next(&c, INFINITY, &te)) >= 0) {
          FZ_CHECK(is_live(p) && !seen[p], "ray walk: dead or repeated leaf", p);
          FZ_CHECK(!(te < tprev), "ray walk: t decreased", te);
          seen[p] = 1;
          tprev = te;
          FZ_CHECK(++count <= nlive, "ray walk: too many leaves", count);
        }
        for (i = 0; i < nw; i++) FZ_CHECK(seen[want[i]], "ray walk misses a leaf", want[i]);
      }
    } else if (op == 5) {                                 /* convex query */
      cl_plane pl[6];
      const cl_tree_entry *e;
      int np = 1 + fz_byte(&in) % 6, n, k;
      for (k = 0; k < np; k++) {
        double nn[3], d;
        fz_vec(&in, nn);
        d = fz_double(&in);
        if (!fz_finite3(nn) || !isfinite(d) || !cl_plane_init(&pl[k], nn, d)) {
          double z[3] = {0, 0, 1};
          cl_plane_init(&pl[k], z, 0);
        }
      }
      n = cl_tree_query_convex(&t, pl, np, NULL, &e);
      if (world > WORLD_MAX) continue;
      if (getenv("FZ_VERBOSE")) {
        for (k = 0; k < np; k++)
          fprintf(stderr, "plane %.17g %.17g %.17g %.17g\n", pl[k].n[0], pl[k].n[1], pl[k].n[2], pl[k].d);
        for (i = 0; i < nlive; i++) {
          const cl_aabb *f = fat_of(&t, live[i]);
          fprintf(stderr, "leaf %d: %.17g %.17g %.17g  %.17g %.17g %.17g\n", live[i],
                  f->min[0], f->min[1], f->min[2], f->max[0], f->max[1], f->max[2]);
        }
        for (i = 0; i < n; i++) fprintf(stderr, "got %d\n", e[i].node);
      }
      /* want: the leaves clearly not behind any plane, their furthest
      ** corner in front by more than rounding (a box just touching a plane
      ** may be decided either way) */
      for (nw = 0, i = 0; i < nlive; i++) {
        const cl_aabb *f = fat_of(&t, live[i]);
        int in_all = 1;
        for (k = 0; k < np; k++) {
          double far = 0, scale = fabs(pl[k].d);
          int a;
          for (a = 0; a < 3; a++) {
            double c = pl[k].n[a] >= 0 ? f->max[a] : f->min[a];
            far += pl[k].n[a] * c;
            scale += fabs(pl[k].n[a] * c);
          }
          if (!(far - pl[k].d > 1e-12 * scale)) in_all = 0;
        }
        if (in_all) want[nw++] = live[i];
      }
      check_list(&t, e, n, want, nw, "query_convex misses or repeats a leaf");
    } else if (op == 6) {                                 /* pairs */
      long long n;
      memset(pair_count, 0, sizeof pair_count);
      nlisted = 0;
      cl_tree_pairs(&t, NULL, on_pair, NULL);
      {
        /* the room given: just enough, or a little more (a merge into a
        ** roomier buffer once wrote over pairs it had not read yet), and
        ** now and then too little first, which must change nothing */
        uint8_t r = fz_byte(&in);
        long long room = nlisted + (r & 7) * (r & 8 ? nlisted / 4 + 1 : 1);
        if (room > MAXPAIRS) room = MAXPAIRS;
        if ((r & 0x80) && nlisted > 0) {
          unsigned epoch = t.pairs_epoch;
          n = cl_tree_pairs_update(&t, NULL, have ? kept[cur] : NULL, nkept, kept_epoch,
                                   kept[1 - cur], nlisted - 1);
          FZ_CHECK(n == nlisted, "pairs_update: another count with too little room", (int)n);
          FZ_CHECK(t.pairs_epoch == epoch, "pairs_update: changed the tree with too little room", 0);
        }
        n = cl_tree_pairs_update(&t, NULL, have ? kept[cur] : NULL, nkept, kept_epoch,
                                 kept[1 - cur], room);
      }
      FZ_CHECK(n == nlisted, "pairs_update: another count", (int)n);
      for (i = 0; i < (int)n; i++)
        FZ_CHECK(kept[1 - cur][i].a == listed[i].a && kept[1 - cur][i].b == listed[i].b,
                 "pairs_update: another pair or order", i);
      cur = 1 - cur;
      nkept = n;
      kept_epoch = t.pairs_epoch;
      have = 1;
      for (i = 0; i < nlive; i++)
        for (j = i + 1; j < nlive; j++) {
          cl_shape fa, fb;
          int touch;
          fat(&t, live[i], &fa);
          fat(&t, live[j], &fb);
          touch = cl_intersects(&fa, &fb);
          FZ_CHECK(pair_count[i][j] == touch, "pairs: a touching pair missed or repeated",
                   pair_count[i][j]);
        }
    } else {                  /* move one, or every live leaf as a batch, by a nudge */
      int sel = fz_byte(&in), all = sel & 1, p = live[(sel >> 1) % nlive], pass, k, escaping = 0;
      int batch = 0;
      double d[3];
      fz_vec(&in, d);
      for (i = 0; i < 3; i++) d[i] = isfinite(d[i]) ? fmod(d[i], 2.0) : 0;
      /* pass 0 counts the escaping leaves, pass 1 moves them */
      for (pass = 0; pass < 2; pass++) {
        if (pass == 1 && all) batch = cl_tree_batch_begin(&t, escaping);
        for (k = 0; k < (all ? nlive : 1); k++) {
          int q = all ? live[k] : p;
          cl_tree_fat(&t, q, &b);
          for (i = 0; i < 3; i++) {
            b.min[i] += d[i]; b.max[i] += d[i];
            if (!(b.min[i] <= b.max[i]) || !isfinite(b.min[i]) || !isfinite(b.max[i])) {
              b.min[i] = 0; b.max[i] = 1;
            }
          }
          if (pass == 0) { escaping += cl_tree_escapes(&t, q, &b); continue; }
          note_box(&b);
          if (all) (void)cl_tree_batch_move(&t, batch, q, &b);
          else (void)cl_tree_move(&t, q, &b);
        }
      }
      if (all) cl_tree_batch_end(&t, batch);
    }
    FZ_CHECK(cl_tree_validate(&t, NULL, &why), why ? why : "validate", ops);
    FZ_CHECK(t.count == nlive, "count", t.count);
  }
  cl_tree_free(&t);
  return 0;
}
