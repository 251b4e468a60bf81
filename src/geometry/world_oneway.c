/*
** world_oneway.c - one-way items of the world (include/collide/world.h):
** an item that blocks a mover only where the mover meets it against its
** direction, as a platform one jumps through from below. The direction
** lives in a pool beside the events' records (world_events.c), a slot per
** item that has one; cl_world_one_way_blocks is what the move and the
** character ask of a hit.
*/
#include "fp.h"
#include <math.h>
#include "world_private.h"

void cl_world_one_way_clear(cl_world *w, int item) {
  cl_world_evrec *it;
  if (w->evrec == NULL) return;
  it = &w->evrec[item];
  if (it->one_way < 0) return;
  w->one_way[it->one_way].next = w->free_one_way;
  w->free_one_way = it->one_way;
  it->one_way = -1;
  w->version++;
  CL_WORLD_RESHAPED(w);
}

int cl_world_set_one_way(cl_world *w, cl_item id, const double dir[3]) {
  cl_world_item *it;
  double m, u[3], len;
  int slot, item;
  if (cl_world_busy(w) != NULL) return CL_BUSY;
  if ((item = cl_world_slot(w, id)) < 0) return CL_NOT_ITEM;
  it = &w->items[item];
  if (dir == NULL) {
    cl_world_one_way_clear(w, item);
    return 0;
  }
  if (CL_IS_TRISET(it->kind)) return CL_NOT_MOVER;
  if (!(isfinite(dir[0]) && isfinite(dir[1]) && isfinite(dir[2]))) return CL_NOT_FINITE;
  /* scaled by the largest component first: no overflow for any finite dir */
  m = cl_fmax(fabs(dir[0]), cl_fmax(fabs(dir[1]), fabs(dir[2])));
  if (!(m > 0)) return CL_NOT_FINITE;
  cl_set(u, dir[0] / m, dir[1] / m, dir[2] / m);
  len = sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
  if (!cl_world_ev_records(w)) return CL_NOMEM;
  if (w->evrec[item].one_way >= 0) {
    slot = w->evrec[item].one_way;
  } else if (w->free_one_way >= 0) {
    slot = w->free_one_way;
    w->free_one_way = w->one_way[slot].next;
  } else {
    if (!cl_world_ev_grow_int(w, (void **)&w->one_way, &w->cap_one_way, (long long)w->none_way + 1,
                     sizeof(cl_world_dir)))
      return CL_NOMEM;
    slot = w->none_way++;
  }
  cl_set(w->one_way[slot].n, u[0] / len, u[1] / len, u[2] / len);
  w->evrec[item].one_way = slot;
  w->version++;
  CL_WORLD_RESHAPED(w);
  return 0;
}

int cl_world_one_way(const cl_world *w, cl_item id, double dir[3]) {
  const double *d;
  int item = cl_world_slot(w, id);
  if (item < 0) return CL_NOT_ITEM;
  d = cl_world_one_way_of(w, &w->items[item]);
  if (d == NULL) return 0;
  if (dir != NULL) cl_copy(dir, d);
  return 1;
}

int cl_world_one_way_blocks(const cl_world *w, const cl_world_item *it, const cl_shape *mover,
                            const cl_hit *h) {
  const double *d = cl_world_one_way_of(w, it);
  cl_shape target;
  cl_aabb box;
  double n[3], depth, scale = 0;
  int k;
  if (d == NULL) return 1;
  if (!(h->n[0] * d[0] + h->n[1] * d[1] + h->n[2] * d[2] > 0)) return 0;
  if (h->t > 0) return 1;
  /* met at the start: blocks only when merely touching, not overlapping */
  cl_shape_copy(&target, cl_world_shape_of(it));
  if (!cl_contact(&target, mover, n, &depth)) return 1;
  (void)cl_bounds(mover, &box);
  for (k = 0; k < 3; k++) scale = cl_fmax(scale, cl_fmax(fabs(box.min[k]), fabs(box.max[k])));
  return !(depth > CL_EPSILON * (1 + scale));
}
