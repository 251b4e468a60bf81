/*
** collider.h - internal to the geometry files: the dispatch over every
** kind a world holds. A collider is the pair (kind, pointer) a world's
** item holds: one of the nine shapes (kind: its tag), answered by the
** shape dispatch (dispatch.c) and the core's calls (cl_cast, cl_sweep,
** cl_intersects, cl_bounds), or static triangle geometry (kind:
** CL_WORLD_MESH, CL_WORLD_HEIGHTFIELD), answered by the walks of mesh.c
** and heightfield.c, composites that ask the shape dispatch again for
** each triangle. One switch per query, inline here so that the world's
** casts and sweeps reach the kernel with no call between; the rows sit
** apart from dispatch.c because the triangle sets' walks call the shape
** dispatch, and it calling them back would close a circle of files. A new
** kind of triangle set is a case in each switch below.
*/
#ifndef COLLIDE_COLLIDER_H
#define COLLIDE_COLLIDER_H

#include <stddef.h>
#include <stdint.h>
#include "collide/collide.h"
#include "collide/compound.h"
#include "collide/heightfield.h"
#include "collide/mesh.h"
#include "collide/world.h"

/* 1 when the kind is static triangle geometry (a mesh, a heightfield) */
#define CL_IS_TRISET(kind) ((kind) >= CL_WORLD_MESH)

/* the collider's bounds; 0 when it has none (a plane, an endless ray, an
** empty mesh) */
static inline int cl_collider_bounds(int kind, const void *c, cl_aabb *out) {
  switch (kind) {
    case CL_WORLD_MESH: return cl_mesh_bounds((const cl_mesh *)c, out);
    case CL_WORLD_HEIGHTFIELD: return cl_heightfield_bounds((const cl_heightfield *)c, out);
    default: return cl_bounds((const cl_shape *)c, out);
  }
}

/* the ray's hit of the collider (cull as cl_cast's); idx the triangle of
** a triangle set or the child of a compound, left as it was for the
** other shapes */
static inline int cl_collider_cast(int kind, const void *c, const cl_ray *r, int cull,
                                   cl_hit *h, long long *idx) {
  size_t ti;
  int ci;
  switch (kind) {
    case CL_WORLD_MESH:
      if (!cl_mesh_cast((const cl_mesh *)c, r, cull, h, &ti)) return 0;
      *idx = (long long)ti;
      return 1;
    case CL_WORLD_HEIGHTFIELD:
      if (!cl_heightfield_cast((const cl_heightfield *)c, r, cull, h, &ti)) return 0;
      *idx = (long long)ti;
      return 1;
    case CL_COMPOUND:
      if (!cl_compound_cast(r, &((const cl_shape *)c)->compound, cull, h, &ci)) return 0;
      *idx = ci;
      return 1;
    default: return cl_cast(r, (const cl_shape *)c, cull, h);
  }
}

/* the mover swept by d against the collider (collide.sweep); idx as
** cl_collider_cast's */
static inline int cl_collider_sweep(int kind, const void *c, const cl_shape *mover,
                                    const double d[3], cl_hit *h, long long *idx) {
  size_t ti;
  int ci;
  cl_shape target;
  switch (kind) {
    case CL_WORLD_MESH:
      if (!cl_mesh_sweep((const cl_mesh *)c, mover, d, h, &ti)) return 0;
      *idx = (long long)ti;
      return 1;
    case CL_WORLD_HEIGHTFIELD:
      if (!cl_heightfield_sweep((const cl_heightfield *)c, mover, d, h, &ti)) return 0;
      *idx = (long long)ti;
      return 1;
    case CL_COMPOUND:
      cl_shape_copy(&target, (const cl_shape *)c);
      if (!cl_compound_sweep(mover, d, &target, 1, h, &ci)) return 0;
      *idx = ci;
      return 1;
    default:
      cl_shape_copy(&target, (const cl_shape *)c);
      return cl_sweep(mover, d, &target, h);
  }
}

/* a heightfield against the collider (kind, b) */
static inline int cl_collider_hf_meets(const cl_heightfield *hf, int kind, const void *b) {
  switch (kind) {
    case CL_WORLD_HEIGHTFIELD:
      return cl_heightfield_intersects_heightfield(hf, (const cl_heightfield *)b);
    case CL_WORLD_MESH: return cl_heightfield_intersects_mesh(hf, (const cl_mesh *)b);
    default: return cl_heightfield_intersects(hf, (const cl_shape *)b);
  }
}

/* 1 when the colliders a and b meet, as collide.intersects(a, b) answers */
static inline int cl_collider_intersects(int ka, const void *a, int kb, const void *b) {
  if (!CL_IS_TRISET(ka) && !CL_IS_TRISET(kb))
    return cl_intersects((const cl_shape *)a, (const cl_shape *)b);
  if (ka == CL_WORLD_HEIGHTFIELD) return cl_collider_hf_meets((const cl_heightfield *)a, kb, b);
  if (kb == CL_WORLD_HEIGHTFIELD) return cl_collider_hf_meets((const cl_heightfield *)b, ka, a);
  if (ka == CL_WORLD_MESH && kb == CL_WORLD_MESH)
    return cl_mesh_intersects_mesh((const cl_mesh *)a, (const cl_mesh *)b);
  return ka == CL_WORLD_MESH ? cl_mesh_intersects((const cl_mesh *)a, (const cl_shape *)b)
                             : cl_mesh_intersects((const cl_mesh *)b, (const cl_shape *)a);
}

/* the collider's distance *d from p and its closest point, when it is
** within limit: 1 (a triangle set by its nearest triangle, *index then
** the triangle's; a shape leaves it) */
static inline int cl_collider_closest(int kind, const void *c, const double p[3], double limit,
                                      double *d, double out[3], size_t *index) {
  switch (kind) {
    case CL_WORLD_MESH: return cl_mesh_closest((const cl_mesh *)c, p, limit, d, out, index);
    case CL_WORLD_HEIGHTFIELD:
      return cl_heightfield_closest((const cl_heightfield *)c, p, limit, d, out, index);
    default:
      *d = cl_distance((const cl_shape *)c, p);
      if (!(*d <= limit)) return 0;
      cl_closest_point((const cl_shape *)c, p, out);
      return 1;
  }
}

/* the count of the collider's segments (a triangle set's within box,
** NULL: all), and with out (room for 6 doubles a segment) written there */
static inline size_t cl_collider_lines(int kind, const void *c, const cl_aabb *box, double *out) {
  switch (kind) {
    case CL_WORLD_MESH:
      return out != NULL ? cl_mesh_lines_fill((const cl_mesh *)c, box, out)
                         : cl_mesh_lines_count((const cl_mesh *)c, box);
    case CL_WORLD_HEIGHTFIELD:
      return out != NULL ? cl_heightfield_lines_fill((const cl_heightfield *)c, box, out)
                         : cl_heightfield_lines_count((const cl_heightfield *)c, box);
    default:
      return out != NULL ? cl_lines_fill((const cl_shape *)c, out)
                         : cl_lines_count((const cl_shape *)c);
  }
}

/* the material of a triangle set's triangle index; -1 for the shapes */
static inline long long cl_collider_material(int kind, const void *c, size_t index) {
  switch (kind) {
    case CL_WORLD_MESH: return cl_mesh_material((const cl_mesh *)c, index);
    case CL_WORLD_HEIGHTFIELD: return cl_heightfield_material((const cl_heightfield *)c, index);
    default: return -1;
  }
}

/* ---- the triangles of a triangle set ---- */

typedef struct {
  int (*fn)(void *ud, const cl_triangle *t, size_t index);
  void *ud;
} cl_collider_visit_fn;

static inline int cl_collider_hf_visit(void *ctx, uint32_t index, const cl_triangle *t) {
  const cl_collider_visit_fn *v = (const cl_collider_visit_fn *)ctx;
  return v->fn(v->ud, t, index);
}

/* hands fn each triangle of the triangle set that intersects s and its
** index; the count (0 for a shape, which has none) */
static inline size_t cl_collider_visit(int kind, const void *c, const cl_shape *s,
                                       int (*fn)(void *ud, const cl_triangle *t, size_t index),
                                       void *ud) {
  cl_collider_visit_fn v;
  switch (kind) {
    case CL_WORLD_MESH: return cl_mesh_visit((const cl_mesh *)c, s, fn, ud);
    case CL_WORLD_HEIGHTFIELD:
      v.fn = fn;
      v.ud = ud;
      return cl_heightfield_query((const cl_heightfield *)c, s, cl_collider_hf_visit, &v);
    default: return 0;
  }
}

/* the triangle of index. A hole's index is never visited, cast or swept,
** so no caller asks for it; were one asked (or a shape's), it answers a
** point triangle at the origin rather than leave t unset */
static inline void cl_collider_triangle(int kind, const void *c, size_t index, cl_triangle *t) {
  static const double zero[3] = {0, 0, 0};
  switch (kind) {
    case CL_WORLD_MESH: cl_mesh_triangle((const cl_mesh *)c, index, t); return;
    case CL_WORLD_HEIGHTFIELD:
      if (cl_heightfield_triangle((const cl_heightfield *)c, index, t)) return;
      break;
    default: break;
  }
  cl_triangle_init(t, zero, zero, zero);
}

#endif
