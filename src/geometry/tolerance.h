/*
** tolerance.h - the thresholds of the geometry, named once. Each is
** relative: a fraction of the size of the coordinates a test reads, so
** that an answer does not change when a scene is scaled or moved far from
** the origin (Ericson, Real-Time Collision Detection, 11.3.1: relative
** and absolute tolerances). CL_EPSILON (collide.h, public) is the base;
** the rest are the ones an algorithm needs tighter or looser. Internal to
** src/geometry; the public ones of the hull are in collide/hull.h.
*/
#ifndef COLLIDE_TOLERANCE_H
#define COLLIDE_TOLERANCE_H

#include "collide/collide.h"

/* GJK's tolerance relative to the largest coordinate of the two cores */
#define CL_GJK_REL (CL_EPSILON * 1e-4)
/* EPA stops when its bounds on the depth are this close, relative to the
** cores' scale */
#define CL_EPA_REL 1e-11
/* a sweep's shapes touch within this of the largest coordinate of their
** two ends (sweep.c) */
#define CL_SWEEP_REL (CL_EPSILON * 1e-2)
/* how far a box or a ray taken into a compound's frame may be off by
** rounding, relative to the coordinates involved: the compound's walk
** grows boxes by it, so it never drops a child that touches */
#define CL_WALK_REL CL_EPSILON
/* the move's probes: a normal opposes a motion, and a probe gains depth,
** only beyond this fraction of the motion's length (world_move.c) */
#define CL_ALONG CL_EPSILON

#endif
