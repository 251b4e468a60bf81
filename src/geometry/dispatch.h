/*
** dispatch.h - internal to the geometry files: the kernels of one kind
** each that the dispatch (dispatch.c) calls. The dispatch is the one place
** that looks at a shape's kind for the queries of a shape alone (copy,
** translate, bounds, closest point, containment, outlines, and the per-kind
** steps below); each kernel here answers for the kind its name says and
** never looks at another's.
*/
#ifndef COLLIDE_DISPATCH_H
#define COLLIDE_DISPATCH_H

#include <stdint.h>
#include <math.h>
#include <string.h>
#include "collide/collide.h"
#include "collide/hull.h"

/* the bits of x (an 8-byte copy: no call, and -0 is not 0), and whether
** two numbers or vectors have the same bits */
static inline uint64_t cl_bits_of(double x) {
  uint64_t a;
  memcpy(&a, &x, sizeof a);
  return a;
}
static inline int cl_same_bits(double x, double y) { return cl_bits_of(x) == cl_bits_of(y); }
static inline int cl_same_bits3(const double x[3], const double y[3]) {
  return cl_same_bits(x[0], y[0]) && cl_same_bits(x[1], y[1]) && cl_same_bits(x[2], y[2]);
}

/* ---- answered by the dispatch (dispatch.c), for the files below ---- */

/* tree.c: how a walk of the tree tests a node against a shape of each
** kind (indexed by the tag): as the box it is, as a plane, as a ray, or
** by the shape's bounds and then the shape's own test */
enum { CL_WALK_BOUNDS, CL_WALK_BOX, CL_WALK_PLANE, CL_WALK_RAY };
extern const unsigned char cl_walk_form[CL_NKINDS];

/* sweep.c: the mover's point farthest along v (ties, a face or an edge
** across v, take the middle of the face or edge), and its centre */
void cl_sweep_support(const cl_shape *s, const double v[3], double out[3]);
void cl_shape_centre(const cl_shape *s, double c[3]);
/* segment.c: the largest magnitude of x's defining numbers (a box or a
** triangle; INFINITY for others), and whether x and y have the same bits
** in every number of x that a segment's search reads */
double cl_defining_maxabs(const cl_shape *x);
int cl_same_shape(const cl_shape *x, const cl_shape *y);
/* character.c: the height along u of the shape's lowest point; the point
** of a shape a carried character follows (kind: the item's), 0 when it
** cannot be followed; whether b is a translated within rounding */
double cl_lowest_along(const cl_shape *s, const double u[3]);
int cl_shape_anchor(int kind, const cl_shape *s, double p[3]);
int cl_size_kept(const cl_shape *a, const cl_shape *b);
/* character.c: the rotation of a shape of the kind (an item's) that has
** one (an obb, a hull, a compound), NULL for the others */
const double *cl_shape_rotation(int kind, const cl_shape *s);

/* world_move.c: the centre of a mover, as its center() method gives it;
** the squared distance from c to the centre of s (a plane: to the plane),
** bump.lua's tie rule */
void cl_mover_centre(const cl_shape *s, double c[3]);
double cl_tie_dist2(const cl_shape *s, const double c[3]);
/* world_move.c, character.c: dst (of src's kind) given src's values, an
** obb, a hull or a compound by moving it to src's place (its axes and
** data stay its own) */
void cl_shape_copy_back(cl_shape *dst, const cl_shape *src);
/* world_snapshot.c: the bytes of a shape of the kind that hold its
** numbers (all but the tag and a hull's or compound's shared data), from
** *off on; 0 for a kind that is no shape's */
size_t cl_shape_state(int kind, size_t *off);
/* mesh.c, heightfield.c: the scale of a shape for their walks' pad, its
** largest coordinate roughly (INFINITY for what has none) */
double cl_shape_scale(const cl_shape *s);
/* contact.c: the extent lo .. hi of s along the plane's normal and its
** centre's height m, measured from the plane; 0 for the kinds without one */
int cl_plane_extent(const cl_plane *p, const cl_shape *s, double *lo, double *hi, double *m);

/* ---- the kernels the dispatch calls ---- */

/* rays.c: the ray's hit of one shape, as cl_cast gives it before
** cl_cast_checked; cl_cast_triangle_hit is cl_cast of a triangle, for the
** walks of the mesh and the heightfield */
int cl_cast_aabb(const cl_ray *r, const cl_aabb *b, cl_hit *h);
int cl_cast_obb(const cl_ray *r, const cl_obb *b, cl_hit *h);
int cl_cast_sphere(const cl_ray *r, const cl_sphere *s, cl_hit *h);
int cl_cast_triangle(const cl_ray *r, const cl_triangle *tr, int cull, cl_hit *h);
int cl_cast_plane(const cl_ray *r, const cl_plane *p, cl_hit *h);
int cl_cast_capsule(const cl_ray *r, const cl_capsule *c, cl_hit *h);
int cl_cast_triangle_hit(const cl_ray *r, const cl_triangle *t, int cull, cl_hit *h);
/* a kernel's hit as cl_cast answers it: one the doubles cannot place (t
** or the point overflowed, near the largest double) is a miss, as a plane
** reached only at t = inf is; -0 (a slab entered at its far side's 0)
** reads as 0 */
static inline int cl_cast_checked(int hit, cl_hit *h) {
  if (hit && !(h->t < INFINITY && fabs(h->p[0]) < INFINITY && fabs(h->p[1]) < INFINITY
               && fabs(h->p[2]) < INFINITY))
    return 0;
  h->t += 0.0;
  return hit;
}

/* points.c: the closest point of a triangle to p, and its barycentric
** weights w */
void cl_closest_on_triangle(const cl_triangle *tr, const double p[3], double out[3],
                            double w[3]);

/* lines.c: the outline of one shape written at out (room for 6
** cl_lines_count doubles), its points clamped to the doubles first */
void cl_lines_aabb(const cl_aabb *b, double *out);
void cl_lines_obb(const cl_obb *o, double *out);
void cl_lines_plane(const cl_plane *p, double *out);
void cl_lines_triangle(const cl_triangle *t, double *out);
void cl_lines_ray(const cl_ray *r, double *out);
void cl_lines_sphere(const cl_sphere *s, double *out);
void cl_lines_capsule(const cl_capsule *c, double *out);
void cl_lines_hull(const cl_hull *h, double *out);

#endif
