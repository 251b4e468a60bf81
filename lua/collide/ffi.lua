-- collide.ffi: the LuaJIT FFI fast paths of collide.intersects and
-- collide.cast and of the methods intersects and cast (see
-- src/lua/l_ffi.c). ffi.bind(core) returns a table with the fast intersects
-- and cast, having put them in the shapes' method tables too, or nil where
-- there is no FFI, the core does not hand over its entry points
-- (core._ffi, a light userdata) or hands over another layout, LuaJIT's
-- userdata header does not tell a block's length where this looks for it,
-- the debug library is absent, the JIT may fuse multiply-adds (M.fuses),
-- or COLLIDE_NO_FFI is set in the environment. The
-- entry points come from the loaded core itself, never from a file, so
-- every way of loading it (package.cpath, a LÖVE game folder, a .love, a
-- fused game, the save directory) gets them.
local M = {}

-- The shapes' metatables are protected (getmetatable gives a table with
-- their name, which any script can copy into its own metatable), so they
-- are told apart by their real metatables, which only debug.getmetatable
-- gives; the JIT compiles it like getmetatable.
local debug_getmetatable = debug and debug.getmetatable

-- The short tests that games call most (aabb-aabb, aabb-sphere and
-- sphere-sphere intersects; ray casts at an aabb, a sphere and a triangle)
-- run here in Lua, reading the shapes' memory through the FFI, so the JIT
-- compiles them into the caller's trace: no call leaves it. They are the C
-- routines (src/geometry/intersect.c, rays.c) operation for operation, in the
-- same floating-point order, so the answers are the same bit for bit; the
-- rare branches (a coplanar or degenerate triangle, a grazing hit, a sphere
-- beyond 1e150) call the C entry points instead.
local INF = math.huge

-- the structs of include/collide/collide.h, as CL_LAYOUT_VERSION numbers them
local LAYOUT = 2
local DECLS = [[
  typedef struct {
    int version;
    int (*intersects)(const void *a, const void *b);
    int (*cast)(const void *ray, const void *shape, int cull, double *out);
    int layout;
    size_t header_size, magic_offset;
    const void *magic;
    size_t kind_sizes[9];
  } collide_ffi_entries;
  typedef struct { int tag; double min[3], max[3]; } collide_aabb;
  typedef struct { int tag; double c[3], e[3], u[3][3], q[4]; } collide_obb;
  typedef struct { int tag; double n[3], d; } collide_plane;
  typedef struct {
    int tag, degenerate; double v[3][3], n[3];
    double cr[3], crlen, scale, e1[3], e2[3];
    int s0, s1;
  } collide_triangle;
  typedef struct { int tag; double o[3], d[3], tmax; } collide_ray;
  typedef struct { int tag; double c[3], r; } collide_sphere;
  typedef struct { int tag; double a[3], b[3], r; } collide_capsule;
  typedef struct { int tag; double c[3], q[4], u[3][3]; const void *h; } collide_hull;
  typedef struct { int tag; double c[3], q[4], u[3][3]; const void *d; } collide_compound;
]]
local KINDS = { "aabb", "obb", "plane", "triangle", "ray", "sphere", "capsule", "hull", "compound" }
local AABB, TRIANGLE, RAY, SPHERE = 0, 3, 4, 5

-- the index, in 32-bit words before a userdata's block, of the block's
-- length in LuaJIT's userdata header (lua_rawlen's answer, which the C
-- side checks), found on shapes of every size and a zero-length proxy; nil
-- when no word within the smallest header (24 bytes) tells them all
local function length_index(ffi, samples, header, sizes)
  local words = ffi.typeof("const uint32_t *")
  local empty = newproxy and newproxy(false)
  for i = -1, -6, -1 do
    local all = true
    for kind, s in ipairs(samples) do
      if ffi.cast(words, s)[i] ~= header + sizes[kind] then all = false break end
    end
    if all and (not empty or ffi.cast(words, empty)[i] == 0) then return i end
  end
  return nil
end

-- The C code's selects (x > m ? x : m) are math.max and math.min here,
-- which the JIT compiles to one instruction, not a branch: a branch on
-- random data makes side traces, each a trace exit's cost. They differ
-- only in which of two equal values they keep, and wherever they are used
-- equal values have the same bits or a zero's sign that cannot reach an
-- answer (as noted there); no NaN reaches them from finite shapes.
local sqrt, abs, max, min = math.sqrt, math.abs, math.max, math.min

-- cl_length
local function length(x, y, z)
  local m = max(abs(x), abs(y), abs(z))
  if m == 0 then return 0 end
  if m > 1e-150 and m < 1e150 then return sqrt(x * x + y * y + z * z) end
  x, y, z = x / m, y / m, z / m
  return m * sqrt(x * x + y * y + z * z)
end
-- |v| <= r as cl_length(v) <= r decides it (length_le in intersect.c)
local function length_le(x, y, z, r)
  local d2, r2 = x * x + y * y + z * z, r * r
  if r2 > 1e-290 and r2 < 1e290 and d2 < 1e290 then
    if d2 < r2 * (1 - 1e-12) then return true end
    if d2 > r2 * (1 + 1e-12) then return false end
  end
  return length(x, y, z) <= r
end
-- cl_clamp for lo <= hi (a box's): a tie keeps either zero, and every
-- clamped point gets + 0.0 before it is returned
local function clamp(x, lo, hi) return max(lo, min(x, hi)) end

local function aabb_aabb(a, b)
  local amin, amax, bmin, bmax = a.min, a.max, b.min, b.max
  return not (amin[0] > bmax[0] or bmin[0] > amax[0] or amin[1] > bmax[1] or bmin[1] > amax[1]
              or amin[2] > bmax[2] or bmin[2] > amax[2])
end
-- the centre's offset from its closest point in the box (cl_offset)
local function aabb_sphere(b, s)
  local lo, hi, c = b.min, b.max, s.c
  local x, y, z = c[0], c[1], c[2]
  return length_le(x - clamp(x, lo[0], hi[0]), y - clamp(y, lo[1], hi[1]),
                   z - clamp(z, lo[2], hi[2]), s.r)
end
local function sphere_sphere(a, b)
  local ac, bc = a.c, b.c
  return length_le(ac[0] - bc[0], ac[1] - bc[1], ac[2] - bc[2], a.r + b.r)
end

-- ray:cast's values from a hit (cl_cast's end, then hit_values in
-- l_ffi.c): none when the doubles cannot place it, t never -0, the point
-- and normal + 0.0. No NaN reaches the point with a finite t (t times a
-- direction overflows to an infinity at worst), so one comparison of the
-- largest coordinate tells them all.
local function hit(t, px, py, pz, nx, ny, nz)
  if not (t < INF and max(abs(px), abs(py), abs(pz)) < INF) then return nil end
  return t + 0.0, px + 0.0, py + 0.0, pz + 0.0, nx + 0.0, ny + 0.0, nz + 0.0
end

-- The tests below decide in steps, each computed by a small function
-- whose values are gone when it returns, so few values are live at a
-- branch: a branch taken the other way than when the trace was recorded
-- leaves it, and the JIT cannot start a side trace from an exit with many
-- live numbers (it gives up: "register coalescing too complex"), so every
-- such exit would fall back to the interpreter. What a later step needs
-- again it computes again, to the same bits.

-- one axis of the slab method (SLAB_AXIS in rays.c): its entry and exit,
-- -INF and INF for a zero component, nil when that misses. The two t of
-- an axis are equal only with the same bits (same divisor, numerators
-- equal or both overflowing).
local function slab_axis(o, d, lo, hi)
  if d == 0 then
    if o < lo or o > hi then return nil end
    return -INF, INF
  end
  local t1, t2 = (lo - o) / d, (hi - o) / d
  return min(t1, t2), max(t1, t2)
end
-- the ray's entry into the box and exit from it, and the entries on axes 0
-- and 1, which tell the entry's axis (the first that has it); nil for a
-- miss
local function slab(o, d, lo, hi)
  local a0, b0 = slab_axis(o[0], d[0], lo[0], hi[0])
  if not a0 then return nil end
  local a1, b1 = slab_axis(o[1], d[1], lo[1], hi[1])
  if not a1 then return nil end
  local a2, b2 = slab_axis(o[2], d[2], lo[2], hi[2])
  if not a2 then return nil end
  return max(a0, a1, a2), min(b0, b1, b2), a0, a1
end

-- cast_aabb in rays.c. The entry is the largest of the axes' entries and
-- its axis the first that has it, as the running maximum of the C code
-- keeps it (a zero's sign aside: the entry only gets + 0.0 and is compared
-- with 0).
local function ray_aabb(r, b)
  local o, d, lo, hi = r.o, r.d, b.min, b.max
  local tn, tf, a0, a1 = slab(o, d, lo, hi)
  if not tn or tn > tf or tn == INF or tf == -INF or tf < 0 or tn > r.tmax then return nil end
  if tn < 0 or tn == -INF then return hit(0, o[0], o[1], o[2], d[0] * -1, d[1] * -1, d[2] * -1) end
  local k = 2
  if a0 == tn then k = 0 elseif a1 == tn then k = 1 end
  local px = clamp(o[0] + tn * d[0], lo[0], hi[0])
  local py = clamp(o[1] + tn * d[1], lo[1], hi[1])
  local pz = clamp(o[2] + tn * d[2], lo[2], hi[2])
  local face, n = hi[k], 1
  if d[k] > 0 then face, n = lo[k], -1 end
  if k == 0 then return hit(tn, face, py, pz, n, 0, 0) end
  if k == 1 then return hit(tn, px, face, pz, 0, n, 0) end
  return hit(tn, px, py, face, 0, 0, n)
end

-- the origin's offset from the sphere's centre
local function sphere_offset(o, c) return o[0] - c[0], o[1] - c[1], o[2] - c[2] end
-- b and c of the stable root
local function sphere_bc(o, d, c, rad)
  local mx, my, mz = sphere_offset(o, c)
  return mx * d[0] + my * d[1] + mz * d[2], (mx * mx + my * my + mz * mz) - rad * rad
end
local function sphere_disc(o, d, c, rad, b)
  local mx, my, mz = sphere_offset(o, c)
  local nb = -b
  local qx, qy, qz = mx + nb * d[0], my + nb * d[1], mz + nb * d[2]
  return rad * rad - (qx * qx + qy * qy + qz * qz)
end

-- the origin inside the sphere, or on it and not pointing in
local function inside(o, d) return hit(0, o[0], o[1], o[2], d[0] * -1, d[1] * -1, d[2] * -1) end
-- hit's test of a t at least 1e300: a number, and a point of numbers
local function finite_point(o, d, t)
  return t ~= INF and max(abs(o[0] + t * d[0]), abs(o[1] + t * d[1]), abs(o[2] + t * d[2])) < INF
end
-- the largest coordinate (cl_maxabs3 of both and the radius), in a tree:
-- exact, so the order does not matter (the shapes hold no NaN); called
-- from its own function, so that it is not a live value at the branches
local function sphere_big(o, c, rad)
  return max(max(max(abs(o[0]), abs(o[1])), max(abs(o[2]), abs(c[0]))), max(max(abs(c[1]), abs(c[2])), rad))
end
-- within 1e-150 and 1e150, or 0: one comparison in the usual case
local function in_range(big) return (big >= 1e-150 and big <= 1e150) or big == 0 end

-- cast_sphere in rays.c, but for coordinates beyond 1e150 or below
-- 1e-150 (scaled there): false, for the C entry point. Each test on a
-- hit's path is a guard in the trace, so the usual case takes one
-- comparison for each: outside, a t below 1e300, a normal not 0.
local function ray_sphere(r, s)
  local o, d, c, rad = r.o, r.d, s.c, s.r
  if not in_range(sphere_big(o, c, rad)) then return false end
  local b, cc = sphere_bc(o, d, c, rad)
  -- one comparison when the origin is outside
  if not (cc > 0) and (cc < 0 or b >= 0) then return inside(o, d) end
  -- pointing away (b > 0) or passing by (disc < 0): one comparison
  local disc = sphere_disc(o, d, c, rad, b)
  if max(b, -disc) > 0 then return nil end
  local t = cc / (-b + sqrt(disc))
  if t > r.tmax then return nil end
  -- t is 0 or more (cc > 0 here, or 0 with b < 0, over a sum of two
  -- numbers 0 or more), at most INF; below 1e300 it is a number, and
  -- so is the point: |o| <= 1e150 and the unit direction's |d[k]| <= 1
  if not (t < 1e300) and not finite_point(o, d, t) then return nil end
  local dx, dy, dz = d[0], d[1], d[2]
  local mx, my, mz = sphere_offset(o, c)
  local nx, ny, nz = mx + t * dx, my + t * dy, mz + t * dz
  if nx == 0 and ny == 0 and nz == 0 then   -- cl_normalize
    nx, ny, nz = dx * -1, dy * -1, dz * -1
  else
    local m = max(abs(nx), abs(ny), abs(nz))
    nx, ny, nz = nx / m, ny / m, nz / m
    local inv = 1 / sqrt(nx * nx + ny * ny + nz * nz)
    nx, ny, nz = nx * inv, ny * inv, nz * inv
  end
  -- the point after the last test, so that no exit from the trace
  -- carries it
  local px, py, pz = o[0] + t * dx, o[1] + t * dy, o[2] + t * dz
  return t + 0.0, px + 0.0, py + 0.0, pz + 0.0, nx + 0.0, ny + 0.0, nz + 0.0
end

-- a vertex's offset from the ray's line: v - o without its part along d
local function line_offset(v, o, d)
  local x, y, z = v[0] - o[0], v[1] - o[1], v[2] - o[2]
  local s = -(x * d[0] + y * d[1] + z * d[2])
  return x + s * d[0], y + s * d[1], z + s * d[2]
end
-- dot(d, cross(p, q)) of two vertices' offsets: an edge function
local function edge(d, v, i, j, o)
  local px, py, pz = line_offset(v[i], o, d)
  local qx, qy, qz = line_offset(v[j], o, d)
  return d[0] * (py * qz - pz * qy) + d[1] * (pz * qx - px * qz) + d[2] * (px * qy - py * qx)
end
local function length2(x, y, z) return x * x + y * y + z * z end

-- cast_triangle in rays.c, but for a degenerate triangle, a ray in or
-- along its plane and a hit whose edge weights are within rounding of 0
-- (checked there by the barycentrics): false, for the C entry point
local GRAZE = 16 * 2^-52   -- 16 * DBL_EPSILON
local function ray_triangle(r, tr, cull)
  if tr.degenerate ~= 0 then return false end
  local o, d, cr, n, v = r.o, r.d, tr.cr, tr.n, tr.v
  local det = -(cr[0] * d[0] + cr[1] * d[1] + cr[2] * d[2])
  if abs(det) <= 1e-9 * tr.crlen then return false end
  local dn = n[0] * d[0] + n[1] * d[1] + n[2] * d[2]
  if cull and dn > 0 then return nil end
  local wa, wb = edge(d, v, 1, 2, o), edge(d, v, 2, 0, o)
  if (wa < 0 and wb > 0) or (wa > 0 and wb < 0) then return nil end
  local wc = edge(d, v, 0, 1, o)
  if (wa < 0 or wb < 0 or wc < 0) and (wa > 0 or wb > 0 or wc > 0) then return nil end
  local sum = wa + wb + wc
  if sum == 0 then return nil end
  local a = v[0]
  local t = (cr[0] * (a[0] - o[0]) + cr[1] * (a[1] - o[1]) + cr[2] * (a[2] - o[2]))
            / (cr[0] * d[0] + cr[1] * d[1] + cr[2] * d[2])
  if not (t >= 0 and t <= r.tmax) then return nil end
  -- fmax and fmin there, which pass over a NaN: beyond the doubles' range
  -- the C entry point decides
  local m2 = max(length2(line_offset(v[0], o, d)), length2(line_offset(v[1], o, d)),
                 length2(line_offset(v[2], o, d)))
  if not (abs(sum) < INF and m2 < INF) or min(abs(wa), abs(wb), abs(wc)) <= GRAZE * m2 then
    return false
  end
  local u, w = wb / sum, wc / sum
  if u == 0 then u = 0 end
  if w == 0 then w = 0 end
  local nx, ny, nz = n[0], n[1], n[2]
  if dn > 0 then nx, ny, nz = nx * -1, ny * -1, nz * -1 end
  local th = t
  if t == 0 then th = 0 end
  local t0, px, py, pz, hx, hy, hz = hit(th, o[0] + t * d[0], o[1] + t * d[1], o[2] + t * d[2], nx, ny, nz)
  if not t0 then return nil end
  return t0, px, py, pz, hx, hy, hz, u, w
end

-- The short tests here must round as the C does (the same bits on every
-- build: doc/determinism.md), so the JIT must not fuse a * b + c into one
-- multiply-add. True when it may: never on x86; on arm64, PPC and MIPS
-- LuaJIT fused until it got the "fma" optimisation flag (off by
-- default), so there it may unless that flag exists and is off.
function M.fuses()
  if not jit or jit.arch == "x86" or jit.arch == "x64" then return false end
  local status = { jit.status() }
  for i = 2, #status do
    if status[i] == "fma" then return true end
  end
  -- turning off a known flag that is off changes nothing; an unknown
  -- flag is an error: a LuaJIT that fuses
  return not (jit.opt and pcall(jit.opt.start, "-fma"))
end

function M.bind(core)
  if not jit or os.getenv("COLLIDE_NO_FFI") or not debug_getmetatable
      or type(core._ffi) ~= "userdata" then return nil end
  local ok, ffi = pcall(require, "ffi")
  if not ok then return nil end
  if M.fuses() then return nil end
  -- declared once per Lua state: a second require (package.loaded cleared)
  -- finds them declared already, which ffi.cdef refuses
  pcall(ffi.cdef, DECLS)
  local entries
  ok = pcall(function() entries = ffi.cast("const collide_ffi_entries *", core._ffi) end)
  if not ok or entries.version ~= 2 then return nil end
  local f_intersects, f_cast = entries.intersects, entries.cast
  -- the shape metatables, from one shape of each kind, and the mesh's
  local samples = {
    core.aabb(0, 0, 0, 0, 0, 0), core.obb(0, 0, 0, 0, 0, 0, 0, 0, 0, 1),
    core.plane(0, 0, 1, 0), core.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0),
    core.ray(0, 0, 0, 1, 0, 0), core.sphere(0, 0, 0, 0), core.capsule(0, 0, 0, 0, 0, 0, 0),
    core.hull({ 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1 }),
    core.compound({ core.sphere(0, 0, 0, 1) }),
  }
  local getmetatable, type, pcall, error, debug, tonumber = debug_getmetatable, type, pcall, error, debug, tonumber
  local shape_mt = {}
  for _, s in ipairs(samples) do shape_mt[getmetatable(s)] = true end
  local ray_mt = getmetatable(samples[5])
  local mesh_mt = getmetatable(core.mesh({ 0, 0, 0, 1, 0, 0, 0, 1, 0 }))
  local heightfield_mt = getmetatable(core.heightfield({ 0, 0, 0, 0 }, 2, 2))
  local compound_mt = getmetatable(samples[#samples])

  -- the header and the structs as the core lays them out: its layout
  -- number, and each kind's size against the structs declared above
  local HEADER, MAGIC_AT, MAGIC = tonumber(entries.header_size), tonumber(entries.magic_offset), entries.magic
  local sizes, ptr = {}, {}   -- sizes[kind + 1]: a Lua array from 1
  if entries.layout ~= LAYOUT then return nil end
  for kind = 0, #KINDS - 1 do
    sizes[kind + 1] = tonumber(entries.kind_sizes[kind])
    ptr[kind] = ffi.typeof("const collide_" .. KINDS[kind + 1] .. " *")
    if ffi.sizeof("collide_" .. KINDS[kind + 1]) ~= sizes[kind + 1] then return nil end
  end
  local LENGTH = length_index(ffi, samples, HEADER, sizes)
  if not LENGTH then return nil end
  local cast, bytes_t = ffi.cast, ffi.typeof("const uint8_t *")
  local words_t, int_t, magic_t = ffi.typeof("const uint32_t *"), ffi.typeof("const int *"),
    ffi.typeof("const void * const *")
  local aabb_t, tri_t, ray_t, sphere_t = ptr[AABB], ptr[TRIANGLE], ptr[RAY], ptr[SPHERE]

  -- the shapes' metatables carry a key that only this function has: one
  -- look-up at a fixed place in the table (they are built alike),
  -- where a set of metatables took a hash look-up on each call
  local OURS, rawget, rawequal = {}, rawget, rawequal
  for mt in pairs(shape_mt) do rawset(mt, OURS, true) end

  -- the kind of u and the address of its shape when u is one of the
  -- core's shapes, else -1. l_toshape's checks (src/lua/l_collide.h): a
  -- block long enough for the header and a tag, the header's magic word,
  -- a known tag and a length that is the header and that kind's size, so
  -- no other userdata is read past its end. The metatable comes first: it
  -- keeps out the io library's files, which the FFI converts to their FILE
  -- pointer, not their block.
  local function shape_of(u)
    if type(u) ~= "userdata" then return -1 end
    local mt = getmetatable(u)
    if mt == nil or rawget(mt, OURS) == nil then return -1 end
    local p = cast(bytes_t, u)
    if p == nil then return -1 end
    local len = cast(words_t, p)[LENGTH]
    if len < HEADER + 4 or cast(magic_t, p + MAGIC_AT)[0] ~= MAGIC then return -1 end
    local kind = cast(int_t, p + HEADER)[0]
    if kind < 0 or kind > #KINDS - 1 or len ~= HEADER + sizes[kind + 1] then return -1 end
    return kind, p + HEADER
  end

  -- Meshes and bad arguments go to the classic function, with the
  -- arguments as given (their count too), under pcall so that an error is
  -- raised again at the caller's level: the same text, naming the same
  -- line as a direct call. Under pcall the classic function cannot see how
  -- its caller named it (`o:cast(x)`, `local f = collide.cast; f(x)`), so
  -- it names itself 'cast' and counts self; the wrapper knows its own call
  -- (debug.getinfo, on the error path only) and words the message as the
  -- classic function called there would (src/lua/l_compat.h): that name,
  -- and for a method call the arguments after self, self itself being
  -- `calling 'NAME' on bad self`.
  local getinfo = debug and debug.getinfo
  local unpack, select, format = unpack, select, string.format
  local function pack(...) return { n = select("#", ...), ... } end
  -- err as the classic function called as the function level levels up
  -- (1: as_called's caller) would word it
  local function as_called(err, level)
    local info = type(err) == "string" and getinfo and getinfo(level + 1, "n")
    if not info or info.name == nil then return err end
    local n, reason = err:match("^bad argument #(%d+) to '[^']*' (%(.*%))$")
    if not n then return err end
    n = tonumber(n)
    if info.namewhat == "method" then
      n = n - 1
      if n == 0 then return format("calling '%s' on bad self %s", info.name, reason) end
    end
    return format("bad argument #%d to '%s' %s", n, info.name, reason)
  end
  local classic_intersects, classic_cast = core.intersects, core.cast
  local out = ffi.new("double[9]")
  -- the C entry point's cast, for the pairs and branches not done here
  local function c_cast(ray, shape, cull)
    local n = f_cast(ray, shape, cull and 1 or 0, out)
    if n == 7 then return out[0], out[1], out[2], out[3], out[4], out[5], out[6] end
    if n == 9 then return out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7], out[8] end
    if n == 0 then return nil end
    return false
  end
  local function fast_cast(ray, shape, cull)
    local rk, rp = shape_of(ray)
    if rk ~= RAY then return false end
    local sk, sp = shape_of(shape)
    if sk == AABB then return ray_aabb(cast(ray_t, rp), cast(aabb_t, sp)) end
    if sk == SPHERE then
      local t, px, py, pz, nx, ny, nz = ray_sphere(cast(ray_t, rp), cast(sphere_t, sp))
      if t ~= false then return t, px, py, pz, nx, ny, nz end
    elseif sk == TRIANGLE then
      local t, px, py, pz, nx, ny, nz, u, v = ray_triangle(cast(ray_t, rp), cast(tri_t, sp), cull)
      if t ~= false then return t, px, py, pz, nx, ny, nz, u, v end
    elseif sk < 0 or sk == RAY then
      return false
    end
    return c_cast(ray, shape, cull)
  end
  -- the generic paths: any pair of shapes (the C entry point for the
  -- pairs not done here), meshes and bad arguments (the classic functions)
  local function intersects_rest(...)
    local a, b = ...
    local ak, ap = shape_of(a)
    if ak >= 0 then
      local bk, bp = shape_of(b)
      if ak == AABB and bk == AABB then return aabb_aabb(cast(aabb_t, ap), cast(aabb_t, bp)) end
      if ak == SPHERE and bk == SPHERE then return sphere_sphere(cast(sphere_t, ap), cast(sphere_t, bp)) end
      if ak == AABB and bk == SPHERE then return aabb_sphere(cast(aabb_t, ap), cast(sphere_t, bp)) end
      if ak == SPHERE and bk == AABB then return aabb_sphere(cast(aabb_t, bp), cast(sphere_t, ap)) end
      if bk >= 0 then return f_intersects(a, b) == 1 end
    end
    local fine, r = pcall(classic_intersects, ...)
    if fine then return r end
    error(as_called(r, 1), 2)
  end
  -- false from fast_cast: not a ray and a shape to cast at (nil is a miss)
  local function cast_rest(...)
    local ray, shape, cull = ...
    local t, px, py, pz, nx, ny, nz, u, v = fast_cast(ray, shape, cull)
    if t then
      if u then return t, px, py, pz, nx, ny, nz, u, v end
      return t, px, py, pz, nx, ny, nz
    end
    if t == nil then return nil end
    -- a ray at a mesh, a heightfield or a compound (its child's index
    -- follows) cannot fail: straight to the classic function
    if type(ray) == "userdata" and type(shape) == "userdata" and getmetatable(ray) == ray_mt then
      local mt = getmetatable(shape)
      if mt == mesh_mt or mt == heightfield_mt or mt == compound_mt then return classic_cast(...) end
    end
    local res = pack(pcall(classic_cast, ...))
    if res[1] then return unpack(res, 2, res.n) end
    error(as_called(res[2], 1), 2)
  end

  -- The hot paths: the kind a shape must be follows from its metatable,
  -- compared with the kinds' own, so l_toshape's checks are three loads
  -- and three comparisons with constants: the block's length (the header
  -- and that kind's size), the header's magic word and the tag. A shape
  -- whose tag is not its metatable's kind (debug.setmetatable) takes the
  -- generic path, which goes by the tag as the C code does.
  local AABB_MT, TRI_MT, SPHERE_MT = getmetatable(samples[AABB + 1]), getmetatable(samples[TRIANGLE + 1]),
    getmetatable(samples[SPHERE + 1])
  local AABB_LEN, TRI_LEN, RAY_LEN, SPHERE_LEN = HEADER + sizes[AABB + 1], HEADER + sizes[TRIANGLE + 1],
    HEADER + sizes[RAY + 1], HEADER + sizes[SPHERE + 1]
  local ints_t = ffi.typeof("const int32_t *")
  -- the shape in u, a userdata with the metatable of the kind tag whose
  -- block is len bytes long, when u is one the core made; else nil
  local function block(u, len, tag)
    -- an io file converts to its FILE pointer, NULL once closed (only a
    -- file given a shape's metatable by debug.setmetatable gets here)
    local p = cast(bytes_t, u)
    if p == nil or cast(ints_t, p)[LENGTH] ~= len then return nil end
    if cast(magic_t, p + MAGIC_AT)[0] ~= MAGIC or cast(int_t, p + HEADER)[0] ~= tag then return nil end
    return p + HEADER
  end

  -- the shape in u when mt, its metatable, is an aabb's or a sphere's
  local function short_block(u, mt)
    if mt == AABB_MT then return block(u, AABB_LEN, AABB) end
    if mt == SPHERE_MT then return block(u, SPHERE_LEN, SPHERE) end
    return nil
  end
  -- the test of two aabbs or spheres, by their metatables ma and mb
  local function short_test(ma, pa, mb, pb)
    if ma == AABB_MT then
      if mb == AABB_MT then return aabb_aabb(cast(aabb_t, pa), cast(aabb_t, pb)) end
      return aabb_sphere(cast(aabb_t, pa), cast(sphere_t, pb))
    end
    if mb == SPHERE_MT then return sphere_sphere(cast(sphere_t, pa), cast(sphere_t, pb)) end
    return aabb_sphere(cast(aabb_t, pb), cast(sphere_t, pa))
  end
  -- collide.intersects
  local function intersects(...)
    local a, b = ...
    if type(a) == "userdata" and type(b) == "userdata" then
      local ma, mb = getmetatable(a), getmetatable(b)
      local pa, pb = short_block(a, ma), short_block(b, mb)
      if pa and pb then return short_test(ma, pa, mb, pb) end
    end
    return intersects_rest(...)
  end
  -- a:intersects(b) for an a of the kind whose metatable is MT: one
  -- comparison less than the function (a's kind is known)
  local function method_for(MT)
    return function(...)
      local a, b = ...
      if type(a) == "userdata" and type(b) == "userdata" and getmetatable(a) == MT then
        local mb = getmetatable(b)
        local pa, pb = short_block(a, MT), short_block(b, mb)
        if pa and pb then return short_test(MT, pa, mb, pb) end
      end
      return intersects_rest(...)
    end
  end
  -- with a table of named results: the classic function fills it
  local function cast_out(...)
    local res = pack(pcall(classic_cast, ...))
    if res[1] then return unpack(res, 2, res.n) end
    error(as_called(res[2], 1), 2)
  end
  -- a ray's cast at an aabb, a sphere or a triangle the core made: its
  -- values (the C entry point's for the rare branches), or nil for a
  -- miss; false for any other arguments
  local function short_cast(ray, shape, cull)
    if type(ray) == "userdata" and type(shape) == "userdata" and getmetatable(ray) == ray_mt then
      local ms, pr = getmetatable(shape), block(ray, RAY_LEN, RAY)
      if pr and rawequal(ms, AABB_MT) then
        local ps = block(shape, AABB_LEN, AABB)
        if ps then return ray_aabb(cast(ray_t, pr), cast(aabb_t, ps)) end
      elseif pr and rawequal(ms, SPHERE_MT) then
        local ps = block(shape, SPHERE_LEN, SPHERE)
        if ps then
          local t, px, py, pz, nx, ny, nz = ray_sphere(cast(ray_t, pr), cast(sphere_t, ps))
          if t then return t, px, py, pz, nx, ny, nz end
          if t == nil then return nil end
          return c_cast(ray, shape, cull)
        end
      elseif pr and rawequal(ms, TRI_MT) then
        local ps = block(shape, TRI_LEN, TRIANGLE)
        if ps then
          local t, px, py, pz, nx, ny, nz, u, v = ray_triangle(cast(ray_t, pr), cast(tri_t, ps), cull)
          if t then return t, px, py, pz, nx, ny, nz, u, v end
          if t == nil then return nil end
          return c_cast(ray, shape, cull)
        end
      end
    end
    return false
  end
  -- ray:cast(shape, cull, out): a hit named in out as l_namehit names it
  -- (src/lua/l_args.c), the same fields with the same values: the
  -- hit's, and nil for those that do not apply (only set to nil where
  -- they are not nil already: a store of nil would add the key, and the
  -- table would grow and shrink again on every call); out returned. A
  -- miss leaves out as it was. Only for an out with no metatable, whose
  -- stores no metamethod sees; any other goes to the classic function.
  local function cast_named(...)
    local ray, shape, cull, named = ...
    if type(named) == "table" and getmetatable(named) == nil then
      local t, px, py, pz, nx, ny, nz, u, v = short_cast(ray, shape, cull)
      if t == nil then return nil end
      if t then
        if named.item ~= nil then named.item = nil end
        if named.index ~= nil then named.index = nil end
        if named.material ~= nil then named.material = nil end
        if u then
          named.u = u; named.v = v
        else
          if named.u ~= nil then named.u = nil end
          if named.v ~= nil then named.v = nil end
        end
        named.t = t; named.x = px; named.y = py; named.z = pz; named.nx = nx; named.ny = ny; named.nz = nz
        return named
      end
    end
    return cast_out(...)
  end
  -- ray:cast(shape, cull, [out]) and collide.cast
  local function ray_cast(...)
    local ray, shape, cull, named = ...
    if named ~= nil then return cast_named(...) end
    local t, px, py, pz, nx, ny, nz, u, v = short_cast(ray, shape, cull)
    if t then
      if u then return t, px, py, pz, nx, ny, nz, u, v end
      return t, px, py, pz, nx, ny, nz
    end
    if t == nil then return nil end
    return cast_rest(...)
  end
  local fast = { intersects = intersects, cast = ray_cast }
  -- the method forms: a:intersects(b) and ray:cast(shape) are the same
  -- functions with self first, so they take the same path
  local method_intersects = { [AABB_MT] = method_for(AABB_MT), [SPHERE_MT] = method_for(SPHERE_MT) }
  for mt in pairs(shape_mt) do
    local methods = rawget(mt, "__index")
    if type(methods) == "table" then
      if rawget(methods, "intersects") ~= nil then
        rawset(methods, "intersects", method_intersects[mt] or intersects)
      end
      if rawget(methods, "cast") ~= nil then rawset(methods, "cast", ray_cast) end
    end
  end
  return fast
end

return M
