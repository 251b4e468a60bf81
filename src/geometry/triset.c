/*
** triset.c - the contact and the manifold of a shape with a set of
** triangles, a mesh's or a heightfield's: the deepest of the pair
** contacts (cl_contact) of the triangles the shape intersects, ties to the
** lowest index; and the points of every such triangle's candidates
** (cl_manifold_add, clipped along that deepest normal) reduced to four in
** passes of cl_reduce, the triangles in increasing index each pass.
** No allocation: a mesh's manifold takes the caller's scratch for the
** indices of its triangles.
*/
#include "fp.h"
#include "collide/mesh.h"
#include "collide/heightfield.h"

/* candidates kept by the first pass of a manifold's reduction: when they
** fit, the triangles are visited twice (the deepest, then the points) */
#define TRISET_BUF 128

typedef struct {
  int found;
  double n[3], depth;
  size_t index;
} deepest;

static void deepest_init(deepest *b) {
  b->found = 0;
  b->depth = 0;
  cl_set(b->n, 0, 0, 0);
  b->index = 0;
}

/* the contact of triangle t (index) and s, in that order when tri_first,
** kept when it is the first, deeper, or as deep at a lower index (the
** triangles may come in any order) */
static void deepest_add(deepest *b, const cl_shape *t, const cl_shape *s, int tri_first,
                        size_t index) {
  double nv[3], depth;
  int hit = tri_first ? cl_contact(t, s, nv, &depth) : cl_contact(s, t, nv, &depth);
  if (hit && (!b->found || depth > b->depth || (depth == b->depth && index < b->index))) {
    b->found = 1;
    b->depth = depth;
    cl_copy(b->n, nv);
    b->index = index;
  }
}

/* what a contact's triangles are given to */
typedef struct {
  deepest best;
  const cl_shape *s;
  int tri_first;
} contact_ctx;

/* the shapes a set of triangles has a contact with: not a ray, not a
** triangle (triangle-triangle contact is not supported) */
static int contact_shape(const cl_shape *s) {
  return s->tag != CL_RAY && s->tag != CL_TRIANGLE;
}

/* 0 when s has no contact with triangles, else c ready for them */
static int contact_begin(contact_ctx *c, const cl_shape *s, int tri_first) {
  deepest_init(&c->best);
  c->s = s;
  c->tri_first = tri_first;
  return contact_shape(s);
}

static int contact_result(const contact_ctx *c, double n[3], double *depth, size_t *index) {
  if (!c->best.found) return 0;
  cl_copy(n, c->best.n);
  *depth = c->best.depth;
  *index = c->best.index;
  return 1;
}

static double tri_scale(const cl_triangle *t) {
  return cl_fmax(cl_maxabs3(t->v[0]), cl_fmax(cl_maxabs3(t->v[1]), cl_maxabs3(t->v[2])));
}

/* a manifold under way: a first pass (pass -1) finds the deepest contact
** and the scale of the points, the next ones feed the reduction */
typedef struct {
  deepest best;
  cl_reduce red;
  cl_contact_point buf[TRISET_BUF];
  const cl_shape *s;
  int tri_first, pass;
  double scale;
} trimanifold;

static void trimanifold_init(trimanifold *t, const cl_shape *s, int tri_first) {
  cl_aabb b;
  deepest_init(&t->best);
  t->s = s;
  t->tri_first = tri_first;
  t->pass = -1;
  t->scale = 0;
  if (s->tag == CL_PLANE) t->scale = fabs(s->plane.d);
  else if (cl_bounds(s, &b)) t->scale = cl_fmax(cl_maxabs3(b.min), cl_maxabs3(b.max));
}

static void trimanifold_add(trimanifold *t, const cl_shape *tri, size_t index) {
  if (t->pass < 0) {
    deepest_add(&t->best, tri, t->s, t->tri_first, index);
    t->scale = cl_fmax(t->scale, tri_scale(&tri->tri));
    return;
  }
  if (t->tri_first) cl_manifold_add(tri, t->s, t->best.n, &t->red);
  else cl_manifold_add(t->s, tri, t->best.n, &t->red);
}

/* 1 while the triangles are to be given again */
static int trimanifold_next(trimanifold *t) {
  if (t->pass < 0) {
    if (!t->best.found) return 0;
    cl_reduce_init(&t->red, t->best.n, t->scale);
    cl_reduce_buffer(&t->red, t->buf, TRISET_BUF);
    t->pass = 0;
    return 1;
  }
  t->pass++;
  return cl_reduce_next(&t->red);
}

static int trimanifold_finish(const trimanifold *t, cl_contacts *out) {
  if (!t->best.found || cl_reduce_finish(&t->red, out) == 0) {
    out->count = 0;
    return 0;
  }
  cl_copy(out->n, t->best.n);
  return out->count;
}

/* ---- meshes ---- */

static int mesh_visit_contact(void *ud, const cl_triangle *t, size_t index) {
  contact_ctx *c = (contact_ctx *)ud;
  cl_shape tri;
  tri.tri = *t;
  deepest_add(&c->best, &tri, c->s, c->tri_first, index);
  return 1;
}

int cl_mesh_contact(const cl_mesh *m, const cl_shape *s, int mesh_first, double n[3],
                    double *depth, size_t *index) {
  contact_ctx c;
  if (!contact_begin(&c, s, mesh_first)) return 0;
  cl_mesh_visit(m, s, mesh_visit_contact, &c);
  return contact_result(&c, n, depth, index);
}

int cl_mesh_manifold(const cl_mesh *m, const cl_shape *s, int mesh_first, uint32_t *scratch,
                     cl_contacts *out) {
  trimanifold tm;
  size_t n, k;
  out->count = 0;
  if (!contact_shape(s)) return 0;
  n = cl_mesh_query(m, s, scratch);
  trimanifold_init(&tm, s, mesh_first);
  do {
    for (k = 0; k < n; k++) {
      cl_shape t;
      cl_mesh_triangle(m, scratch[k], &t.tri);
      trimanifold_add(&tm, &t, scratch[k]);
    }
  } while (trimanifold_next(&tm));
  return trimanifold_finish(&tm, out);
}

/* ---- heightfields ---- */

static int hf_visit_contact(void *ud, uint32_t index, const cl_triangle *t) {
  return mesh_visit_contact(ud, t, index);
}

int cl_heightfield_contact(const cl_heightfield *hf, const cl_shape *s, int hf_first,
                           double n[3], double *depth, size_t *index) {
  contact_ctx c;
  if (!contact_begin(&c, s, hf_first)) return 0;
  cl_heightfield_query(hf, s, hf_visit_contact, &c);
  return contact_result(&c, n, depth, index);
}

static int hf_visit_manifold(void *ud, uint32_t index, const cl_triangle *t) {
  cl_shape tri;
  tri.tri = *t;
  trimanifold_add((trimanifold *)ud, &tri, index);
  return 1;
}

int cl_heightfield_manifold(const cl_heightfield *hf, const cl_shape *s, int hf_first,
                            cl_contacts *out) {
  trimanifold tm;
  out->count = 0;
  if (!contact_shape(s)) return 0;
  trimanifold_init(&tm, s, hf_first);
  do {
    cl_heightfield_query(hf, s, hf_visit_manifold, &tm);
  } while (trimanifold_next(&tm));
  return trimanifold_finish(&tm, out);
}
