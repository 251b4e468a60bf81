/*
** character.c - a kinematic character controller on a world (world.h).
**
** cl_character_move moves the character's item in three passes, the
** up / side / down scheme of PhysX's character controller (NVIDIA PhysX
** SDK guide, "Character Controllers": auto-stepping and slope limit):
**
** 1. up: the upward part of the motion; when the character stands on the
**    floor and walks, also step_height, so that the side pass clears steps;
** 2. side: the motion across `up`, sliding along what it meets; surfaces
**    steeper than max_slope are walls, slid along as if vertical (their
**    normal with its `up` part removed), so a steep ramp cannot be climbed;
** 3. down: the downward part of the motion, plus the height the step
**    raised it; the first floor met ends it (no sliding down a walkable
**    slope under gravity); steeper surfaces are slid down.
** A step whose down pass meets a surface steeper than max_slope, or no
** floor, is undone and the side and down passes run again without it.
** Then, when the character stood on the floor and does not move up, a
** floor within `snap` below holds it (walking down stairs and slopes); one
** within `skin` below always does.
**
** Floor: a surface whose normal is within max_slope of `up`, or an edge
** (a contact normal steeper than that) no higher than step_height above
** the feet at the start of the move whose top is such a surface, found by
** a ray cast down `skin` beside the contact, on the edge's top side.
** Ceiling: a normal within max_slope of -up. Wall: anything else.
** Every pass is the move's sweep and slide (no tunnelling, no overlap);
** an overlap at the start is pushed out first.
**
** Carried: when the floor stood on moved since the last move, the move
** first carries the character by the floor's motion: its translation,
** and the part of its turn about `up` (the twist of a swing-twist
** decomposition of the rotation), which turns the character's centre
** about the floor's reference point; the character's shape is only
** translated. A character made standing on a floor has it at once (the
** snap's probe, below it).
*/
#include "fp.h"
#include "tolerance.h"
#include <float.h>
#include <string.h>
#include "bounds.h"
#include "collide/hull.h"
#include "collide/compound.h"
#include "world_move.h"
#include "dispatch.h"

/* the cosine of an angle in degrees, the same bits on every machine: the
** C library's cos differs from one library to another in the last bit,
** which could make a floor of a slope at exactly max_slope on one machine
** and a wall on another. fmod and folding are exact; on [0, 90] degrees
** the Taylor series to x^26 is within 1e-19 of the cosine, and its terms
** are summed by Horner's rule in a fixed order. */
static double cos_degrees(double deg) {
  double a = fmod(fabs(deg), 360), sign = 1, x, x2, s = 0;
  int k;
  if (a > 180) a = 360 - a;
  if (a > 90) { a = 180 - a; sign = -1; }
  x = a * (3.141592653589793 / 180);
  x2 = x * x;
  for (k = 26; k > 0; k -= 2) s = 1 - x2 / ((double)k * (k - 1)) * s;
  return sign * s;
}

void cl_character_init(cl_character_state *c, const double up[3], double step_height,
                       double max_slope, double skin, double snap) {
  /* scaled by the largest component first: no overflow for any finite up */
  double m = cl_fmax(fabs(up[0]), cl_fmax(fabs(up[1]), fabs(up[2]))), u[3], len;
  memset(c, 0, sizeof *c);
  cl_set(u, up[0] / m, up[1] / m, up[2] / m);
  len = sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
  cl_set(c->up, u[0] / len, u[1] / len, u[2] / len);
  c->step_height = step_height;
  /* a floor normal's dot with up is at least this; 1e-12 keeps exactly
  ** max_slope walkable despite the rounding of cos */
  c->cos_slope = cos_degrees(max_slope) - 1e-12;
  c->skin = skin;
  c->snap = snap;
  c->floor_item = -1;
  cl_set(c->floor_p, 0, 0, 0);
}

/* the pushes one move can make (the side pass's slides, twice when a
** step is undone): beyond them, what it walks into does not give way */
#define CHAR_MAX_PUSHES (2 * CL_WORLD_MAX_SLIDES)

/* an item a move pushed, and its shape before (a step undone or a move
** stopped puts it back) */
typedef struct {
  int item;
  cl_shape was;
} char_pushed;

/* one move of the character: its state beside the move's */
typedef struct {
  move_state st;
  cl_character_state *c;
  int rising;
  double foot0, tiny;
  int floor_other;
  double floor_p[3];          /* floor_other's contact point */
  int npushed, nomem;
  char_pushed pushed[CHAR_MAX_PUSHES];
} char_move;

/* a keep of the floor's ray: sensors are not stood on */
static int solid(void *ud, int id) {
  return !cl_world_is_sensor(&((const cl_world *)ud)->items[id]);
}

/* the character's filter as a move's response: the items keep refuses
** are ignored, the rest slid on; after keep stopped the move, every
** answer stops it (keep is not asked again) */
static int keep_respond(void *ud, int self, int other) {
  char_move *cm = (char_move *)ud;
  int k;
  (void)self;
  if (cm->st.aborted) return CL_WORLD_ABORT;
  k = cm->c->keep(cm->c->keep_ud, cl_world_id(cm->st.w, other));
  if (k < 0) return CL_WORLD_ABORT;
  return k > 0 ? CL_WORLD_SLIDE : CL_WORLD_IGNORE;
}

/* the same as a query's keep, for the probes beside the legs: the move's
** response, asked once a move */
static int char_keep(void *ud, int item) {
  char_move *cm = (char_move *)ud;
  int r;
  if (cm->st.aborted) return -1;
  r = cl_world_response(&cm->st, item);
  if (cm->st.aborted) return -1;
  return r != CL_WORLD_IGNORE;
}

/* the floor's ray keeps what the character meets: not sensors, and what
** its filter keeps */
static int floor_keeps(const char_move *cm) {
  return cm->st.w->nsensors > 0 || cm->c->keep != NULL;
}

static int floor_keep(void *ud, int item) {
  char_move *cm = (char_move *)ud;
  if (!solid(cm->st.w, item)) return 0;
  return cm->c->keep != NULL ? char_keep(cm, item) : 1;
}

/* the floor normal f under a contact at p with normal n: n itself when
** walkable, else, for an edge whose top is walkable, that top's normal
** (a ray cast down beside the contact, on the edge's top side); 0 when
** none */
static int floor_under(char_move *cm, const double p[3], const double n[3], double f[3]) {
  const cl_character_state *c = cm->c;
  const double *u = c->up;
  double nu = n[0] * u[0] + n[1] * u[1] + n[2] * u[2];
  double h[3], hl, k, s, o[3], dn[3];
  cl_ray ray;
  cl_hit hit;
  long long idx;
  if (nu >= c->cos_slope) { cl_copy(f, n); return 1; }
  if (nu <= 0) return 0;
  /* an edge higher than a step above the feet is not stood on */
  if (p[0] * u[0] + p[1] * u[1] + p[2] * u[2] - cm->foot0 > c->step_height + cm->tiny) return 0;
  h[0] = n[0] - nu * u[0]; h[1] = n[1] - nu * u[1]; h[2] = n[2] - nu * u[2];
  hl = sqrt(h[0] * h[0] + h[1] * h[1] + h[2] * h[2]);
  if (hl == 0) return 0;
  s = c->skin;
  k = s / hl;
  o[0] = p[0] - h[0] * k + u[0] * 2 * s;
  o[1] = p[1] - h[1] * k + u[1] * 2 * s;
  o[2] = p[2] - h[2] * k + u[2] * 2 * s;
  cl_set(dn, -u[0], -u[1], -u[2]);
  if (!cl_ray_init(&ray, o, dn, 3 * s)) return 0;
  if (cl_world_raycast_with(cm->st.w, cm->st.s, &ray, cm->st.self, cm->st.mask,
                            floor_keeps(cm) ? floor_keep : NULL, cm, &hit, &idx) >= 0
      && hit.t > 0 && hit.n[0] * u[0] + hit.n[1] * u[1] + hit.n[2] * u[2] >= c->cos_slope) {
    cl_copy(f, hit.n);
    return 1;
  }
  return 0;
}

static void set_floor(char_move *cm, const double f[3], int other, const double p[3]) {
  cm->c->on_floor = 1;
  cl_copy(cm->c->floor_normal, f);
  cm->floor_other = other;
  cl_copy(cm->floor_p, p);
}

/* the three passes' answers to a contact (the hook of cl_world_legs) */
static int up_hook(move_state *st, const double p[3], const double n[3], int other, double e[3]) {
  char_move *cm = (char_move *)st->hook_ud;
  const double *u = cm->c->up;
  (void)p; (void)other;
  if (cm->rising && n[0] * u[0] + n[1] * u[1] + n[2] * u[2] <= -cm->c->cos_slope)
    cm->c->on_ceiling = 1;
  cl_copy(e, n);
  return 0;
}

static int side_hook(move_state *st, const double p[3], const double n[3], int other,
                     double e[3]) {
  char_move *cm = (char_move *)st->hook_ud;
  const double *u = cm->c->up;
  double c = cm->c->cos_slope, nu = n[0] * u[0] + n[1] * u[1] + n[2] * u[2], h[3], hl;
  (void)p; (void)other;
  cl_copy(e, n);
  if (nu >= c) return 0;
  if (nu <= -c) {
    if (cm->rising) cm->c->on_ceiling = 1;
    return 0;
  }
  cm->c->on_wall = 1;
  /* a wall is slid along as if vertical */
  h[0] = n[0] - nu * u[0]; h[1] = n[1] - nu * u[1]; h[2] = n[2] - nu * u[2];
  hl = sqrt(h[0] * h[0] + h[1] * h[1] + h[2] * h[2]);
  if (hl < CL_EPSILON) return 0;
  cl_set(e, h[0] / hl, h[1] / hl, h[2] / hl);
  return 0;
}

/* Pushing. A character whose push is above 0, sliding on a wall of an
** item that gives way (not static, not a sensor, a mover, with a mass:
** its own, or the push of the character walking it), moves that item by
** push / (push + mass) of the part of its motion left into the surface,
** (r.n) n, n the normal from the item to the character: the item moves
** as cl_world_move moves it (sliding on the level, stopped by walls,
** never overlapping anything), the pusher left out of that move (its
** item is where the update began). The character then follows it along
** -n by what the item moved that way (at most the blocked motion): the
** item lay on the far side of the plane through the contact across n
** and moved no nearer, so the character meets it no earlier; what else
** stands in the way stops it. Only walking pushes (the side pass's
** walls): a floor or a ceiling is not pushed, as PhysX's, Jolt's and
** Box2D's character movers push only what they walk into. The item's
** displacement goes into the contact's collision. */
static double mass_of(const cl_world *w, int id);

static int skip_pusher(void *ud, int self, int other) {
  (void)self;
  return other == *(const int *)ud ? CL_WORLD_IGNORE : CL_WORLD_SLIDE;
}

static double dot3(const double a[3], const double b[3]) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static void push_hook(move_state *st, cl_shape *w, int other, const double n[3], const double r[3],
                      double mv[3]) {
  char_move *cm = (char_move *)st->hook_ud;
  const cl_character_state *c = cm->c;
  cl_world *wo = st->w;
  cl_world_collisions none = {NULL, 0, 0};
  cl_world_scratch *s2;
  double nu = dot3(n, c->up), dn = dot3(r, n), m, f, d[3], got[3] = {0, 0, 0}, a, adv[3], t = 1;
  int self = st->self, ok, k, nc;
  if (!(c->push > 0) || !(dn < 0) || nu >= c->cos_slope || nu <= -c->cos_slope) return;
  m = mass_of(wo, other);
  if (!(m > 0) || cm->npushed >= CHAR_MAX_PUSHES) return;
  f = c->push / (c->push + m);
  for (k = 0; k < 3; k++) d[k] = f * dn * n[k];
  cm->pushed[cm->npushed].item = other;
  cl_shape_copy(&cm->pushed[cm->npushed].was, (const cl_shape *)wo->items[other].shape);
  /* (the level was made before the move began: no allocation here) */
  s2 = cl_world_enter(wo, "move", 1);
  if (s2 == NULL) {
    cm->nomem = 1;
    st->aborted = 1;
    return;
  }
  ok = cl_world_move_with(wo, s2, other, d, CL_WORLD_ALL_BITS, skip_pusher, &self, got, &none);
  cl_world_leave(wo, s2);
  if (ok <= 0) cl_set(got, 0, 0, 0);
  else {
    cm->npushed++;
    cl_world_moved(wo, other);
  }
  if (st->out->n - 1 < st->out->max) {
    cl_world_collision *col = &st->out->c[st->out->n - 1];
    col->pushes = 1;
    cl_set(col->pushed, got[0] + 0.0, got[1] + 0.0, got[2] + 0.0);
  }
  /* the character follows, stopped by what else it meets that way */
  a = cl_fmin(-dot3(got, n), -dn);
  if (!(a > 0)) return;
  cl_set(adv, -a * n[0], -a * n[1], -a * n[2]);
  nc = cl_world_move_candidates(st, w, adv);
  for (k = 0; k < nc; k++) {
    int id = st->s->cands[k];
    cl_hit h;
    if (id != other && cl_world_sweep_item(st, id, w, adv, &h) && h.t < t && dot3(h.n, adv) < 0
        && (c->keep == NULL || char_keep(cm, id) > 0))
      t = h.t;
    if (st->aborted) return;
  }
  if (t < 1) cl_set(adv, adv[0] * t, adv[1] * t, adv[2] * t);
  cl_translate(w, adv);
  cl_add(mv, mv, adv);
}

/* the pushes of the move undone, the last first */
static void unpush(char_move *cm) {
  cl_world *w = cm->st.w;
  while (cm->npushed > 0) {
    const char_pushed *p = &cm->pushed[--cm->npushed];
    cl_shape_copy_back((cl_shape *)(void *)w->items[p->item].shape, &p->was);
    cl_world_moved(w, p->item);
  }
}

static int down_hook(move_state *st, const double p[3], const double n[3], int other,
                     double e[3]) {
  char_move *cm = (char_move *)st->hook_ud;
  const double *u = cm->c->up;
  double f[3];
  cl_copy(e, n);
  if (floor_under(cm, p, n, f)) {
    set_floor(cm, f, other, p);
    return 1;
  }
  if (n[0] * u[0] + n[1] * u[1] + n[2] * u[2] > -cm->c->cos_slope) {
    st->steep = 1;
    cm->c->on_wall = 1;
  }
  return 0;
}

/* The contacts met at the same time as the one a pass answers raise their
** flags too (a wall, a ceiling). Which contact of a tie is answered depends
** on the scene's tie rule (items: the nearest centre; one mesh: the lower
** triangle index), so without these a character resting at the foot of a
** steep ramp would be on a wall among items and not on the same level as
** one mesh. */
static void up_tie(move_state *st, const double p[3], const double n[3], int other) {
  double e[3];
  (void)up_hook(st, p, n, other, e);
}

static void side_tie(move_state *st, const double p[3], const double n[3], int other) {
  double e[3];
  (void)side_hook(st, p, n, other, e);
}

static void down_tie(move_state *st, const double p[3], const double n[3], int other) {
  char_move *cm = (char_move *)st->hook_ud;
  const double *u = cm->c->up;
  double f[3];
  (void)other;
  if (!floor_under(cm, p, n, f) && n[0] * u[0] + n[1] * u[1] + n[2] * u[2] > -cm->c->cos_slope)
    cm->c->on_wall = 1;
}

/* a move of the character c's item id begins: its response is c's
** filter (none without one) */
static void char_begin(char_move *cm, cl_character_state *c, cl_world *w, cl_world_scratch *s,
                       int id, uint32_t mask, cl_world_collisions *out) {
  /* (the move's state is cleared by its begin) */
  cl_world_move_begin(&cm->st, w, s, id, mask, c->keep != NULL ? keep_respond : NULL, cm, out);
  cm->st.hook_ud = cm;
  cm->c = c;
  cm->rising = 0;
  cm->foot0 = cm->tiny = 0;
  cm->floor_other = -1;
  cm->npushed = cm->nomem = 0;
}

/* the first contact of w moved by d: its t, hit and item, -1 when none */
static int first_contact(char_move *cm, const cl_shape *w, const double d[3], cl_hit *h) {
  cl_world_scratch *s = cm->st.s;
  int n, i, best = -1;
  n = cl_world_move_candidates(&cm->st, w, d);
  for (i = 0; i < n; i++) {
    cl_hit hit;
    if (cl_world_sweep_item(&cm->st, s->cands[i], w, d, &hit) && (best < 0 || hit.t < h->t)
        && (cm->c->keep == NULL || char_keep(cm, s->cands[i]) > 0)) {
      best = s->cands[i];
      *h = hit;
    }
  }
  return best;
}

/* side and down passes from w (already raised, step of it the stepping
** part); mv the translation */
static void side_down(char_move *cm, cl_shape *w, const double hz[3], double v, double step,
                      double mv[3]) {
  const double *u = cm->c->up;
  double fall = (v < 0 ? -v : 0) + step, dd[3] = {0, 0, 0}, down[3];
  cm->st.hook = side_hook;
  cm->st.tie_hook = side_tie;
  cm->st.push = cm->c->push > 0 ? push_hook : NULL;
  cm->st.np = 0;
  cl_world_legs(&cm->st, w, hz, mv);
  cm->st.push = NULL;
  if (fall > 0 && !cm->st.overflow && !cm->st.aborted) {
    cm->st.hook = down_hook;
    cm->st.tie_hook = down_tie;
    cm->st.np = 0;
    cl_set(down, -u[0] * fall, -u[1] * fall, -u[2] * fall);
    cl_world_legs(&cm->st, w, down, dd);
  }
  cl_add(mv, mv, dd);
}

/* the point of an item's shape that a carried character follows; 0 for
** what cannot be followed (static geometry, planes) */
static int anchor_of(const cl_world *w, int id, double p[3]) {
  const cl_world_item *it = &w->items[id];
  return cl_shape_anchor(it->kind, (const cl_shape *)it->shape, p);
}

/* the floor stood on as the next move compares it: its item, its
** reference point and its orientation */
static void remember_floor(cl_character_state *c, const cl_world *w, int id) {
  const cl_world_item *it = &w->items[id];
  const cl_shape *s = (const cl_shape *)it->shape;
  const double *q;
  int k;
  c->floor_kind = it->kind;
  c->floor_seq = it->seq;
  c->floor_shape = it->shape;
  if (!anchor_of(w, id, c->floor_at)) cl_set(c->floor_at, 0, 0, 0);
  q = cl_shape_rotation(it->kind, s);
  if (q != NULL) for (k = 0; k < 4; k++) c->floor_q[k] = q[k];
  if (it->kind == CL_CAPSULE) cl_sub(c->floor_axis, s->cap.b, s->cap.a);
}

/* v across the unit u, scaled by its largest component (no overflow in
** the products that follow); 0 when nothing is left */
static int across(double h[3], const double v[3], const double u[3]) {
  double m, vu = v[0] * u[0] + v[1] * u[1] + v[2] * u[2];
  h[0] = v[0] - vu * u[0]; h[1] = v[1] - vu * u[1]; h[2] = v[2] - vu * u[2];
  m = cl_fmax(fabs(h[0]), cl_fmax(fabs(h[1]), fabs(h[2])));
  if (!(m > 0) || !isfinite(m)) return 0;
  cl_set(h, h[0] / m, h[1] / m, h[2] / m);
  return 1;
}

/* the turn about up of the floor item s (of kind) since it was
** remembered: cos and sin of its angle; 0 when it did not turn about up
** or cannot say (kinds without orientation, a capsule along up). For an
** obb, a hull or a compound, the twist about up of the relative rotation q1 q0*
** (swing-twist decomposition: the rotation's vector part projected on
** the axis; Dobrowolski, "Swing-twist decomposition in Clifford
** algebra", 2015); for a capsule, the signed angle between its axes
** projected across up. */
static int floor_turn(const cl_character_state *c, const cl_shape *s, int kind, double *cs,
                      double *sn) {
  const double *u = c->up;
  double a, b, n;
  const double *q1 = cl_shape_rotation(kind, s);
  if (q1 != NULL) {
    const double *q0 = c->floor_q;
    double v[3];
    /* q1 * conj(q0): vector w0 v1 - w1 v0 - v1 x v0, scalar w1 w0 + v1.v0 */
    v[0] = q0[3] * q1[0] - q1[3] * q0[0] - (q1[1] * q0[2] - q1[2] * q0[1]);
    v[1] = q0[3] * q1[1] - q1[3] * q0[1] - (q1[2] * q0[0] - q1[0] * q0[2]);
    v[2] = q0[3] * q1[2] - q1[3] * q0[2] - (q1[0] * q0[1] - q1[1] * q0[0]);
    b = q1[3] * q0[3] + q1[0] * q0[0] + q1[1] * q0[1] + q1[2] * q0[2];
    a = v[0] * u[0] + v[1] * u[1] + v[2] * u[2];
    /* the twist (a u, b) turns by 2 atan2(a, b) */
    n = a * a + b * b;
    if (a == 0 || !(n > 0)) return 0;
    *cs = (b * b - a * a) / n;
    *sn = 2 * a * b / n;
    return 1;
  }
  if (kind == CL_CAPSULE) {
    double d1[3], h0[3], h1[3];
    cl_sub(d1, s->cap.b, s->cap.a);
    if (!across(h0, c->floor_axis, u) || !across(h1, d1, u)) return 0;
    a = u[0] * (h0[1] * h1[2] - h0[2] * h1[1]) + u[1] * (h0[2] * h1[0] - h0[0] * h1[2])
        + u[2] * (h0[0] * h1[1] - h0[1] * h1[0]);
    b = h0[0] * h1[0] + h0[1] * h1[1] + h0[2] * h1[2];
    n = sqrt(a * a + b * b);
    if (a == 0 || !(n > 0)) return 0;
    *cs = b / n;
    *sn = a / n;
    return 1;
  }
  return 0;
}

/* carried: when the floor stood on moved since the last move, the
** character is moved by its motion first (into carry): the translation
** of its reference point, and its turn about up, which turns the
** character's centre about that point (Rodrigues' formula), its angle
** into turn (left as it is when the floor did not turn); -1 when that
** motion's end is not finite */
static int char_carry(char_move *cm, cl_shape *ws, int was_floor, double carry[3],
                      double *turn) {
  cl_character_state *c = cm->c;
  const cl_world *w = cm->st.w;
  const double *u = c->up;
  double p[3], by[3], cs, sn;
  if (!(was_floor && cl_world_live(w, c->floor_item)
        && w->items[c->floor_item].kind == c->floor_kind
        && w->items[c->floor_item].seq == c->floor_seq
        && w->items[c->floor_item].shape == c->floor_shape))
    return 0;
  if (!anchor_of(w, c->floor_item, p)) return 0;
  cl_sub(by, p, c->floor_at);
  if (floor_turn(c, (const cl_shape *)w->items[c->floor_item].shape, c->floor_kind, &cs, &sn)) {
    cl_aabb bb;
    double v[3], k[3], vu;
    int i;
    (void)cl_bounds_of(ws, &bb);
    for (i = 0; i < 3; i++) v[i] = (bb.min[i] / 2 + bb.max[i] / 2) - c->floor_at[i];
    cl_set(k, u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]);
    vu = v[0] * u[0] + v[1] * u[1] + v[2] * u[2];
    /* the part of v across up turns (the rest stays): by that part
    ** times cos - 1, plus up x v times sin */
    for (i = 0; i < 3; i++) by[i] += (v[i] - vu * u[i]) * (cs - 1) + k[i] * sn;
    if (!(isfinite(by[0]) && isfinite(by[1]) && isfinite(by[2]))) return -1;
    /* the turn applied, whatever sliding leaves of the translation (a
    ** character on the axis turns with no translation at all) */
    *turn = cl_atan2(sn, cs);
  }
  if (by[0] == 0 && by[1] == 0 && by[2] == 0) return 0;
  cm->st.hook = NULL;
  cm->st.tie_hook = NULL;
  cl_world_legs(&cm->st, ws, by, carry);
  if (cm->st.overflow) return -1;
  if (cm->st.aborted) return 0;
  cm->st.out->n = 0;
  cm->foot0 = cl_lowest_along(ws, c->up);
  cm->tiny = CL_EPSILON * (1 + fabs(cm->foot0));
  return 0;
}

/* every pass of the update stays within the motion, the step, the snap
** and the skin of where it starts: the items and a mesh's triangles
** there are gathered once, and each pass tests only those (a pass that
** leaves the box, a push-out out of a deep overlap, walks the trees) */
static void char_gather(char_move *cm, const cl_shape *ws, const double d[3]) {
  const cl_character_state *c = cm->c;
  cl_aabb reach;
  double ext = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) + c->step_height
               + cl_fmax(c->snap, c->skin) + c->skin;
  int i;
  (void)cl_bounds_of(ws, &reach);
  for (i = 0; i < 3; i++) {
    reach.min[i] -= ext;
    reach.max[i] += ext;
  }
  cl_world_move_near(&cm->st, &reach, c, 0.5 * ext);
}

/* the highest point along up of everything in the world, +inf when an
** unbounded item rises along up without end (a plane not across up);
** from the tree's root box, without a walk */
static double world_top(const cl_world *w, const double u[3]) {
  double top = -HUGE_VAL;
  cl_aabb root;
  int i, k;
  if (cl_tree_root_bounds(w->tree, &root)) {
    top = 0;
    for (k = 0; k < 3; k++) top += cl_fmax(root.min[k] * u[k], root.max[k] * u[k]);
  }
  for (i = 0; i < w->nunbounded; i++) {
    const cl_world_item *it = &w->items[w->unbounded[i]];
    const cl_plane *pl = (const cl_plane *)it->shape;
    double nu;
    if (it->kind != CL_PLANE) return HUGE_VAL;
    nu = pl->n[0] * u[0] + pl->n[1] * u[1] + pl->n[2] * u[2];
    if (nu != 1 && nu != -1) return HUGE_VAL;
    top = cl_fmax(top, pl->d * nu);
  }
  return top;
}

/* the step of a walk from the floor: step_height, but no higher than
** lifts the feet a skin above everything in the world (a higher lift
** meets nothing more, and a step of 1e17 would leave the working copy
** where its size no longer fits in a double) */
static double step_of(const char_move *cm) {
  const cl_character_state *c = cm->c;
  double room = world_top(cm->st.w, c->up) - cm->foot0 + c->skin;
  return room < c->step_height ? cl_fmax(room, 0) : c->step_height;
}

/* the up, side and down passes of the motion (hz across up, v along it),
** stepping when walking from the floor; a and b their translations; -1
** when a motion's end is not finite */
static int char_passes(char_move *cm, cl_shape *ws, const double hz[3], double v, int was_floor,
                       double a[3], double b[3]) {
  cl_character_state *c = cm->c;
  cl_world_collisions *out = cm->st.out;
  const double *u = c->up;
  cl_shape keep;
  int walking = hz[0] != 0 || hz[1] != 0 || hz[2] != 0, ncols = out->n;
  double step = (was_floor && v <= 0 && walking) ? step_of(cm) : 0;
  double lift = (v > 0 ? v : 0) + step, raised;
  if (step > 0) cl_shape_copy(&keep, ws);
  if (lift > 0) {
    double up[3];
    cl_set(up, u[0] * lift, u[1] * lift, u[2] * lift);
    cm->st.hook = up_hook;
    cm->st.tie_hook = up_tie;
    cm->st.np = 0;
    cl_world_legs(&cm->st, ws, up, a);
    if (cm->st.overflow) return -1;
    if (cm->st.aborted) return 0;
  }
  raised = step > 0 ? (a[0] * u[0] + a[1] * u[1] + a[2] * u[2]) : 0;
  side_down(cm, ws, hz, v, raised, b);
  if (cm->st.overflow) return -1;
  if (cm->st.aborted) return 0;
  if (step > 0 && (cm->st.steep || !c->on_floor)) {
    /* the step landed on nothing walkable: undo it (and what it pushed) */
    cl_shape_copy_back(ws, &keep);
    unpush(cm);
    out->n = ncols;
    c->on_floor = c->on_wall = 0;
    cm->floor_other = -1;
    cm->st.steep = 0;
    cl_set(a, 0, 0, 0);
    side_down(cm, ws, hz, v, 0, b);
    if (cm->st.overflow) return -1;
  }
  return 0;
}

/* off the floor and not rising: a floor within the skin below (the snap
** when it stood on the floor) holds the character */
static void char_snap(char_move *cm, cl_shape *ws, int was_floor, double moved[3]) {
  const cl_character_state *c = cm->c;
  cl_world_collisions *out = cm->st.out;
  const double *u = c->up;
  double reach = c->skin, down[3], f[3], dist, tr[3];
  cl_hit h;
  int other;
  if (was_floor && c->snap > reach) reach = c->snap;
  cl_set(down, -u[0] * reach, -u[1] * reach, -u[2] * reach);
  other = first_contact(cm, ws, down, &h);
  if (other < 0 || !floor_under(cm, h.p, h.n, f) || cm->st.aborted) return;
  dist = h.t * reach;
  cl_set(tr, -u[0] * dist, -u[1] * dist, -u[2] * dist);
  cl_translate(ws, tr);
  moved[0] = moved[0] - u[0] * dist;
  moved[1] = moved[1] - u[1] * dist;
  moved[2] = moved[2] - u[2] * dist;
  set_floor(cm, f, other, h.p);
  if (out->n < out->max) {
    cl_world_collision *col = &out->c[out->n];
    memset(col, 0, sizeof *col);                 /* (its padding too) */
    col->other = cl_world_id(cm->st.w, other);
    col->type = CL_WORLD_SLIDE;
    col->t = h.t;
    cl_copy(col->n, h.n);
    cl_copy(col->p, h.p);
    col->material = cl_world_material_at(cm->st.w, other, h.p);
  }
  out->n++;
}

/* a move that failed: the flags and the floor normal put back (the rest
** of the state is written only at the end of a move); r returned */
static int char_undo(cl_character_state *c, const int flags[3], const double normal[3], int r) {
  c->on_floor = flags[0];
  c->on_wall = flags[1];
  c->on_ceiling = flags[2];
  cl_copy(c->floor_normal, normal);
  return r;
}

int cl_character_state_move(cl_character_state *c, cl_world *w, cl_world_scratch *s, int id,
                      const double d[3], uint32_t mask, double moved[3],
                      cl_world_collisions *out) {
  char_move cm;
  /* what the passes change before the end: put back when they fail */
  int flags[3] = {c->on_floor, c->on_wall, c->on_ceiling};
  double normal[3];
  cl_shape ws;
  const double *u = c->up;
  double v, hz[3], a[3] = {0, 0, 0}, b[3] = {0, 0, 0}, carry[3] = {0, 0, 0}, turn = 0;
  int was_floor = c->on_floor, i;
  if (!cl_world_slot_moves(w, id) || cl_world_is_sensor(&w->items[id])) return 0;
  v = d[0] * u[0] + d[1] * u[1] + d[2] * u[2];
  hz[0] = d[0] - v * u[0]; hz[1] = d[1] - v * u[1]; hz[2] = d[2] - v * u[2];
  cl_copy(normal, c->floor_normal);
  c->on_floor = c->on_wall = c->on_ceiling = 0;

  char_begin(&cm, c, w, s, id, mask, out);
  cm.rising = v > 0;
  cl_shape_copy(&ws, (const cl_shape *)w->items[id].shape);
  cm.foot0 = cl_lowest_along(&ws, u);
  cm.tiny = CL_EPSILON * (1 + fabs(cm.foot0));

  if (char_carry(&cm, &ws, was_floor, carry, &turn) < 0) return char_undo(c, flags, normal, -1);
  char_gather(&cm, &ws, d);
  cl_world_push_out(&cm.st, &ws, moved);
  /* an overlap pushed out from below is floor */
  for (i = 0; i < out->n && i < out->max && !cm.st.aborted; i++) {
    double f[3];
    if (floor_under(&cm, out->c[i].p, out->c[i].n, f)) set_floor(&cm, f, cl_item_slot(out->c[i].other), out->c[i].p);
  }
  if (!cm.st.aborted && char_passes(&cm, &ws, hz, v, was_floor, a, b) < 0) {
    unpush(&cm);
    return char_undo(c, flags, normal, -1);
  }
  moved[0] = moved[0] + a[0] + b[0];
  moved[1] = moved[1] + a[1] + b[1];
  moved[2] = moved[2] + a[2] + b[2];
  if (!c->on_floor && v <= 0 && !cm.st.aborted) char_snap(&cm, &ws, was_floor, moved);
  /* keep stopped the move: nothing moved, the state is as it was */
  if (cm.st.aborted) {
    unpush(&cm);
    return char_undo(c, flags, normal, cm.nomem ? -3 : -2);
  }
  if (carry[0] != 0 || carry[1] != 0 || carry[2] != 0) {
    moved[0] += carry[0]; moved[1] += carry[1]; moved[2] += carry[2];
  }
  if (!cl_size_kept((const cl_shape *)w->items[id].shape, &ws)) {
    /* the passes folded the working copy: the item moves by translation
    ** alone, by what the move reports */
    cl_shape_copy(&ws, (const cl_shape *)w->items[id].shape);
    cl_translate(&ws, moved);
  }
  cl_shape_copy_back((cl_shape *)(void *)w->items[id].shape, &ws);
  c->floor_item = c->on_floor ? cm.floor_other : -1;
  if (c->floor_item >= 0) {
    remember_floor(c, w, c->floor_item);
    cl_copy(c->floor_p, cm.floor_p);
  }
  cl_copy(c->floor_motion, carry);
  c->floor_turn = turn;
  return 1;
}

/* the floor under a character just made, without moving it: the snap's
** probe (within snap, or the skin, below); 1, or -2 when keep stopped it
** (the state is then as it was) */
static int char_probe(cl_character_state *c, cl_world *w, cl_world_scratch *s, int id,
                      uint32_t mask) {
  cl_world_collisions none = {NULL, 0, 0};
  const cl_shape *shape = (const cl_shape *)w->items[id].shape;
  const double *u = c->up;
  double reach = cl_fmax(c->snap, c->skin), down[3], f[3];
  char_move cm;
  cl_hit h;
  int other;
  char_begin(&cm, c, w, s, id, mask, &none);
  cm.foot0 = cl_lowest_along(shape, u);
  cm.tiny = CL_EPSILON * (1 + fabs(cm.foot0));
  cl_set(down, -u[0] * reach, -u[1] * reach, -u[2] * reach);
  other = first_contact(&cm, shape, down, &h);
  if (other >= 0 && floor_under(&cm, h.p, h.n, f) && !cm.st.aborted) {
    c->on_floor = 1;
    cl_copy(c->floor_normal, f);
    c->floor_item = other;
    cl_copy(c->floor_p, h.p);
    remember_floor(c, w, other);
  }
  return cm.st.aborted ? -2 : 1;
}

/* ---- the public character ---- */

struct cl_character {
  cl_world *w;               /* NULL once the world is deleted */
  cl_character *next;        /* the next made on the world (w->chars) */
  cl_alloc_fn alloc;         /* the world's, kept: deleting needs no world */
  void *ud;
  cl_item item;              /* its id (cl_item_slot: its slot) */
  long long seq;             /* the item's sequence number: a new item given
                             ** its id (its slot's generation wrapped) is
                             ** not the character's */
  uint32_t mask;
  cl_character_state st;
  cl_world_collision *cols;  /* the last move's collisions: ncols, room for capcols */
  int ncols, capcols;
};

/* what an item weighs to a pusher: nothing (0) for what never gives way,
** else the push of the first character made that walks it, else its mass */
static double mass_of(const cl_world *w, int id) {
  const cl_world_item *it = &w->items[id];
  const cl_character *ch;
  if (it->is_static || cl_world_is_sensor(it) || !cl_world_slot_moves(w, id)) return 0;
  for (ch = w->chars; ch != NULL; ch = ch->next)
    if (cl_item_slot(ch->item) == id && ch->seq == it->seq && ch->st.push > 0) return ch->st.push;
  return cl_world_mass_of(w, id);
}

void cl_character_orphan_all(cl_world *w) {
  cl_character *ch = w->chars, *next;
  for (; ch != NULL; ch = next) {
    next = ch->next;
    ch->w = NULL;
    ch->next = NULL;
  }
  w->chars = NULL;
}

void cl_character_options_init(cl_character_options *o) {
  cl_set(o->up, 0, 1, 0);
  o->step_height = 0.3;
  o->max_slope = 45;
  o->skin = 0.01;
  o->snap = 0.3;
  o->mask = CL_WORLD_ALL_BITS;
  o->keep = NULL;
  o->keep_ud = NULL;
  o->push = 0;
}

static int options_valid(const cl_character_options *o) {
  double m = cl_fmax(fabs(o->up[0]), cl_fmax(fabs(o->up[1]), fabs(o->up[2])));
  return isfinite(o->up[0]) && isfinite(o->up[1]) && isfinite(o->up[2]) && m > 0
         && o->step_height >= 0 && o->step_height <= DBL_MAX
         && o->max_slope >= 0 && o->max_slope <= 90
         && o->skin > 0 && o->skin <= DBL_MAX && o->snap >= 0 && o->snap <= DBL_MAX
         && o->push >= 0 && o->push <= DBL_MAX;
}

int cl_character_create(cl_world *w, cl_item id, const cl_character_options *o,
                        cl_character **out) {
  cl_character_options defaults;
  cl_character *ch;
  cl_world_scratch *s;
  int r, item;
  *out = NULL;
  if (o == NULL) {
    cl_character_options_init(&defaults);
    o = &defaults;
  }
  if ((item = cl_world_slot(w, id)) < 0) return CL_NOT_ITEM;
  if (!cl_world_slot_moves(w, item) || cl_world_is_sensor(&w->items[item])) return CL_NOT_MOVER;
  if (!options_valid(o)) return CL_BAD_OPTIONS;
  ch = (cl_character *)w->alloc(w->ud, NULL, 0, sizeof *ch);
  if (ch == NULL) return CL_NOMEM;
  memset(ch, 0, sizeof *ch);
  ch->w = w;
  ch->alloc = w->alloc;
  ch->ud = w->ud;
  ch->item = id;
  ch->seq = w->items[item].seq;
  ch->mask = o->mask;
  cl_character_init(&ch->st, o->up, o->step_height, o->max_slope, o->skin, o->snap);
  ch->st.keep = o->keep;
  ch->st.keep_ud = o->keep_ud;
  ch->st.push = o->push + 0.0;
  /* standing on a floor already: it is the floor from the start */
  s = cl_world_enter(w, "character", 1);
  r = s != NULL ? char_probe(&ch->st, w, s, item, ch->mask) : CL_NOMEM;
  if (s != NULL) cl_world_leave(w, s);
  if (r < 0) {
    ch->alloc(ch->ud, ch, sizeof *ch, 0);
    return r == -2 ? CL_STOPPED : CL_NOMEM;
  }
  {
    cl_character **at = &w->chars;             /* last: the order they were made */
    while (*at != NULL) at = &(*at)->next;
    *at = ch;
  }
  *out = ch;
  return 0;
}

cl_character *cl_character_new(cl_world *w, cl_item item, const cl_character_options *o) {
  cl_character *ch;
  (void)cl_character_create(w, item, o, &ch);
  return ch;
}

void cl_character_delete(cl_character *ch) {
  if (ch == NULL) return;
  if (ch->w != NULL) {
    cl_character **at = &ch->w->chars;
    while (*at != NULL && *at != ch) at = &(*at)->next;
    if (*at == ch) *at = ch->next;
  }
  if (ch->cols != NULL) ch->alloc(ch->ud, ch->cols, (size_t)ch->capcols * sizeof *ch->cols, 0);
  ch->alloc(ch->ud, ch, sizeof *ch, 0);
}

int cl_character_retarget(cl_character *ch, cl_item item) {
  int k = cl_world_slot(ch->w, item);
  if (k < 0) return CL_NOT_ITEM;
  ch->item = item;
  ch->seq = ch->w->items[k].seq;
  return 0;
}

/* the slot of the character's item, -1 when it was removed */
static int char_slot(const cl_character *ch) {
  int k = cl_world_slot(ch->w, ch->item);
  return k >= 0 && ch->w->items[k].seq == ch->seq ? k : -1;
}

const cl_character_state *cl_character_get_state(const cl_character *ch) { return &ch->st; }


static int cols_room(cl_character *ch) {
  cl_world *w = ch->w;
  int need = cl_world_move_room(w), cap;
  void *p;
  if (need <= ch->capcols) return 1;
  cap = need + need / 2;
  /* the last move's collisions are kept: a move that fails later leaves
  ** them as they were */
  p = w->alloc(w->ud, ch->cols, (size_t)ch->capcols * sizeof *ch->cols,
               (size_t)cap * sizeof *ch->cols);
  if (p == NULL) return 0;
  ch->cols = (cl_world_collision *)p;
  ch->capcols = cap;
  return 1;
}

int cl_character_move(cl_character *ch, const double d[3], double moved[3]) {
  cl_world *w = ch->w;
  cl_world_collisions out;
  cl_world_scratch *s;
  double mv[3];
  int item, r;
  if (cl_world_busy(w) != NULL) return CL_BUSY;
  if ((item = char_slot(ch)) < 0) return CL_NOT_ITEM;
  if (!cl_world_slot_moves(w, item) || cl_world_is_sensor(&w->items[item]))
    return CL_NOT_MOVER;
  /* a floor removed since is no floor to be carried by */
  if (ch->st.floor_item >= 0 && !cl_world_live(w, ch->st.floor_item)) ch->st.floor_item = -1;
  if (!(isfinite(d[0]) && isfinite(d[1]) && isfinite(d[2]))) return CL_NOT_FINITE;
  if (!cols_room(ch)) return CL_NOMEM;
  s = cl_world_enter(w, "move", 1);
  if (s == NULL) return CL_NOMEM;
  if (ch->st.push > 0) {
    /* the level of the pushes' moves, made now: they then allocate nothing */
    cl_world_scratch *s2 = cl_world_enter(w, "move", 1);
    if (s2 == NULL) {
      cl_world_leave(w, s);
      return CL_NOMEM;
    }
    cl_world_leave(w, s2);
  }
  out.c = ch->cols;
  out.n = 0;
  out.max = ch->capcols;
  r = cl_character_state_move(&ch->st, w, s, item, d, ch->mask, mv, &out);
  cl_world_leave(w, s);
  if (r < 0) {
    /* nothing moved and the state is as it was; the collisions, written
    ** over in part, are none */
    ch->ncols = 0;
    return r == -2 ? CL_STOPPED : r == -3 ? CL_NOMEM : CL_NOT_FINITE;
  }
  if (r == 0) return CL_NOT_MOVER;                 /* (checked above) */
  ch->ncols = out.n < out.max ? out.n : out.max;
  cl_world_moved(w, item);
  cl_world_keep_items(w, s);
  if (moved != NULL) cl_copy(moved, mv);
  return 0;
}

int cl_character_on_floor(const cl_character *ch) { return ch->st.on_floor; }
int cl_character_on_wall(const cl_character *ch) { return ch->st.on_wall; }
int cl_character_on_ceiling(const cl_character *ch) { return ch->st.on_ceiling; }

int cl_character_floor_normal(const cl_character *ch, double n[3]) {
  if (!ch->st.on_floor) return 0;
  cl_copy(n, ch->st.floor_normal);
  return 1;
}

cl_item cl_character_item(const cl_character *ch) { return ch->item; }

void cl_character_floor_motion(const cl_character *ch, double d[3]) {
  cl_copy(d, ch->st.floor_motion);
}

double cl_character_floor_turn(const cl_character *ch) { return ch->st.floor_turn; }

cl_item cl_character_floor_item(const cl_character *ch) {
  const cl_world *w = ch->w;
  int k = ch->st.floor_item;
  /* (a floor removed since, its slot maybe given to another, is none) */
  if (!ch->st.on_floor || !cl_world_live(w, k) || w->items[k].seq != ch->st.floor_seq)
    return CL_NOT_FOUND;
  return cl_world_id(w, k);
}

long long cl_character_floor_material(const cl_character *ch) {
  if (cl_character_floor_item(ch) < 0) return -1;
  return cl_world_material_at(ch->w, ch->st.floor_item, ch->st.floor_p);
}

const cl_world_collision *cl_character_collisions(const cl_character *ch, int *n) {
  if (n != NULL) *n = ch->ncols;
  return ch->cols;
}

/* ---- the character in a snapshot (world_snapshot.c) ---- */

/* what a snapshot keeps of a character, its last move's collisions after */
typedef struct {
  cl_item item;
  int ncols;
  long long seq;
  uint32_t mask;
  cl_character_state st;
} saved_character;

const cl_world *cl_character_world(const cl_character *ch) { return ch->w; }

size_t cl_character_saved_size(const cl_character *ch) {
  return sizeof(saved_character) + (size_t)ch->ncols * sizeof *ch->cols;
}

void cl_character_save_to(const cl_character *ch, void *dst) {
  saved_character *s = (saved_character *)dst;
  memset(s, 0, sizeof *s);
  s->item = ch->item;
  s->ncols = ch->ncols;
  s->seq = ch->seq;
  s->mask = ch->mask;
  s->st = ch->st;
  if (ch->ncols > 0) memcpy(s + 1, ch->cols, (size_t)ch->ncols * sizeof *ch->cols);
}

int cl_character_load_room(cl_character *ch, const void *src) {
  const saved_character *s = (const saved_character *)src;
  void *p;
  if (s->ncols <= ch->capcols) return 1;
  p = ch->alloc(ch->ud, ch->cols, (size_t)ch->capcols * sizeof *ch->cols,
                (size_t)s->ncols * sizeof *ch->cols);
  if (p == NULL) return 0;
  ch->cols = (cl_world_collision *)p;
  ch->capcols = s->ncols;
  return 1;
}

void cl_character_load_from(cl_character *ch, const void *src) {
  const saved_character *s = (const saved_character *)src;
  cl_world_keep keep = ch->st.keep;
  void *kud = ch->st.keep_ud;
  ch->item = s->item;
  ch->seq = s->seq;
  ch->mask = s->mask;
  ch->st = s->st;
  ch->st.keep = keep;                       /* the caller's, as they are now */
  ch->st.keep_ud = kud;
  ch->ncols = s->ncols;
  if (s->ncols > 0) memcpy(ch->cols, s + 1, (size_t)s->ncols * sizeof *ch->cols);
}

static unsigned long long hash_doubles(unsigned long long h, const double *x, int n) {
  return cl_hash_bytes(h, x, (size_t)n * sizeof *x);
}

unsigned long long cl_character_hash_into(const cl_character *ch, unsigned long long h) {
  const cl_character_state *st = &ch->st;
  int k;
  h = cl_hash_step(cl_hash_step(h, (uint32_t)ch->item), (uint32_t)((uint64_t)ch->item >> 32));
  h = cl_hash_step(cl_hash_step(h, (uint32_t)ch->seq), (uint32_t)((unsigned long long)ch->seq >> 32));
  h = cl_hash_step(h, ch->mask);
  h = hash_doubles(h, st->up, 3);
  h = hash_doubles(h, &st->step_height, 1);
  h = hash_doubles(h, &st->cos_slope, 1);
  h = hash_doubles(h, &st->skin, 1);
  h = hash_doubles(h, &st->snap, 1);
  h = cl_hash_step(h, (uint32_t)(st->on_floor | st->on_wall << 1 | st->on_ceiling << 2));
  h = hash_doubles(h, st->floor_normal, 3);
  h = cl_hash_step(h, (uint32_t)st->floor_item);
  h = hash_doubles(h, st->floor_p, 3);
  h = hash_doubles(h, st->floor_at, 3);
  h = cl_hash_step(h, (uint32_t)st->floor_kind);
  h = cl_hash_step(cl_hash_step(h, (uint32_t)st->floor_seq),
                   (uint32_t)((unsigned long long)st->floor_seq >> 32));
  h = hash_doubles(h, st->floor_q, 4);
  h = hash_doubles(h, st->floor_axis, 3);
  h = hash_doubles(h, st->floor_motion, 3);
  h = hash_doubles(h, &st->floor_turn, 1);
  if (st->push > 0) h = hash_doubles(cl_hash_step(h, 0x70757368u), &st->push, 1);
  h = cl_hash_step(h, (uint32_t)ch->ncols);
  for (k = 0; k < ch->ncols; k++) {
    const cl_world_collision *c = &ch->cols[k];
    h = cl_hash_step(cl_hash_step(h, (uint32_t)c->other), (uint32_t)((uint64_t)c->other >> 32));
    h = cl_hash_step(h, (uint32_t)c->type);
    h = hash_doubles(h, &c->t, 1);
    h = hash_doubles(h, c->n, 3);
    h = hash_doubles(h, c->p, 3);
    h = cl_hash_step(cl_hash_step(h, (uint32_t)c->material),
                     (uint32_t)((unsigned long long)c->material >> 32));
    if (c->pushes) h = hash_doubles(cl_hash_step(h, 0x70757368u), c->pushed, 3);
  }
  return h;
}
