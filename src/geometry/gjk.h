/*
** gjk.h - internal to the geometry files: the GJK distance between two
** convex cores (support.h, gjk.c), shared by the capsule tests
** (intersect.c, contact.c), the distance between shapes (distance.c) and
** the shape casts (sweep.c).
*/
#ifndef COLLIDE_GJK_H
#define COLLIDE_GJK_H

#include "support.h"
#include "tolerance.h"

/* GJK stops after this many support points at most */
#define CL_GJK_MAX_ITER 64

/* distance between the two cores (radii ignored), closest points ca on a
** and cb on b; *touch 1 when the cores meet (within the tolerance): then
** ca == cb, a common point; 2 when GJK stopped on rounding before its gap
** closed (the distance is then an upper bound), else 0 */
double cl_core_distance(const cl_core *a, const cl_core *b, double ca[3], double cb[3],
                        int *touch);

/* GJK on two cores that overlap: 1 and, in tetra, four points of their
** Minkowski difference A - B whose tetrahedron holds the origin (what
** EPA starts from) when the run ends inside one; else 0 (the cores are
** apart, or touch, or meet only within GJK's tolerance) */
int cl_core_tetra(const cl_core *a, const cl_core *b, double tetra[4][3]);

/* the penetration of two overlapping cores by the expanding polytope
** algorithm (epa.c): 1 and the unit n along which b moves out of a, with
** lo <= the depth <= hi, hi - lo at most CL_EPA_REL times the cores'
** scale; 0 when GJK gives no tetrahedron or the polytope degenerates */
int cl_core_penetration(const cl_core *a, const cl_core *b, double n[3], double *lo,
                        double *hi);

/* cl_shape_distance, with u the unit direction from pa's core point to
** pb's (zero when the cores meet) and *core the cores' distance: for a
** sphere or capsule u stays accurate while the surfaces touch */
double cl_shape_distance_u(const cl_shape *a, const cl_shape *b, double pa[3], double pb[3],
                           double u[3], double *core);

/* the extent [lo, hi] of a sweep's mover (sphere, capsule, aabb, obb)
** along the unit vector n: the least and greatest dot(n, x) over it */
void cl_sweep_extent(const cl_shape *s, const double n[3], double *lo, double *hi);

#endif
