/*
** world_move.h - the move's steps, shared by world.c (cl_world_move) and
** character.c (the character's passes). Internal: not part of world.h.
*/
#ifndef COLLIDE_WORLD_MOVE_H
#define COLLIDE_WORLD_MOVE_H

#include "world_private.h"
#include "segment.h"

/* a solid contact of a leg, kept for the ties (the character's flags) */
typedef struct { int other; double t, n[3], p[3]; } cl_world_seen;
#define CL_WORLD_MAX_SEEN 256

typedef struct move_state move_state;
struct move_state {
  cl_world *w;
  cl_world_scratch *s;
  int self;                  /* the moving item */
  const void *skip;          /* its shape, never a candidate */
  uint32_t mask;
  cl_world_respond_at respond;
  void *ud;
  cl_world_collisions *out;
  unsigned mark;
  int aborted;
  double *planes;            /* the surfaces slid on in this pass */
  int np;
  /* the character's answer to a solid contact at p of normal n: e the
  ** normal a slide clips on; returns 1 to stop the pass */
  int (*hook)(move_state *st, const double p[3], const double n[3], int other, double e[3]);
  /* told every other solid contact met at the same t as the one answered */
  void (*tie_hook)(move_state *st, const double p[3], const double n[3], int other);
  void *hook_ud;
  /* the character's push at a slide on other (normal n, r the motion
  ** left): may move other, then w after it (mv grows by that) */
  void (*push)(move_state *st, cl_shape *w, int other, const double n[3], const double r[3],
               double mv[3]);
  int steep;
  int overflow;              /* a free motion's end was not finite: stopped */
  /* the shapes of the touch probe and of a push, kept through the move */
  cl_shape at, probe, pushed;
  int have_at, have_pushed;
  unsigned inside;           /* the push step's mark of the items overlapped */
  /* the triangles of one mesh near the whole move (cl_world_move_near):
  ** its sweeps and visits of that mesh test only those */
  const void *near_mesh;     /* NULL: none gathered */
  cl_mesh_near near;
  /* the candidates of the whole move's box (cl_world_move_near): a leg or
  ** a push within the box picks its own among them */
  int nnear_items;           /* -1: none gathered */
  cl_aabb near_box;
  /* the capsule's segment distances of the move, asked again by its
  ** push-out, its legs' sweeps and their touch probes (last: the move's
  ** start clears what comes before it) */
  cl_segment_memo memo;
};

void cl_world_move_begin(move_state *st, cl_world *w, cl_world_scratch *s, int id,
                         uint32_t mask, cl_world_respond_at respond, void *ud,
                         cl_world_collisions *out);
int cl_world_push_out(move_state *st, cl_shape *w, double mv[3]);
void cl_world_legs(move_state *st, cl_shape *w, const double r[3], double mv[3]);
/* the move's response to other (CL_WORLD_IGNORE .. CL_WORLD_BOUNCE),
** asked of its respond once a move; st->aborted when it stopped */
int cl_world_response(move_state *st, int other);
void cl_world_centre(const cl_shape *s, double c[3]);
/* the candidates of a move (world.c): into s->cands, their number */
int cl_world_candidates(cl_world *w, cl_world_scratch *s, const cl_shape *shape,
                        const double d[3], const void *skip, int self, uint32_t mask);
/* the same in the move st: among the items gathered by
** cl_world_move_near when the swept bounds are within its box */
int cl_world_move_candidates(move_state *st, const cl_shape *shape, const double d[3]);
/* collide.sweep(mover, d, the item's shape), in the move st */
int cl_world_sweep_item(const move_state *st, int id, const cl_shape *mover, const double d[3],
                        cl_hit *h);
/* gathers, for the rest of the move, the candidates whose tree boxes meet
** box and the triangles of the first mesh among them (into the scratch's
** near rooms); a step whose swept bounds leave the box, or more items or
** triangles there than the rooms hold, walks the trees as without. The
** triangles stay in the rooms for a later move inside their box while the
** mesh is unchanged; when owner (a character, or NULL) gathered last
** they are gathered grown by grow, for its next moves */
void cl_world_move_near(move_state *st, const cl_aabb *box, const void *owner, double grow);
/* the move whose items cl_world_move_near gathered or used ended with its
** item refitted: they serve the next move of the same item while the
** world's version stays as it is now (owner not NULL) */
void cl_world_keep_items(const cl_world *w, cl_world_scratch *s);

/* a move's sweep and visit of static geometry: over the triangles
** gathered near the move (cl_world_move_near) when it is that mesh, else
** by the geometry's own walk (st may be NULL: no move) */
int cl_world_is_near(const move_state *st, const cl_world_item *it);
int cl_world_geo_sweep(const move_state *st, const cl_world_item *it, const cl_shape *mover,
                       const double d[3], cl_hit *h, size_t *index);
size_t cl_world_geo_visit(const move_state *st, const cl_world_item *it, const cl_shape *s,
                          int (*fn)(void *ud, const cl_triangle *t, size_t index), void *ud);
/* collide.sweep(mover, d, item's shape): 1 and the hit (index the
** triangle for static geometry, else -1), in the move st (may be NULL) */
int cl_world_sweep_one(const move_state *st, const cl_world_item *it, const cl_shape *mover,
                       const double d[3], cl_hit *h, long long *index);


#endif
