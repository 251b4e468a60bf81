/*
** threads.c - raycasts on one world from one thread and from two at once:
** the throughput of two threads over one's, in one process. A level of
** 10,000 static boxes and 1,000 others; each round casts the same rays
** from one thread, then from two threads at once (each the whole list),
** interleaved; the median ratio of rounds is printed. On a machine with
** two free cores, a world that lets its readers run side by side gives
** about 2; one that serialises them gives 1.
**
**   make bench-threads      (THREADS_BENCH_ROUNDS=n rounds, 9)
*/
#define _POSIX_C_SOURCE 200809L
#include <collide/world.h>

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NSTATIC 10000
#define NMOVING 1000
#define NRAYS 20000

static cl_aabb boxes[NSTATIC + NMOVING];
static cl_ray rays[NRAYS];
static cl_world *world;

static unsigned rng = 2024u;
static double uni(double lo, double hi) {
  rng = rng * 1664525u + 1013904223u;
  return lo + (hi - lo) * (double)(rng >> 8) / 16777216.0;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef struct {
  long hits;
  double seconds;
} run;

static void *cast_all(void *ud) {
  run *r = (run *)ud;
  cl_world_hit h;
  double t0 = now();
  int i;
  r->hits = 0;
  for (i = 0; i < NRAYS; i++) r->hits += cl_world_raycast(world, &rays[i], NULL, &h) >= 0;
  r->seconds = now() - t0;
  return NULL;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(void) {
  const char *env = getenv("THREADS_BENCH_ROUNDS");
  int rounds = env != NULL ? atoi(env) : 9, i, k;
  double *ratio, one = 0, two = 0;
  long hits1 = 0;
  if (rounds < 1) rounds = 1;
  ratio = (double *)malloc((size_t)rounds * sizeof *ratio);
  world = cl_world_new(0.1, NULL, NULL);
  if (world == NULL || ratio == NULL) return 2;
  for (i = 0; i < NSTATIC + NMOVING; i++) {
    double lo[3], hi[3], e = uni(0.2, 1.5);
    cl_item id;
    cl_set(lo, uni(-100, 100), uni(0, 20), uni(-100, 100));
    cl_set(hi, lo[0] + e, lo[1] + uni(0.2, 3), lo[2] + e);
    cl_aabb_init(&boxes[i], lo, hi);
    id = cl_world_add(world, &boxes[i], CL_AABB, NULL);
    if (id < 0) return 2;
    if (i < NSTATIC) cl_world_set_options(world, id, 1, CL_WORLD_ALL_BITS, 1);
  }
  for (i = 0; i < NRAYS; i++) {
    double o[3], d[3];
    cl_set(o, uni(-100, 100), uni(1, 25), uni(-100, 100));
    cl_set(d, uni(-1, 1), uni(-0.5, 0.1), uni(-1, 1));
    if (!cl_ray_init(&rays[i], o, d, 60)) return 2;
  }
  for (k = 0; k < rounds; k++) {
    pthread_t th[2];
    run alone, pair[2];
    double t0, t2;
    cast_all(&alone);
    hits1 = alone.hits;
    t0 = now();
    for (i = 0; i < 2; i++)
      if (pthread_create(&th[i], NULL, cast_all, &pair[i]) != 0) return 2;
    for (i = 0; i < 2; i++) pthread_join(th[i], NULL);
    t2 = now() - t0;
    if (pair[0].hits != hits1 || pair[1].hits != hits1) {
      fprintf(stderr, "bench-threads: the threads' hits differ from one thread's\n");
      return 1;
    }
    /* rays per second: 2 * NRAYS in t2 against NRAYS in alone.seconds */
    ratio[k] = (2.0 * NRAYS / t2) / (NRAYS / alone.seconds);
    one += alone.seconds;
    two += t2;
  }
  qsort(ratio, (size_t)rounds, sizeof *ratio, by_value);
  printf("raycasts among %d boxes, %d rays a thread, %d rounds (%ld hits)\n",
         NSTATIC + NMOVING, NRAYS, rounds, hits1);
  printf("  one thread   %8.0f ns a ray\n", 1e9 * one / rounds / NRAYS);
  printf("  two threads  %8.0f ns a ray (each thread's)\n", 1e9 * two / rounds / NRAYS);
  printf("  throughput of two threads over one: %.2f (median; min %.2f, max %.2f)\n",
         ratio[rounds / 2], ratio[0], ratio[rounds - 1]);
  cl_world_delete(world);
  free(ratio);
  return 0;
}
