/*
** mesh_node.h - the quantised boxes of a mesh node (collide/mesh.h): the
** one decoding the build checks its choices with and every walk reads the
** boxes by, so that both see the same floats.
*/
#ifndef COLLIDE_MESH_NODE_H
#define COLLIDE_MESH_NODE_H

#include <math.h>
#include <stddef.h>
#include <string.h>
#include "collide/mesh.h"

/* the ray walk loads org and ex as one vector: the layout it assumes */
typedef char cl_mesh_node_layout[offsetof(cl_mesh_node, ex) == 12 && sizeof(cl_mesh_node) == 64
                                 ? 1 : -1];

/* the step of a node's axis of exponent ex (1..254): the float 2^(ex - 127) */
static inline float cl_mesh_step(unsigned ex) {
  uint32_t bits = (uint32_t)ex << 23;
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

/* the face q steps above org: q * step is exact (q has 8 bits, step is a
** power of two no smaller than the least normal float), the sum rounds
** once, to nearest, in every build */
static inline float cl_mesh_face(float org, float step, unsigned q) {
  return org + (float)q * step;
}

/* the index of child k of n, an inner node (count 0): the inner children
** lie from n->first in child order */
static inline uint32_t cl_mesh_inner(const cl_mesh_node *n, int k) {
  uint32_t r = n->first;
  int j;
  for (j = 0; j < k; j++) r += n->count[j] == 0;
  return r;
}

/* child k of n as a walk's stack holds it: a leaf's first slot, an inner
** child's node */
static inline uint32_t cl_mesh_child(const cl_mesh_node *n, int k) {
  return n->count[k] ? n->child[k] : cl_mesh_inner(n, k);
}

/* the boxes of n's four children as floats, axis a of child k at
** lo[a][k] .. hi[a][k]; an unused place gets an empty box (lo +inf, hi
** -inf), an axis of ex 255 the whole line */
static inline void cl_mesh_node_boxes(const cl_mesh_node *n, float lo[3][CL_MESH_WIDTH],
                                      float hi[3][CL_MESH_WIDTH]) {
  int a, k;
  for (a = 0; a < 3; a++) {
    unsigned ex = n->ex[a];
    float org = n->org[a], step = ex != 255 ? cl_mesh_step(ex) : 0;
    for (k = 0; k < CL_MESH_WIDTH; k++) {
      if (!(n->used >> k & 1)) {
        lo[a][k] = INFINITY;
        hi[a][k] = -INFINITY;
      } else if (ex == 255) {
        lo[a][k] = -INFINITY;
        hi[a][k] = INFINITY;
      } else {
        lo[a][k] = cl_mesh_face(org, step, n->qlo[a][k]);
        hi[a][k] = cl_mesh_face(org, step, n->qhi[a][k]);
      }
    }
  }
}

#endif
