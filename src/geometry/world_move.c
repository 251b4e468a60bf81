/*
** world_move.c - bump.lua's move-and-slide in 3D over the world's items
** (cl_world_move, world.h): the push-out, the legs and their responses;
** the character's passes (character.c) are built on these steps.
*/
#include "fp.h"
#include "tolerance.h"
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <string.h>
#include "bounds.h"
#include "collide/compound.h"
#include "collide/hull.h"
#include "world_move.h"
#include "dispatch.h"


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

int cl_world_sweep_item(const move_state *st, int id, const cl_shape *mover, const double d[3],
                        cl_hit *h) {
  long long idx;
  return cl_world_sweep_one(st, &st->w->items[id], mover, d, h, &idx)
         && cl_world_one_way_blocks(st->w, &st->w->items[id], mover, h);
}

/* whether the box outer holds the box inner */
static int box_holds(const cl_aabb *outer, const cl_aabb *inner) {
  return outer->min[0] <= inner->min[0] && inner->max[0] <= outer->max[0]
         && outer->min[1] <= inner->min[1] && inner->max[1] <= outer->max[1]
         && outer->min[2] <= inner->min[2] && inner->max[2] <= outer->max[2];
}

/* b grown by grow each way, into g */
static void box_grown(const cl_aabb *b, double grow, cl_aabb *g) {
  int k;
  for (k = 0; k < 3; k++) {
    g->min[k] = b->min[k] - grow;
    g->max[k] = b->max[k] + grow;
  }
  g->tag = CL_AABB;
}

/* whether the tree box of the bounded item id meets b */
static int leaf_meets(const cl_world *w, int id, const cl_aabb *b) {
  const cl_tree_box *t = &w->tree->leaves[w->items[id].proxy].box;
  return t->min[0] <= b->max[0] && b->min[0] <= t->max[0] && t->min[1] <= b->max[1]
         && b->min[1] <= t->max[1] && t->min[2] <= b->max[2] && b->min[2] <= t->max[2];
}

/* whether the rooms' kept gathering serves a move of reach box over the
** mesh item id: the same item, seq and shape, no mesh or heightfield
** changed since (the world's geo_version), a mesh without a change
** counter (one polled may change unseen), and box inside the kept box */
static int near_kept(const cl_world *w, const cl_world_scratch *s, int id, const cl_aabb *box) {
  const cl_world_item *it = &w->items[id];
  return s->near_item == id && s->near_seq == it->seq && s->near_shape == it->shape
         && s->near_geo == w->geo_version && it->changes == NULL
         && box_holds(&s->near_kept.box, box);
}

/* the mesh item id's triangles near box into the move st: those kept in
** the rooms when they serve it, else gathered anew (grown by grow each
** way when the same owner gathered last, so that its next moves find
** them kept) and kept; 0 when there are more than the rooms hold */
static int near_mesh(move_state *st, int id, const cl_aabb *box, const void *owner, double grow) {
  const cl_world *w = st->w;
  cl_world_scratch *s = st->s;
  const cl_world_item *it = &w->items[id];
  const cl_mesh *m = (const cl_mesh *)it->shape;
  int ok = 0;
  if (near_kept(w, s, id, box)) {
    st->near = s->near_kept;
  } else {
    s->near_item = -1;
    if (owner != NULL && owner == s->near_owner && grow > 0) {
      cl_aabb g;
      box_grown(box, grow, &g);
      ok = cl_mesh_near_gather(m, &g, s->near, CL_WORLD_NEAR, s->near_tris, CL_WORLD_NEAR_TRIS,
                               &st->near);
    }
    if (!ok && !cl_mesh_near_gather(m, box, s->near, CL_WORLD_NEAR, s->near_tris,
                                    CL_WORLD_NEAR_TRIS, &st->near))
      return 0;
    if (s->near_axes != NULL) cl_mesh_near_keep_axes(m, &st->near, s->near_axes);
    s->near_kept = st->near;
    s->near_item = id;
    s->near_seq = it->seq;
    s->near_shape = it->shape;
    s->near_geo = w->geo_version;
  }
  s->near_owner = owner;
  st->near.memo = &st->memo;
  return 1;
}

/* whether the items kept in the scratch serve the move st of reach box:
** gathered for the same item, mask and shape, the world unchanged since
** the move that gathered or used them ended, and box inside their box */
static int items_kept(const cl_world *w, const cl_world_scratch *s, const move_state *st,
                      const cl_aabb *box) {
  return s->items_n >= 0 && !s->items_ending && s->items_self == st->self
         && s->items_mask == st->mask && s->items_skip == st->skip
         && s->items_version == w->version && box_holds(&s->items_box, box);
}

/* the bounded candidates of box b into the near items (as many as there
** are, stored up to the room), their box into st->near_box; how many
** (and all the candidates, s->cands, *ncands) */
static int gather_items(move_state *st, const cl_aabb *b, int *ncands) {
  static const double zero[3] = {0, 0, 0};
  const cl_world *w = st->w;
  cl_world_scratch *s = st->s;
  cl_shape q;
  int n, i, k = 0;
  q.aabb.tag = CL_AABB;
  cl_copy(q.aabb.min, b->min);
  cl_copy(q.aabb.max, b->max);
  n = cl_world_candidates(st->w, s, &q, zero, st->skip, st->self, st->mask);
  *ncands = n;
  for (i = 0; i < n; i++) {
    if (w->items[s->cands[i]].proxy < 0) continue;   /* the unbounded: every step's */
    if (s->near_items != NULL && k < CL_WORLD_NEAR_ITEMS) s->near_items[k] = s->cands[i];
    k++;
  }
  cl_world_swept_box(&q, zero, &st->near_box);           /* the box the tree was asked */
  return k;
}

void cl_world_move_near(move_state *st, const cl_aabb *box, const void *owner, double grow) {
  const cl_world *w = st->w;
  cl_world_scratch *s = st->s;
  int i, k, n = 0;
  const int *list;
  st->near_mesh = NULL;
  st->nnear_items = -1;
  if (s->near_items == NULL && s->near == NULL) return;
  if (owner != NULL && s->near_items != NULL && items_kept(w, s, st, box)) {
    k = s->items_n;
    st->near_box = s->items_box;
  } else {
    /* the same owner again: gathered wider, for its next moves */
    int grown = owner != NULL && s->near_items != NULL && owner == s->items_owner && grow > 0;
    s->items_n = -1;
    if (grown) {
      cl_aabb g;
      box_grown(box, grow, &g);
      k = gather_items(st, &g, &n);
      if (!(k <= CL_WORLD_NEAR_ITEMS)) grown = 0;
    }
    if (!grown) k = gather_items(st, box, &n);
    if (owner != NULL && s->near_items != NULL && k <= CL_WORLD_NEAR_ITEMS) {
      s->items_n = k;
      s->items_self = st->self;
      s->items_mask = st->mask;
      s->items_skip = st->skip;
      s->items_box = st->near_box;
    }
  }
  s->items_owner = owner;
  s->items_ending = s->items_n >= 0;
  /* the triangles of the first mesh whose tree box meets box: among the
  ** near items, or, when they did not fit, among the candidates of box
  ** itself (its gathering was the last) */
  if (s->near_items != NULL && k <= CL_WORLD_NEAR_ITEMS) {
    list = s->near_items;
    n = k;
  } else {
    list = s->cands;
  }
  for (i = 0; i < n && s->near != NULL; i++) {
    const cl_world_item *it = &w->items[list[i]];
    if (it->proxy < 0 || it->kind != CL_WORLD_MESH || !leaf_meets(w, list[i], box)) continue;
    if (near_mesh(st, list[i], box, owner, grow)) st->near_mesh = it->shape;
    break;
  }
  if (s->near_items != NULL && k <= CL_WORLD_NEAR_ITEMS) st->nnear_items = k;
}

void cl_world_keep_items(const cl_world *w, cl_world_scratch *s) {
  if (!s->items_ending) return;
  s->items_version = w->version;
  s->items_ending = 0;
}

/* cl_world_move_candidates with box, the bounds of shape swept by d */
static int move_candidates(move_state *st, const cl_shape *shape, const double d[3],
                           const cl_aabb *box) {
  const cl_world *w = st->w;
  cl_world_scratch *s = st->s;
  int i, k = 0;
  if (st->nnear_items < 0 || !box_holds(&st->near_box, box))
    return cl_world_candidates(st->w, s, shape, d, st->skip, st->self, st->mask);
  for (i = 0; i < st->nnear_items; i++)
    if (leaf_meets(w, s->near_items[i], box)) s->cands[k++] = s->near_items[i];
  return cl_world_unbounded_candidates(w, s->cands, k, st->self, st->mask);
}

/* cl_world_candidates of the move st: the same ids in the same order,
** picked among the gathered ones when the swept bounds are within the
** gathered box (a tree box meets the swept bounds only if it meets that
** box) */
int cl_world_move_candidates(move_state *st, const cl_shape *shape, const double d[3]) {
  cl_aabb box;
  if (st->nnear_items < 0)
    return cl_world_candidates(st->w, st->s, shape, d, st->skip, st->self, st->mask);
  cl_world_swept_box(shape, d, &box);
  return move_candidates(st, shape, d, &box);
}

static int respond_to(move_state *st, int other) {
  cl_world_marks *it = &st->s->marks[other];
  int r;
  if (st->respond == NULL) return CL_WORLD_SLIDE;
  if (it->resp_mark == st->mark) return it->resp;
  r = st->respond(st->ud, st->self, other);
  if (r == CL_WORLD_ABORT) { st->aborted = 1; return CL_WORLD_IGNORE; }
  it = &st->s->marks[other];
  it->resp_mark = st->mark;
  it->resp = r;
  return r;
}

static void record(move_state *st, int other, int type, double t, const double n[3],
                   const double p[3]) {
  cl_world_collisions *o = st->out;
  if (o->n < o->max) {
    cl_world_collision *c = &o->c[o->n];
    memset(c, 0, sizeof *c);                     /* (its padding too: compared whole) */
    c->other = cl_world_id(st->w, other);
    c->type = type;
    c->t = t;
    cl_copy(c->n, n);
    cl_copy(c->p, p);
    c->material = cl_world_material_at(st->w, other, p);
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
      if (aabb_place(&w->aabb, &cl_world_shape_of(other)->aabb, t2, k, s, 1, r[k])) {
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
typedef struct {
  const cl_shape *w;
  int found;
  size_t best;
  double n[3], depth;
  cl_segment_memo *memo;
} deepest;

static int deepest_tri(void *ud, const cl_triangle *t, size_t index) {
  deepest *q = (deepest *)ud;
  double n[3], depth;
  if (cl_contact_memo((const cl_shape *)(const void *)t, q->w, n, &depth, q->memo)
      && (!q->found || depth > q->depth || (depth == q->depth && index < q->best))) {
    q->found = 1;
    q->best = index;
    q->depth = depth;
    cl_copy(q->n, n);
  }
  return 1;
}

static int contact_item(move_state *st, const cl_world_item *it, const cl_shape *w,
                        double n[3], double *depth) {
  if (CL_IS_TRISET(it->kind)) {
    deepest q;
    q.w = w;
    q.found = 0;
    q.best = 0;
    q.depth = 0;
    q.memo = &st->memo;
    cl_world_geo_visit(st, it, w, deepest_tri, &q);
    if (!q.found) return 0;
    cl_copy(n, q.n);
    *depth = q.depth;
  } else {
    cl_shape s;
    cl_shape_copy(&s, cl_world_shape_of(it));
    if (!cl_contact_memo(&s, w, n, depth, &st->memo)) return 0;
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
  if (cl_world_sweep_one(st, it, w, zero, &h, &idx)) cl_copy(p, h.p);
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
** motion: a short probe that gains no depth (within CL_ALONG of its length,
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
  if (t == 0 && n[0] * r[0] + n[1] * r[1] + n[2] * r[2] >= -CL_ALONG * rlen) return 0;
  if (s->tag == CL_PLANE) return 1;
  if (!st->have_at) {
    cl_shape_copy(&st->at, w);
    cl_shape_copy(&st->probe, w);
    st->have_at = 1;
  } else {
    cl_shape_copy_back(&st->at, w);
  }
  cl_set(tr, r[0] * t, r[1] * t, r[2] * t);
  cl_translate(&st->at, tr);
  (void)cl_bounds_of(&st->at, &box);
  scale = 1 + maxabs_box(&box);
  /* (a contact at the end of the motion, t = 1, is classified by a probe
  ** beyond it: a seam met there is not reported as a wall either) */
  len = PROBE * scale;
  left = (1 - t) * rlen;
  if (left > 0 && len > left) len = left;
  cl_shape_copy_back(&st->probe, &st->at);
  k = len / rlen;
  cl_set(tr, r[0] * k, r[1] * k, r[2] * k);
  cl_translate(&st->probe, tr);
  if (!cl_contact_memo(s, &st->at, n0, &d0, &st->memo)) d0 = 0;
  if (!cl_contact_memo(s, &st->probe, pn, &d1, &st->memo) || d1 - d0 <= CL_ALONG * len + 1e-13 * scale) return 0;
  plus_zero(pn);
  if ((w->tag == CL_AABB || w->tag == CL_OBB)
      && pn[0] * r[0] + pn[1] * r[1] + pn[2] * r[2] < -CL_ALONG * rlen)
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
  tri_sweep *q = (tri_sweep *)ud;
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
  tri_sweep *q = (tri_sweep *)ud;
  cl_shape tri;
  cl_hit h;
  cl_shape_copy(&tri, (const cl_shape *)(const void *)t);
  if (cl_sweep_memo(q->w, q->r, &tri, 1, &q->st->memo, &h)) swept_tri(ud, t, index, &h);
  return 1;
}

/* swept_tri for the nearest-first sweep of gathered triangles: a hit
** after the first blocking one so far is never a tie of the answer and is
** left out; the list keeps each blocking hit's place in the visit's order
** (order), and the sweep's limit follows the first blocking hit */
typedef struct {
  tri_sweep q;
  double limit;
  size_t order[CL_WORLD_MAX_SEEN];
} tri_sweep_until;

static void swept_tri_until(void *ud, const cl_triangle *t, size_t index, size_t order,
                            const cl_hit *hit) {
  tri_sweep_until *u = (tri_sweep_until *)ud;
  tri_sweep *q = &u->q;
  cl_shape tri;
  cl_hit h = *hit;
  cl_shape_copy(&tri, (const cl_shape *)(const void *)t);
  hit_plus_zero(&h);
  if (q->found && h.t > q->h.t) return;
  if (!touch_blocks(q->st, q->w, h.t, &tri, q->r, q->rlen, h.n)) return;
  if (q->list != NULL && q->n < q->room) {
    cl_world_seen *e = &q->list[q->n];
    u->order[q->n++] = order;
    e->t = h.t;
    cl_copy(e->n, h.n);
    cl_copy(e->p, h.p);
  }
  if (!q->found || h.t < q->h.t || (h.t == q->h.t && index < q->best)) {
    q->found = 1;
    q->best = index;
    q->h = h;
    u->limit = h.t;
  }
}

/* the gathered triangles' hits nearest first (cl_mesh_sweep_each_near_until):
** the answer of geometry_first's visit of them all, and of its list the
** hits at the answer's t, the only ones a leg reads (leg_after), in the
** visit's order; 0 when it cannot be used (then nothing was done). Only
** for movers whose copies are exact (touch_blocks keeps a copy of an obb
** or a hull moved back, whose rounding depends on what it met before),
** and, with a list, when the caller knows the list cannot fill up
** (otherwise the later hits the visit of them all adds would decide which
** ties find room) */
static int geometry_first_near(move_state *st, const cl_world_item *it, const cl_shape *w,
                               const double r[3], const cl_aabb *box, tri_sweep *out) {
  tri_sweep_until u;
  int i, k, n = 0;
  if (w->tag == CL_OBB || w->tag == CL_HULL || !cl_world_is_near(st, it)) return 0;
  u.q = *out;
  u.limit = 1;
  if (cl_mesh_sweep_each_near_until((const cl_mesh *)it->shape, &st->near, (const cl_shape *)box, w,
                                    r, &u.limit, swept_tri_until, &u) < 0)
    return 0;
  /* the ties of the answer, in the visit's order */
  for (i = 0; u.q.found && i < u.q.n; i++) {
    cl_world_seen e;
    size_t o;
    if (u.q.list[i].t != u.q.h.t) continue;
    e = u.q.list[i];
    o = u.order[i];
    for (k = n; k > 0 && u.order[k - 1] > o; k--) {
      u.q.list[k] = u.q.list[k - 1];
      u.order[k] = u.order[k - 1];
    }
    u.q.list[k] = e;
    u.order[k] = o;
    n++;
  }
  u.q.n = n;
  *out = u.q;
  return 1;
}

/* (swept: the bounds of w swept by r, NULL to make them here) */
static int geometry_first(move_state *st, const cl_world_item *it, const cl_shape *w,
                          const double r[3], const cl_aabb *swept, double rlen, cl_hit *h,
                          cl_world_seen *list, int room, int *nlist, int few) {
  tri_sweep q;
  cl_aabb box;
  if (swept != NULL) box = *swept;
  else cl_world_swept_box(w, r, &box);
  q.st = st;
  q.w = w;
  q.r = r;
  q.rlen = rlen;
  q.found = 0;
  q.best = 0;
  q.list = list;
  q.n = 0;
  q.room = room;
  if (!((list == NULL || few) && geometry_first_near(st, it, w, r, &box, &q))
      && (!cl_world_is_near(st, it)
          || cl_mesh_sweep_each_near((const cl_mesh *)it->shape, &st->near, (const cl_shape *)&box, w,
                                     r, swept_tri, &q) < 0))
    cl_world_geo_visit(st, it, (const cl_shape *)&box, sweep_tri, &q);
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
    int geo = CL_IS_TRISET(it->kind);   /* (the filter below cannot change it) */
    if (st->s->marks[other].inside_mark == st->inside || cl_world_one_way_slot(wo, it) >= 0) continue;
    if (geo) {
      size_t ti;
      if (!cl_world_geo_sweep(st, it, w, p, &h, &ti)) continue;
    } else {
      cl_shape_copy(&target, cl_world_shape_of(it));
      if (!cl_sweep_memo(w, p, &target, 1, &st->memo, &h)) continue;
    }
    hit_plus_zero(&h);
    if (h.t >= 1) continue;
    r = respond_to(st, other);
    if (st->aborted) return 1;
    if (r == CL_WORLD_IGNORE || r == CL_WORLD_CROSS) continue;
    it = &wo->items[other];
    if (geo) {
      if (geometry_first(st, it, w, p, NULL, plen, &h, NULL, 0, NULL, 0)) return 1;
      continue;
    }
    /* the filter may have changed the item's shape in place (a hull given
    ** new points frees the old ones): read as it is now */
    cl_shape_copy(&target, cl_world_shape_of(it));
    if (touch_blocks(st, w, h.t, &target, p, plen, h.n)) {
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
  (void)cl_bounds_of(w, &box);
  tol = CL_EPSILON * (1 + maxabs_box(&box));
  for (step = 0; step < CL_WORLD_PUSH_STEPS; step++) {
    int n = cl_world_move_candidates(st, w, zero), i;
    int best = -1, br = 0, placed = 0;
    double bn[3] = {0, 0, 0}, bd = 0, p[3], tr[3];
    st->inside = ++wo->inside;
    if (st->inside == 0) {               /* wrapped: forget every old mark */
      for (i = 0; i < wo->nitems; i++) st->s->marks[i].inside_mark = 0;
      st->inside = wo->inside = 1;
    }
    for (i = 0; i < n; i++) {
      int other = st->s->cands[i];
      double nv[3], depth;
      if (cl_world_one_way_slot(wo, &wo->items[other]) >= 0) continue;   /* they never push */
      if (!contact_item(st, &wo->items[other], w, nv, &depth) || !(depth > tol)) continue;
      {
        int r = respond_to(st, other);
        if (st->aborted) return 1;
        if (r == CL_WORLD_CROSS) {
          if (st->s->marks[other].cross_mark != st->mark) {
            st->s->marks[other].cross_mark = st->mark;
            overlap_point(st, &wo->items[other], w, p);
            record(st, other, CL_WORLD_CROSS, 0, nv, p);
          }
        } else if (r != CL_WORLD_IGNORE) {
          st->s->marks[other].inside_mark = st->inside;
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
    else cl_shape_copy_back(&st->pushed, w);
    if (w->tag == CL_AABB && wo->items[best].kind == CL_AABB) {
      double s;
      int k = axis_of(bn, &s);
      if (k >= 0) {
        cl_set(tr, 0, 0, 0);
        placed = aabb_place(&st->pushed.aabb, &cl_world_shape_of(&wo->items[best])->aabb, tr, k, s, 0, 0);
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
    cl_shape_copy_back(w, &st->pushed);
    cl_add(mv, mv, tr);
    if (br == CL_WORLD_TOUCH) { stop = 1; break; }
  }
  return stop;
}

/* squared distance from the point c to the centre of the item's shape (a
** plane: to the plane): bump.lua's tie rule, nearest centre first */
static double centre_dist2(const cl_world_item *it, const double c[3]) {
  double x[3], e[3];
  cl_aabb b;
  if (!CL_IS_TRISET(it->kind)) return cl_tie_dist2(cl_world_shape_of(it), c);
  if (!cl_collider_bounds(it->kind, it->shape, &b)) return INFINITY;
  cl_aabb_frame(&b, x, e);
  x[0] = x[0] - c[0]; x[1] = x[1] - c[1]; x[2] = x[2] - c[2];
  return x[0] * x[0] + x[1] * x[1] + x[2] * x[2];
}

/* the centre of a mover, as its center() method gives it */
void cl_world_centre(const cl_shape *s, double c[3]) { cl_mover_centre(s, c); }

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
/* one leg's search: the first solid contact among the candidates (best,
** its response br and hit bh; ties by the centre's distance bdist), the
** crossed items met on the way and, for the character's ties, every solid
** contact seen */
typedef struct {
  double c[3], rlen, bdist;
  int have_bdist, best, br, ncross, nseen;
  int few;   /* the contacts the leg can see fit in seen (geometry_first) */
  cl_aabb box;   /* the bounds of the leg's shape swept by its motion */
  cl_hit bh;
  cl_world_seen *seen;
} leg_search;

/* the hit of the candidate it by the motion r of w, when it can be the
** first solid contact so far (1); nfound the contacts it added to seen */
static int leg_hit(move_state *st, leg_search *g, const cl_world_item *it, const cl_shape *w,
                   const double r[3], cl_hit *h, int *nfound) {
  *nfound = 0;
  if (CL_IS_TRISET(it->kind)) {
    /* one hit for the whole geometry: when it does not block, the
    ** triangles are swept one by one (every one when the ties at the
    ** first t are asked for) */
    size_t ti;
    int blocks = 0, all = st->tie_hook != NULL;
    /* (when every triangle is swept one by one over gathered ones, the
    ** whole geometry's sweep first would only sweep them twice: a
    ** triangle that the one-by-one sweep hits, it hits no earlier) */
    if (!all || !cl_world_is_near(st, it)) {
      if (!cl_world_geo_sweep(st, it, w, r, h, &ti)) return 0;
      hit_plus_zero(h);
      if (g->best >= 0 && h->t > g->bh.t) return 0;
      if (h->t > 0 && !all) {
        cl_shape tri;
        cl_collider_triangle(it->kind, it->shape, ti, &tri.tri);
        blocks = touch_blocks(st, w, h->t, &tri, r, g->rlen, h->n);
      }
    }
    if (!blocks) {
      if (!geometry_first(st, it, w, r, &g->box, g->rlen, h, all ? g->seen + g->nseen : NULL,
                          CL_WORLD_MAX_SEEN - g->nseen, nfound, g->few))
        return 0;
      if (g->best >= 0 && h->t > g->bh.t) return 0;
    }
  } else {
    cl_shape target;
    cl_shape_copy(&target, cl_world_shape_of(it));
    if (!cl_sweep_memo(w, r, &target, 1, &st->memo, h)) return 0;
    hit_plus_zero(h);
    /* later than the first solid contact so far: not reached */
    if (g->best >= 0 && h->t > g->bh.t) return 0;
    if (!cl_world_one_way_blocks(st->w, it, w, h)) return 0;
    if (!touch_blocks(st, w, h->t, &target, r, g->rlen, h->n)) return 0;
  }
  return 1;
}

/* the hit h of other answered by its response: crossed, seen, or the new
** first solid contact (ties: nearest centre first, then the earlier
** added) */
static void leg_answer(move_state *st, leg_search *g, int other, const cl_hit *h, int resp,
                       int nfound) {
  cl_world *wo = st->w;
  const cl_world_item *it = &wo->items[other];
  int k;
  if (resp == CL_WORLD_CROSS) {
    cl_world_cross *x = &((cl_world_cross *)st->s->crosses)[g->ncross++];
    x->other = other;
    x->t = h->t;
    cl_copy(x->p, h->p);
    cl_copy(x->n, h->n);
    return;
  }
  if (st->tie_hook != NULL) {
    if (CL_IS_TRISET(it->kind)) {
      for (k = 0; k < nfound; k++) g->seen[g->nseen + k].other = other;
      g->nseen += nfound;
    } else if (g->nseen < CL_WORLD_MAX_SEEN) {
      cl_world_seen *x = &g->seen[g->nseen++];
      x->other = other;
      x->t = h->t;
      cl_copy(x->n, h->n);
      cl_copy(x->p, h->p);
    }
  }
  if (g->best >= 0 && h->t == g->bh.t) {
    double d;
    if (!g->have_bdist) { g->bdist = centre_dist2(&wo->items[g->best], g->c); g->have_bdist = 1; }
    d = centre_dist2(it, g->c);
    if (d > g->bdist || (d == g->bdist && it->seq > wo->items[g->best].seq)) return;
    g->bdist = d;
  } else {
    g->have_bdist = 0;
  }
  g->best = other;
  g->br = resp;
  g->bh = *h;
}

/* the first solid contact of the motion r of w among the candidates, the
** crossed items met before it recorded; 0 when the filter aborted */
static int leg_search_all(move_state *st, leg_search *g, const cl_shape *w, const double r[3]) {
  cl_world *wo = st->w;
  cl_world_cross *crosses = (cl_world_cross *)st->s->crosses;
  int n, i;
  long long most = 0;   /* the contacts the candidates can add to seen, at most */
  int held = -1;
  cl_world_swept_box(w, r, &g->box);
  n = move_candidates(st, w, r, &g->box);
  /* (without gathered triangles geometry_first never asks) */
  if (st->near_mesh == NULL) most = CL_WORLD_MAX_SEEN;
  for (i = 0; i < n && most < CL_WORLD_MAX_SEEN; i++) {
    const cl_world_item *it = &wo->items[st->s->cands[i]];
    if (!CL_IS_TRISET(it->kind)) {
      most++;
    } else if (cl_world_is_near(st, it)) {
      /* a visit of the gathered triangles hands each at most once */
      if (held < 0)
        held = cl_mesh_near_holds((const cl_mesh *)it->shape, &st->near, (const cl_shape *)&g->box);
      most += held ? (long long)st->near.n : CL_WORLD_MAX_SEEN;
    } else {
      most += CL_WORLD_MAX_SEEN;
    }
  }
  g->few = most < CL_WORLD_MAX_SEEN;
  for (i = 0; i < n; i++) {
    int other = st->s->cands[i], resp, nfound;
    cl_hit h;
    if (st->s->marks[other].cross_mark == st->mark) continue;
    if (!leg_hit(st, g, &wo->items[other], w, r, &h, &nfound)) continue;
    resp = respond_to(st, other);
    if (st->aborted) return 0;
    if (resp != CL_WORLD_IGNORE) leg_answer(st, g, other, &h, resp, nfound);
  }
  if (g->ncross > 0) {
    int k = 0;
    for (i = 0; i < g->ncross; i++) {
      if (g->best < 0 || crosses[i].t <= g->bh.t) {
        crosses[k] = crosses[i];
        crosses[k].d = centre_dist2(&wo->items[crosses[k].other], g->c);
        k++;
      }
    }
    sort_crosses(wo, crosses, k);
    for (i = 0; i < k; i++) {
      st->s->marks[crosses[i].other].cross_mark = st->mark;
      record(st, crosses[i].other, CL_WORLD_CROSS, crosses[i].t, crosses[i].n, crosses[i].p);
    }
  }
  return 1;
}

/* the free motion r of w, when nothing stops it: 0 when its end
** overflows (a shape near 1e308 moved by 1e308), refused as a translation
** of the shape is */
static int leg_free(move_state *st, cl_shape *w, const double r[3], double mv[3]) {
  cl_aabb box;
  int k;
  (void)cl_bounds_of(w, &box);
  for (k = 0; k < 3; k++) {
    double lo = box.min[k] + r[k], hi = box.max[k] + r[k];
    if (lo - lo != 0 || hi - hi != 0) { st->overflow = 1; return 0; }
  }
  cl_translate(w, r);
  cl_add(mv, mv, r);
  return 1;
}

/* the rest r of the motion after the contact g found, answered by its
** response (slide, bounce) and the character's hooks; 0 when it ends the
** move */
static int leg_after(move_state *st, const leg_search *g, double r[3]) {
  double e[3];
  int i, stop = 0;
  cl_copy(e, g->bh.n);
  if (st->hook != NULL) stop = st->hook(st, g->bh.p, g->bh.n, g->best, e);
  /* the other solid contacts at the same t: which of them is answered
  ** first depends on the tie rule (items by centre, a mesh's triangles by
  ** index), what they are does not */
  for (i = 0; st->tie_hook != NULL && i < g->nseen; i++) {   /* (seen only with one) */
    const cl_world_seen *x = &g->seen[i];
    if (x->t == g->bh.t && !(x->other == g->best && x->n[0] == g->bh.n[0]
                             && x->n[1] == g->bh.n[1] && x->n[2] == g->bh.n[2]))
      st->tie_hook(st, x->p, x->n, x->other);
  }
  if (stop) return 0;
  if (g->br == CL_WORLD_BOUNCE) {
    double d = r[0] * e[0] + r[1] * e[1] + r[2] * e[2];
    if (d < 0) { r[0] = r[0] - 2 * d * e[0]; r[1] = r[1] - 2 * d * e[1]; r[2] = r[2] - 2 * d * e[2]; }
  } else {
    clip_slide(st, e, r);
  }
  return 1;
}

void cl_world_legs(move_state *st, cl_shape *w, const double r0[3], double mv[3]) {
  cl_world_seen seen[CL_WORLD_MAX_SEEN];
  double r[3];
  int solids = 0;
  cl_copy(r, r0);
  cl_set(mv, 0, 0, 0);
  while (r[0] != 0 || r[1] != 0 || r[2] != 0) {
    leg_search g;
    double tr[3];
    g.rlen = sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]);
    g.bdist = 0;
    g.have_bdist = 0;
    g.best = -1;
    g.br = 0;
    g.ncross = 0;
    g.nseen = 0;
    g.seen = seen;
    memset(&g.bh, 0, sizeof g.bh);
    cl_world_centre(w, g.c);
    if (!leg_search_all(st, &g, w, r)) return;
    if (g.best < 0) {
      (void)leg_free(st, w, r, mv);
      break;
    }
    move_to_contact(w, &st->w->items[g.best], g.bh.t, r, g.bh.n, tr);
    cl_add(mv, mv, tr);
    record(st, g.best, g.br, g.bh.t, g.bh.n, g.bh.p);
    solids++;
    if (g.br == CL_WORLD_TOUCH || solids >= CL_WORLD_MAX_SLIDES) break;
    r[0] = r[0] - tr[0]; r[1] = r[1] - tr[1]; r[2] = r[2] - tr[2];
    /* the character pushes what gives way, and follows it */
    if (st->push != NULL && g.br == CL_WORLD_SLIDE) st->push(st, w, g.best, g.bh.n, r, mv);
    if (st->aborted) return;
    if (!leg_after(st, &g, r)) break;
  }
}

void cl_world_move_begin(move_state *st, cl_world *w, cl_world_scratch *s, int id,
                         uint32_t mask, cl_world_respond_at respond, void *ud,
                         cl_world_collisions *out) {
  /* (the memo last, not cleared: its init marks it empty) */
  memset(st, 0, offsetof(move_state, memo));
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
  cl_segment_memo_init(&st->memo);
  st->mark = ++w->mark;
  if (st->mark == 0) {                 /* wrapped: forget every old mark */
    int i;
    for (i = 0; i < w->nitems; i++) s->marks[i].resp_mark = s->marks[i].cross_mark = 0;
    st->mark = w->mark = 1;
  }
  out->n = 0;
}

int cl_world_move_with(cl_world *w, cl_world_scratch *s, int id, const double d[3], uint32_t mask,
                  cl_world_respond_at respond, void *ud, double moved[3], cl_world_collisions *out) {
  move_state st;
  cl_shape wsh;
  const cl_shape *shape = (const cl_shape *)w->items[id].shape;
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
  cl_shape_copy_back((cl_shape *)(void *)w->items[id].shape, &wsh);
  return 1;
}


/* the response of a move to other, asked once a move (the character's
** filter, for its probes beside the legs) */
int cl_world_response(move_state *st, int other) { return respond_to(st, other); }


/* ---- the public move ---- */

int cl_world_is_mover(int kind) {
  return kind == CL_AABB || kind == CL_OBB || kind == CL_SPHERE || kind == CL_CAPSULE
         || kind == CL_HULL || kind == CL_COMPOUND;
}

int cl_world_item_moves(const cl_world *w, cl_item item) {
  int k = cl_world_slot(w, item);
  return k >= 0 && cl_world_slot_moves(w, k);
}

int cl_world_slot_moves(const cl_world *w, int id) {
  const cl_world_item *it = &w->items[id];
  if (!cl_world_is_mover(it->kind)) return 0;
  if (it->kind == CL_COMPOUND) {
    const cl_compound_data *k = ((const cl_compound *)it->shape)->d;
    int i;
    for (i = 0; i < k->n; i++)
      if (k->child[i].tag == CL_TRIANGLE) return 0;
  }
  return 1;
}

/* the filter and the response of a public move, in one response: items
** the filter leaves out are ignored, the rest answered by respond */
typedef struct {
  cl_world_filter f;
  cl_world_respond respond;
  void *rud;
  const cl_world *w;
} move_filter;

static int filtered_respond(void *ud, int self, int other) {
  const move_filter *m = (const move_filter *)ud;
  cl_item id = cl_world_id(m->w, other);
  int i;
  for (i = 0; i < m->f.nexclude; i++)
    if (m->f.exclude[i] == id) return CL_WORLD_IGNORE;
  if (m->f.keep != NULL) {
    int k = m->f.keep(m->f.ud, id);
    if (k < 0) return CL_WORLD_ABORT;
    if (k == 0) return CL_WORLD_IGNORE;
  }
  return m->respond != NULL ? m->respond(m->rud, cl_world_id(m->w, self), id) : CL_WORLD_SLIDE;
}

int cl_world_move(cl_world *w, cl_item id, const double d[3], const cl_world_filter *f,
                  cl_world_respond respond, void *rud, double moved[3],
                  cl_world_collisions *out) {
  cl_world_collisions none = {NULL, 0, 0};
  move_filter m;
  cl_world_scratch *s;
  double mv[3];
  int r, item;
  if (cl_world_busy(w) != NULL) return CL_BUSY;
  if ((item = cl_world_slot(w, id)) < 0) return CL_NOT_ITEM;
  if (!cl_world_slot_moves(w, item)) return CL_NOT_MOVER;
  if (!(isfinite(d[0]) && isfinite(d[1]) && isfinite(d[2]))) return CL_NOT_FINITE;
  s = cl_world_enter(w, "move", 1);
  if (s == NULL) return CL_NOMEM;
  if (f == NULL) cl_world_filter_init(&m.f); else m.f = *f;
  if (m.f.exclude == NULL || m.f.nexclude < 0) m.f.nexclude = 0;
  m.respond = respond;
  m.rud = rud;
  m.w = w;
  if (out == NULL) out = &none;
  out->n = 0;
  r = cl_world_move_with(w, s, item, d, m.f.mask,
                         m.f.nexclude > 0 || m.f.keep != NULL || respond != NULL
                             ? filtered_respond : NULL, &m, mv, out);
  cl_world_leave(w, s);
  if (r < 0) return CL_NOT_FINITE;
  if (r == 0) {
    /* the shape is written back only at the end: stopped, it is where it
    ** started */
    if (moved != NULL) cl_set(moved, 0, 0, 0);
    return CL_STOPPED;
  }
  cl_world_moved(w, item);
  if (moved != NULL) cl_copy(moved, mv);
  return 0;
}
