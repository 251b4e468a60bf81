/*
** atomic.h - the few atomic operations a world shared by threads needs:
** a flag claimed by compare-and-swap, a pointer published once, loads and
** stores another thread may see. C99 has no atomics: GCC's and Clang's
** __atomic builtins (every compiler the library is built with here), the
** Interlocked intrinsics of MSVC, and plain operations elsewhere (a world
** is then for one thread at a time, as it always is for its changes).
** Private to the geometry.
*/
#ifndef COLLIDE_ATOMIC_H
#define COLLIDE_ATOMIC_H

#if defined(__GNUC__) || defined(__clang__)

#define CL_ATOMIC_THREADS 1
/* 1 when *p was 0 and is now 1 (acquire), else 0 and *p as it was */
static inline int cl_atomic_claim(long *p) {
  long expected = 0;
  return __atomic_compare_exchange_n(p, &expected, 1L, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}
static inline void cl_atomic_release(long *p) { __atomic_store_n(p, 0L, __ATOMIC_RELEASE); }
static inline long cl_atomic_load(const long *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
static inline void *cl_atomic_load_ptr(void *const *p) {
  return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}
static inline const void *cl_atomic_load_cptr(const void *const *p) {
  return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}
static inline void cl_atomic_store_cptr(const void **p, const void *v) {
  __atomic_store_n(p, v, __ATOMIC_RELEASE);
}
/* 1 when *p was NULL and is now v (release), else 0 */
static inline int cl_atomic_publish(void **p, void *v) {
  void *expected = 0;
  return __atomic_compare_exchange_n(p, &expected, v, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

#elif defined(_MSC_VER)

#include <intrin.h>
#define CL_ATOMIC_THREADS 1
static __inline int cl_atomic_claim(long *p) {
  return _InterlockedCompareExchange((long volatile *)p, 1, 0) == 0;
}
static __inline void cl_atomic_release(long *p) { _InterlockedExchange((long volatile *)p, 0); }
static __inline long cl_atomic_load(const long *p) {
  return _InterlockedCompareExchange((long volatile *)p, 0, 0);
}
static __inline void *cl_atomic_load_ptr(void *const *p) {
  return _InterlockedCompareExchangePointer((void *volatile *)p, 0, 0);
}
static __inline const void *cl_atomic_load_cptr(const void *const *p) {
  return _InterlockedCompareExchangePointer((void *volatile *)p, 0, 0);
}
static __inline void cl_atomic_store_cptr(const void **p, const void *v) {
  _InterlockedExchangePointer((void *volatile *)p, (void *)v);
}
static __inline int cl_atomic_publish(void **p, void *v) {
  return _InterlockedCompareExchangePointer((void *volatile *)p, v, 0) == 0;
}

#else

#define CL_ATOMIC_THREADS 0
static inline int cl_atomic_claim(long *p) {
  if (*p != 0) return 0;
  *p = 1;
  return 1;
}
static inline void cl_atomic_release(long *p) { *p = 0; }
static inline long cl_atomic_load(const long *p) { return *p; }
static inline void *cl_atomic_load_ptr(void *const *p) { return *p; }
static inline const void *cl_atomic_load_cptr(const void *const *p) { return *p; }
static inline void cl_atomic_store_cptr(const void **p, const void *v) { *p = v; }
static inline int cl_atomic_publish(void **p, void *v) {
  if (*p != 0) return 0;
  *p = v;
  return 1;
}

#endif

#endif
