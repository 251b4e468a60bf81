/*
** collide.h - shapes and geometry routines of collide.
** Plain C99, no Lua: an engine can compile every src file not named l_* as it is.
*/
#ifndef COLLIDE_H
#define COLLIDE_H

#include <math.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CL_EPSILON 1e-9

/* the library's version, as collide.info() reports it */
#define CL_VERSION "0.1.0"

/* realloc-like allocator with lua_Alloc's signature: nsize 0 frees; every
** part of the library that holds memory (tree, world, compound) takes one */
typedef void *(*cl_alloc_fn)(void *ud, void *ptr, size_t osize, size_t nsize);

/* CL_SSE2: the mesh's walk tests four child boxes at once with SSE2
** (x86-64 always has it), and its build grows boxes four floats at a
** time; -DCL_NO_SSE2 compiles the portable C instead (the same answers).
** CL_SIMD names the path built, as collide.info() reports it. */
#if defined(__SSE2__) && !defined(CL_NO_SSE2)
#define CL_SSE2 1
#define CL_SIMD "sse2"
#else
#define CL_SIMD "portable"
#endif

typedef enum {
  CL_AABB, CL_OBB, CL_PLANE, CL_TRIANGLE, CL_RAY, CL_SPHERE, CL_CAPSULE, CL_HULL, CL_COMPOUND,
  CL_NKINDS
} cl_kind;

/* Every shape starts with its tag, so a pointer to any shape can be read as
** a cl_shape and dispatched on. */
typedef struct { int tag; double min[3], max[3]; } cl_aabb;
/* q is the unit rotation (x, y, z, w), w >= 0; u[i] the box's i-th axis,
** derived from q and kept in step with it (q last: the tests read c, e, u). */
typedef struct { int tag; double c[3], e[3], u[3][3], q[4]; } cl_obb;
/* points p with dot(n, p) = d; n unit. */
typedef struct { int tag; double n[3], d; } cl_plane;
/* n is the unit normal of cross(b - a, c - a), zero when degenerate;
** a degenerate triangle is the segment v[s0]-v[s1] (its two farthest
** vertices, the same one twice when all coincide). */
typedef struct {
  int tag, degenerate; double v[3][3], n[3];
  /* derived, kept by cl_triangle_init: cr = cross(e1, e2), crlen = |cr|,
  ** scale = the longest edge, e1 = b - a, e2 = c - a. What a ray cast
  ** reads comes first, so it touches as few cache lines as it can. */
  double cr[3], crlen, scale, e1[3], e2[3];
  int s0, s1;
} cl_triangle;
/* o + t * d, 0 <= t <= tmax; d unit; tmax may be INFINITY. */
typedef struct { int tag; double o[3], d[3], tmax; } cl_ray;
typedef struct { int tag; double c[3], r; } cl_sphere;
/* the points within r of the segment a-b: a == b is a sphere, r = 0 the
** segment itself */
typedef struct { int tag; double a[3], b[3], r; } cl_capsule;

/* a convex hull: its vertices, faces and edges (hull.h, built once by
** quickhull and shared by every copy of the struct) placed as an obb is:
** c the position, q the unit rotation (w >= 0), u[i] its i-th axis */
typedef struct cl_hull_data cl_hull_data;
typedef struct { int tag; double c[3], q[4], u[3][3]; const cl_hull_data *h; } cl_hull;

/* a compound: child shapes in its own frame (compound.h, built once and
** shared by every copy of the struct), placed as a hull is */
typedef struct cl_compound_data cl_compound_data;
typedef struct { int tag; double c[3], q[4], u[3][3]; const cl_compound_data *d; } cl_compound;

/* the number of the layouts above: LuaJIT's FFI reads the shapes' memory
** as these structs (lua/collide/ffi.lua declares them again); any change
** to a field, its type or its order bumps it */
#define CL_LAYOUT_VERSION 2

typedef union {
  int tag;
  cl_aabb aabb; cl_obb obb; cl_plane plane;
  cl_triangle tri; cl_ray ray; cl_sphere sphere; cl_capsule cap; cl_hull hull;
  cl_compound compound;
} cl_shape;

/* result of a ray cast */
typedef struct { double t, p[3], n[3], u, v; } cl_hit;

/* ---- small vector helpers ---- */
static inline double cl_dot(const double a[3], const double b[3]) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
static inline void cl_sub(double r[3], const double a[3], const double b[3]) {
  r[0] = a[0] - b[0]; r[1] = a[1] - b[1]; r[2] = a[2] - b[2];
}
static inline void cl_add(double r[3], const double a[3], const double b[3]) {
  r[0] = a[0] + b[0]; r[1] = a[1] + b[1]; r[2] = a[2] + b[2];
}
static inline void cl_scale(double r[3], const double a[3], double s) {
  r[0] = a[0] * s; r[1] = a[1] * s; r[2] = a[2] * s;
}
/* r = a + s * b */
static inline void cl_madd(double r[3], const double a[3], const double b[3], double s) {
  r[0] = a[0] + s * b[0]; r[1] = a[1] + s * b[1]; r[2] = a[2] + s * b[2];
}
static inline void cl_copy(double r[3], const double a[3]) {
  r[0] = a[0]; r[1] = a[1]; r[2] = a[2];
}
static inline void cl_set(double r[3], double x, double y, double z) {
  r[0] = x; r[1] = y; r[2] = z;
}
static inline void cl_cross(double r[3], const double a[3], const double b[3]) {
  double x = a[1] * b[2] - a[2] * b[1];
  double y = a[2] * b[0] - a[0] * b[2];
  double z = a[0] * b[1] - a[1] * b[0];
  r[0] = x; r[1] = y; r[2] = z;
}
/* Euclidean length without overflow or underflow for any finite vector */
double cl_length(const double a[3]);
/* normalises a in place; returns its former length (0 leaves a as it is) */
double cl_normalize(double a[3]);
static inline double cl_clamp(double x, double lo, double hi) {
  return x < lo ? lo : (x > hi ? hi : x);
}
static inline double cl_maxabs3(const double a[3]) {
  double m = fabs(a[0]);
  if (fabs(a[1]) > m) m = fabs(a[1]);
  if (fabs(a[2]) > m) m = fabs(a[2]);
  return m;
}

/* ---- angles.c: sine, cosine, arc tangent and rotations, the same bits on every build ---- */
/* the sine and cosine of x radians, within 1 ulp for every finite x (the
** library's own reduction and series, not the C library's); for nan, inf
** and -inf the quiet nan with its sign bit clear; sin(-0) is -0 */
void cl_sincos(double x, double *s, double *c);
/* the angle of the point (x, y) from the x axis, in [-pi, pi]: the arc
** tangent of y/x in the quadrant of (x, y), as C's atan2, within 1 ulp
** for all arguments (the library's own reduction and series, not the C
** library's). Its sign is y's, -0 included: atan2(+-0, x) is +-0 for x
** > 0 or +0, +-pi for x < 0 or -0; atan2(y, +-0) is +-pi/2 for y != 0;
** atan2(+-y, +inf) is +-0 and atan2(+-y, -inf) +-pi for finite y;
** atan2(+-inf, x) is +-pi/2 for finite x, +-pi/4 for x = +inf, +-3pi/4
** for x = -inf; nan for a nan argument, the quiet nan with its sign bit
** clear */
double cl_atan2(double y, double x);
/* q = the rotation by radians about axis (any length but zero):
** (u sin(radians / 2), cos(radians / 2)), u the unit axis; 0 and the
** identity when the axis is zero or not finite or the angle not finite */
int cl_axis_angle(double q[4], const double axis[3], double radians);

/* ---- shapes.c: building and deriving shapes ---- */
void cl_aabb_init(cl_aabb *b, const double min[3], const double max[3]);
void cl_obb_init(cl_obb *o, const double c[3], const double e[3], const double q[4]);
int cl_quat_normalize(double q[4]);          /* 0 for a zero quaternion */
void cl_quat_from_axes(double q[4], const double u[3][3]);
int cl_axes_check(const double u[3][3]);     /* 0 ok, 1 not orthonormal, 2 left-handed */
int cl_plane_init(cl_plane *p, const double n[3], double d);   /* 0 for zero normal */
void cl_triangle_init(cl_triangle *t, const double a[3], const double b[3], const double c[3]);
int cl_ray_init(cl_ray *r, const double o[3], const double d[3], double tmax); /* 0 for zero d */
void cl_sphere_init(cl_sphere *s, const double c[3], double r);
void cl_capsule_init(cl_capsule *c, const double a[3], const double b[3], double r);
void cl_translate(cl_shape *s, const double d[3]);
/* copies the shape s into dst reading only s's own kind's size: a caller
** may hold a shape in a block just as large as its kind (never read a whole
** cl_shape from a pointer to one shape) */
void cl_shape_copy(cl_shape *dst, const cl_shape *s);
/* enclosing box; 0 when there is none (a plane, an infinite ray) */
int cl_bounds(const cl_shape *s, cl_aabb *out);
/* an aabb's centre and half extents: min + (max - min) / 2 and
** (max - min) / 2, or from the halves when max - min overflows (a box
** spanning more than 1.8e308). Inline: the box tests start with it. */
static inline void cl_aabb_frame(const cl_aabb *b, double c[3], double e[3]) {
  int k;
  for (k = 0; k < 3; k++) {
    double size = b->max[k] - b->min[k];
    if (size < INFINITY) {
      e[k] = size / 2;
      c[k] = b->min[k] + e[k];
    } else {
      e[k] = b->max[k] / 2 - b->min[k] / 2;
      c[k] = b->min[k] / 2 + b->max[k] / 2;
    }
  }
}
void cl_obb_from_aabb(cl_obb *o, const cl_aabb *b, const double q[4]);
void cl_obb_corner(const cl_obb *o, int i, double p[3]);
void cl_aabb_corner(const cl_aabb *b, int i, double p[3]);
double cl_triangle_area(const cl_triangle *t);

/* ---- points.c: closest points, containment, barycentrics ---- */
void cl_closest_point(const cl_shape *s, const double p[3], double out[3]);
double cl_distance(const cl_shape *s, const double p[3]);
/* a vector as long as p's distance from s (not a sphere or plane) */
void cl_offset(const cl_shape *s, const double p[3], double v[3]);
int cl_contains(const cl_shape *s, const double p[3]);      /* aabb, obb, sphere, capsule, hull */
void cl_barycentric(const cl_triangle *t, const double p[3], double w[3]);
void cl_closest_on_segment(const double a[3], const double b[3], const double p[3],
                           double out[3], double *s);
/* closest points of segments p1+s*d1 (s in [0,l1]) and p2+t*d2 (t in [0,l2]);
** d1 and d2 unit or zero, lengths may be INFINITY. Returns squared distance. */
double cl_closest_segments(const double p1[3], const double d1[3], double l1,
                           const double p2[3], const double d2[3], double l2,
                           double *s, double *t, double c1[3], double c2[3]);

/* ---- intersect.c: boolean tests for every pair of kinds ---- */
int cl_intersects(const cl_shape *a, const cl_shape *b);
/* -1, 0 or 1 of a point or shape (aabb, obb, triangle, sphere, capsule) against a plane */
int cl_classify_point(const cl_plane *p, const double x[3]);
int cl_classify(const cl_plane *p, const cl_shape *s);

/* ---- rays.c: casts and slabs ---- */
/* 1 and *h filled when the ray hits an aabb, obb, sphere, triangle, plane, capsule, hull or
** compound */
int cl_cast(const cl_ray *r, const cl_shape *s, int cull, cl_hit *h);
/* 1 when the ray's line meets the box: tnear, tfar unclamped */
int cl_slab(const cl_ray *r, const cl_shape *box, double *tnear, double *tfar);

/* ---- contact.c: minimum translation ---- */
/* 1 and n (unit, from a to b), depth when they overlap; for aabb, obb,
** sphere, triangle and capsule except triangle-triangle, and a plane with
** any of those on either side (n to the side of the shape's centre, depth
** the move that leaves them touching); 0 for rays and plane-plane */
int cl_contact(const cl_shape *a, const cl_shape *b, double n[3], double *depth);

/* ---- distance.c: distance between convex shapes ---- */
/* the distance between a and b (aabb, obb, sphere, triangle, capsule, hull or
** compound, in any order) and a closest point of each, pa on a and pb on b; 0 and one
** common point twice when they intersect. Exact to 1e-13 times the largest
** coordinate (GJK, at most 64 support points; gjk.c, distance.c) */
double cl_shape_distance(const cl_shape *a, const cl_shape *b, double pa[3], double pb[3]);

/* ---- sweep.c: shape casts ---- */
/* mover (sphere, capsule, aabb, obb, hull or compound) translated by t * d for t
** in [0, 1] against target (any kind but a ray): 1 and h filled at the first t where
** they touch (h->p the contact point, h->n the unit normal from the target
** towards the mover, dot(n, d) <= 0; t = 0 and the push-out direction when
** they overlap at the start, as cl_contact(target, mover) gives, and h->p
** a point of the overlap); 0 when they never touch, or when they only
** touch at t = 0 and the motion is along or away from the contact. A zero
** d is the static test: t = 0 when they overlap (touching only is no hit). Exact to
** 1e-11 times the largest coordinate involved; no allocation, at most 64
** steps of conservative advancement then at most 200 of bisection. */
int cl_sweep(const cl_shape *mover, const double d[3], const cl_shape *target, cl_hit *h);
/* cl_sweep's hit when its t is at most limit, else 0: the advancement
** stops as soon as it is past limit (a search for the nearest of many) */
int cl_sweep_until(const cl_shape *mover, const double d[3], const cl_shape *target,
                   double limit, cl_hit *h);

/* ---- lines.c: outlines for debug drawing ---- */
/* the segments of each circle of a sphere's or a capsule's outline */
#define CL_LINES_CIRCLE 16
/* the number of segments of the shape's outline: 12 for an aabb or an
** obb (its edges), 4 for a plane (a square of side 10), 3 for a
** triangle, 1 for a ray, 48 for a sphere (three great circles), 68 for a
** capsule (two rings and two outlines), a hull's number of edges */
size_t cl_lines_count(const cl_shape *s);
/* writes the outline into out (room for 6 cl_lines_count(s) doubles), a
** segment as x1 y1 z1 x2 y2 z2, in the order doc/reference.md gives
** ("collide.lines"); returns the number of segments. Coordinates beyond
** the doubles are clamped to +-DBL_MAX; nothing is allocated. */
size_t cl_lines_fill(const cl_shape *s, double *out);

/* ---- manifold.c: contact manifolds ---- */
/* a contact point and how deep it lies: how far behind the other shape's
** surface along the normal */
typedef struct { double p[3], depth; } cl_contact_point;
/* n as cl_contact's, from a to b; count points (at most 4) */
typedef struct { double n[3]; int count; cl_contact_point p[4]; } cl_contacts;
/* the contact of a and b (the pairs cl_contact answers) as its normal and
** up to four points spanning the region where they touch, each lying in
** both shapes (within rounding, for a depth less than either shape's
** thickness along n), the deepest first, then counter-clockwise
** seen from the tip of n: the corners of the overlap of two faces, the
** ends of a capsule's segment on a face, one point where only an edge, a
** vertex or a curved surface touches. When a face of a and one of b both
** face the normal, a's is the reference: the points lie on b's surface.
** Returns m->count, 0 when they do
** not touch. Clipping by the reference face (Ericson, Real-Time
** Collision Detection, 8.3.4; Gregorius, GDC 2015); no allocation. */
int cl_manifold(const cl_shape *a, const cl_shape *b, cl_contacts *m);
/* Reducing a sequence of candidate points to four, in passes: feed every
** candidate (the same ones, in the same order) to cl_reduce_add, then
** call cl_reduce_next; while it returns 1, feed them all again. Then
** cl_reduce_finish writes the points kept: the deepest, the farthest from
** it, the one spanning the largest triangle with those two, and the one
** adding the most area outside it (points closer than CL_EPSILON * scale
** count as one), ordered as cl_manifold's. */
typedef struct {
  double n[3], t[3], tol, best;
  int pass, count, have;
  cl_contact_point p[4], cand;
  cl_contact_point *buf;
  int cap, nbuf;
} cl_reduce;
void cl_reduce_init(cl_reduce *r, const double n[3], double scale);
/* keeps the first pass's candidates in buf (cap points): when they all
** fit, cl_reduce_next runs the other passes over them itself and returns
** 0 after the first, so the caller feeds its candidates once */
void cl_reduce_buffer(cl_reduce *r, cl_contact_point *buf, int cap);
void cl_reduce_add(cl_reduce *r, const double p[3], double depth);
int cl_reduce_next(cl_reduce *r);
int cl_reduce_finish(const cl_reduce *r, cl_contacts *m);
/* every candidate point of the pair a, b (before the reduction to four)
** fed to r: how many, 0 when they do not touch. hint, when not NULL, is a
** unit normal from a to b (the normal of a set of triangles): a triangle
** of the pair whose face is aligned with it is the reference face, so the
** triangles facing the set's normal are clipped along it; else the pair's
** own contact decides. */
int cl_manifold_add(const cl_shape *a, const cl_shape *b, const double *hint, cl_reduce *r);

#ifdef __cplusplus
}
#endif

#endif
