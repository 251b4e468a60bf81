-- bench/narrow.lua: ns per call of every narrow-phase test and cast, for
-- collide, the floor (an empty C function on two userdata) and a
-- straightforward pure-Lua version (bench/purelua.lua), in one process.
-- Run with `make bench` (or `make bench LUA=luajit`).
local collide = require "collide"
local floor_fn = require "floor"
local P = require "purelua"
local V = require "purelua_vec"
local M = require "purelua_motion"
-- the geometry alone, called from C (bench/geometry.c); absent under an
-- interpreter it was not built for
local okgeo, geometry = pcall(require, "geometry")
if not okgeo then geometry = nil end

local N = tonumber(os.getenv("BENCH_N")) or 300000
local POOL = tonumber(os.getenv("BENCH_POOL")) or 256

-- Park-Miller (minstd): products below 2^53, so every interpreter draws
-- the same shapes
local seed = 42
local function rnd(a, b)
  seed = seed * 48271 % 2147483647
  return a + (b - a) * (seed / 2147483647)
end

-- CPML (github.com/excessive/cpml), when CPML_PATH names a copy of it (the
-- folder with its init.lua): its own intersect functions timed on the same
-- shapes as collide's, in the same loops. Never part of collide.
local cpml
do
  local path = os.getenv("CPML_PATH")
  if path and path ~= "" then
    local dir, name = path:gsub("/+$", ""):match("^(.-)/?([^/]+)$")
    if dir == "" then dir = "." end
    package.path = dir .. "/?.lua;" .. dir .. "/?/init.lua;" .. package.path
    cpml = require(name)
  end
end
local function vec(s) return { rnd(-s, s), rnd(-s, s), rnd(-s, s) } end
local function unit()
  local v
  repeat v = vec(1) until v[1] * v[1] + v[2] * v[2] + v[3] * v[3] > 0.01
  local l = math.sqrt(v[1] * v[1] + v[2] * v[2] + v[3] * v[3])
  return { v[1] / l, v[2] / l, v[3] / l }
end

local make = {}
function make.aabb()
  local c, e = vec(1.5), { rnd(0.3, 2), rnd(0.3, 2), rnd(0.3, 2) }
  local lo = { c[1] - e[1], c[2] - e[2], c[3] - e[3] }
  local hi = { c[1] + e[1], c[2] + e[2], c[3] + e[3] }
  return collide.aabb(lo, hi), { min = lo, max = hi }
end
function make.obb()
  local c, e = vec(1.5), { rnd(0.3, 2), rnd(0.3, 2), rnd(0.3, 2) }
  local q = { rnd(-1, 1), rnd(-1, 1), rnd(-1, 1), rnd(0.1, 1) }
  local o = collide.obb(c, e, q)
  local a = { o:axes() }
  return o, { c = c, e = e, u = { { a[1], a[2], a[3] }, { a[4], a[5], a[6] }, { a[7], a[8], a[9] } } }
end
function make.plane()
  local n, d = unit(), rnd(-2, 2)
  return collide.plane(n, d), { n = n, d = d }
end
function make.triangle()
  local c = vec(1.5)
  local a, b, cc = vec(2), vec(2), vec(2)
  for k = 1, 3 do a[k] = a[k] + c[k]; b[k] = b[k] + c[k]; cc[k] = cc[k] + c[k] end
  return collide.triangle(a, b, cc), { a = a, b = b, c = cc }
end
function make.ray()
  -- from afar towards a point near the middle of the world
  local o, aim, tmax = vec(8), vec(2), rnd(5, 20)
  local d = { aim[1] - o[1], aim[2] - o[2], aim[3] - o[3] }
  local l = math.sqrt(d[1] * d[1] + d[2] * d[2] + d[3] * d[3])
  d = { d[1] / l, d[2] / l, d[3] / l }
  return collide.ray(o, d, tmax), { o = o, d = d, tmax = tmax }
end
function make.sphere()
  local c, r = vec(1.5), rnd(0.3, 2)
  return collide.sphere(c, r), { c = c, r = r }
end

function make.capsule()
  local c, h, r = vec(1.5), vec(1), rnd(0.2, 1)
  local a = { c[1] - h[1], c[2] - h[2], c[3] - h[3] }
  local b = { c[1] + h[1], c[2] + h[2], c[3] + h[3] }
  return collide.capsule(a, b, r), { a = a, b = b, r = r }
end

local function pool(ka, kb)
  local A, B, PA, PB = {}, {}, {}, {}
  for i = 1, POOL do
    A[i], PA[i] = make[ka]()
    B[i], PB[i] = make[kb]()
  end
  return A, B, PA, PB
end

-- the timing loop, compiled from a string so one file runs everywhere:
-- 5.3+ index the pool with &, which 5.1 and LuaJIT cannot even parse; they
-- take the remainder by the pool's size written as a constant, which
-- LuaJIT compiles to a mask too (by a variable it divides in floating
-- point before every call, a latency that then weighs on some rows more
-- than others)
local clock = os.clock
local compile = loadstring or load        -- luacheck: ignore loadstring
local has_band = pcall(compile, "return 1 & 1") and compile("return 1 & 1") ~= nil
local function loop_source(call)
  return ([[
  local f, A, B, n, mask, clock, DX, DY, DZ, OUT = ...
  local t0 = clock()
  for i = 1, n do
    local k = INDEX
    CALL
  end
  return (clock() - t0) / n * 1e9
]]):gsub("INDEX", has_band and "(i & mask) + 1" or ("i %% " .. POOL .. " + 1")):gsub("CALL", call)
end
-- two shapes, or a mover, its motion and a target (collide.sweep)
local pair_source = loop_source("f(A[k], B[k])")
local sweep_source = loop_source("f(A[k], DX[k], DY[k], DZ[k], B[k])")
local DX, DY, DZ = {}, {}, {}
for i = 1, POOL do DX[i], DY[i], DZ[i] = rnd(-4, 4), rnd(-4, 4), rnd(-4, 4) end
-- one compiled loop per function timed: LuaJIT specialises a loop's trace
-- to the function it calls, and a loop shared by all of them measured the
-- side exits between them
local timers = setmetatable({}, { __mode = "k" })
-- pure Lua is 3 to 500 times slower: a tenth of the calls times it as well
local NPURE = math.max(POOL, math.floor(N / 10))
local sweeping = false
-- set while the method rows run: collide's call is then A[k]:NAME(B[k])
local method_name, method_fn
local function source_for(f)
  if sweeping then return sweep_source end
  if method_name and f == method_fn then return loop_source("A[k]:" .. method_name .. "(B[k])") end
  return pair_source
end
local function time(f, A, B, n)
  local key = timers[A] or {}
  timers[A] = key
  key[f] = key[f] or assert(compile(source_for(f)))
  return key[f](f, A, B, n or N, POOL - 1, clock, DX, DY, DZ)
end
-- beside CPML, on the same pool in the same rounds: the method form
-- a:NAME(b) and, for casts, ray:cast(shape, nil, out) with one table out
-- (filled by one hit before, as a caller's table is after its first)
local forms = {
  intersects = { method = loop_source("A[k]:intersects(B[k])") },
  cast = { method = loop_source("A[k]:cast(B[k])"), out = loop_source("A[k]:cast(B[k], nil, OUT)") },
}
local function time_form(source, A, B, out)
  local key = timers[A] or {}
  timers[A] = key
  key[source] = key[source] or assert(compile(source))
  return key[source](nil, A, B, N, POOL - 1, clock, DX, DY, DZ, out)
end

-- ROUNDS interleaved rounds of them all, the best of each: a shared machine
-- only ever makes a round slower
local ROUNDS = tonumber(os.getenv("BENCH_ROUNDS")) or 9
-- BENCH_ONLY=a,b,... runs only the rows whose name contains one of them
local ONLY = os.getenv("BENCH_ONLY")
local function wanted(name)
  if not ONLY then return true end
  for part in ONLY:gmatch("[^,]+") do
    if name:find(part, 1, true) then return true end
  end
  return false
end
local rows = {}
-- CPML's form of a shape from its plain-table form (make.*)
local to_cpml = cpml and {
  aabb = function(p) return { min = cpml.vec3(p.min), max = cpml.vec3(p.max) } end,
  ray = function(p) return { position = cpml.vec3(p.o), direction = cpml.vec3(p.d) } end,
  sphere = function(p) return { position = cpml.vec3(p.c), radius = p.r } end,
  triangle = function(p) return { cpml.vec3(p.a), cpml.vec3(p.b), cpml.vec3(p.c) } end,
}
-- the CPML function for a row, if any
local cpml_fn = cpml and {
  ["intersects aabb-aabb"] = cpml.intersect.aabb_aabb, ["cast aabb"] = cpml.intersect.ray_aabb,
  ["cast sphere"] = cpml.intersect.ray_sphere, ["cast triangle"] = cpml.intersect.ray_triangle,
} or {}
local function run(name, ka, kb, cfn, pfn, vfn, gfn)
  if not wanted(name) then return end
  local A, B, PA, PB = pool(ka, kb)
  local cf, CA, CB, chits = cpml_fn[name], {}, {}, 0
  if cf then
    for i = 1, POOL do
      CA[i], CB[i] = to_cpml[ka](PA[i]), to_cpml[kb](PB[i])
      if cf(CA[i], CB[i]) then chits = chits + 1 end
    end
  end
  local VA, VB
  if vfn then
    VA, VB = {}, {}
    for i = 1, POOL do VA[i], VB[i] = V.from(PA[i]), V.from(PB[i]) end
  end
  local hits, ghits_expected = 0, 0
  local full = math.floor(N / POOL)
  for i = 1, POOL do
    -- a hit: true, a cast's or a sweep's t, a distance of 0 (overlap)
    local r
    if sweeping then r = cfn(A[i], DX[i], DY[i], DZ[i], B[i]) else r = cfn(A[i], B[i]) end
    if r and (cfn ~= collide.distance or r == 0) then
      hits = hits + 1
      ghits_expected = ghits_expected + full + ((i <= N - full * POOL) and 1 or 0)
    end
  end
  local c, f, p, v, g, cp = math.huge, math.huge, math.huge, math.huge, math.huge, math.huge
  local form = cf and forms[name:match("^(%a+) ")]
  local mt, ot, out = math.huge, math.huge, {}
  if form and form.out then
    for i = 1, POOL do if A[i]:cast(B[i], nil, out) then break end end
  end
  local ratios = {}
  for r = 1, ROUNDS do
    -- the floor just before and after: the ratio of a round is taken
    -- under one load of the machine
    local f1, ci, f2 = time(floor_fn, A, B), time(cfn, A, B), time(floor_fn, A, B)
    ratios[r] = ci / ((f1 + f2) / 2)
    c = math.min(c, ci)
    f = math.min(f, f1, f2)
    if pfn then p = math.min(p, time(pfn, PA, PB, NPURE)) end
    if vfn then v = math.min(v, time(vfn, VA, VB, NPURE)) end
    if cf then cp = math.min(cp, time(cf, CA, CB)) end
    if form then mt = math.min(mt, time_form(form.method, A, B)) end
    if form and form.out then ot = math.min(ot, time_form(form.out, A, B, out)) end
    if gfn then
      local ns, ghits = gfn(A, B, N)
      assert(ghits == ghits_expected, name .. ": the C loop disagrees with the calls")
      g = math.min(g, ns)
    end
  end
  table.sort(ratios)
  local median = ratios[math.floor((ROUNDS + 1) / 2)]
  rows[#rows + 1] = { name, c, f, pfn and p, hits / POOL, vfn and v, gfn and g, median,
                      cpml = cf and cp, cpml_hits = chits / POOL, cpml_method = form and mt,
                      cpml_out = form and form.out and ot }
  rows[name] = rows[#rows]
end

local intersects = collide.intersects
local pure = {
  aabb_aabb = P.aabb_aabb, aabb_obb = P.aabb_obb, aabb_plane = P.aabb_plane,
  aabb_triangle = P.aabb_tri, aabb_ray = P.aabb_ray, aabb_sphere = P.aabb_sphere,
  obb_obb = P.obb_obb, obb_plane = P.obb_plane, obb_triangle = P.obb_tri,
  obb_ray = P.obb_ray, obb_sphere = P.obb_sphere, plane_plane = P.plane_plane,
  plane_triangle = P.plane_tri, plane_ray = P.plane_ray, plane_sphere = P.plane_sphere,
  triangle_triangle = P.tri_tri, triangle_ray = P.tri_ray, triangle_sphere = P.tri_sphere,
  ray_ray = P.ray_ray, ray_sphere = P.ray_sphere, sphere_sphere = P.sphere_sphere,
}
local kinds = { "aabb", "obb", "plane", "triangle", "ray", "sphere" }
for i = 1, #kinds do
  for j = i, #kinds do
    local name = kinds[i] .. "_" .. kinds[j]
    run("intersects " .. kinds[i] .. "-" .. kinds[j], kinds[i], kinds[j], intersects, pure[name], nil,
      geometry and geometry.intersects)
  end
end
-- collide.cast(ray, shape) is ray:cast(shape) as a function: the same C
-- function under PUC Lua, the FFI path under LuaJIT
local cast = collide.cast
for _, k in ipairs { "aabb", "obb", "sphere", "triangle", "plane" } do
  local pf = ({ aabb = P.cast_aabb, obb = P.cast_obb, sphere = P.cast_sphere,
                triangle = P.cast_tri, plane = P.cast_plane })[k]
  local vf = ({ aabb = V.cast_aabb, triangle = V.cast_tri })[k]
  run("cast " .. k, "ray", k, cast, pf, vf, geometry and geometry.cast)
end

-- the method forms a:intersects(b) and ray:cast(shape): under LuaJIT the
-- same FFI path as the functions
for _, row in ipairs {
  { "intersects", "aabb", "aabb", P.aabb_aabb }, { "intersects", "aabb", "sphere", P.aabb_sphere },
  { "intersects", "obb", "obb", P.obb_obb }, { "cast", "ray", "aabb", P.cast_aabb },
  { "cast", "ray", "sphere", P.cast_sphere }, { "cast", "ray", "triangle", P.cast_tri },
} do
  method_name = row[1]
  method_fn = row[1] == "cast" and cast or intersects
  run(("method %s:%s(%s)"):format(row[2], row[1], row[3]), row[2], row[3], method_fn, row[4], nil, nil)
end
method_name, method_fn = nil, nil

-- the seventh shape: capsule tests, distances and sweeps
kinds[#kinds + 1] = "capsule"
local capsule_pure = {
  aabb = M.capsule_aabb, obb = M.capsule_obb, plane = M.capsule_plane, triangle = M.capsule_triangle,
  ray = M.capsule_ray, sphere = M.capsule_sphere, capsule = M.capsule_capsule,
}
for _, k in ipairs(kinds) do
  run("intersects capsule-" .. k, "capsule", k, intersects, capsule_pure[k], nil,
    geometry and geometry.intersects)
end
local distance = collide.distance
for _, pair in ipairs {
  { "sphere", "sphere", M.dist_sphere_sphere }, { "capsule", "capsule", M.dist_capsule_capsule },
  { "aabb", "aabb", M.dist_aabb_aabb }, { "capsule", "aabb", M.dist_capsule_aabb },
  { "sphere", "triangle", M.dist_sphere_triangle }, { "capsule", "triangle" }, { "obb", "obb" },
  { "aabb", "triangle" }, { "triangle", "triangle" },
} do
  run("distance " .. pair[1] .. "-" .. pair[2], pair[1], pair[2], distance, pair[3], nil,
    geometry and geometry.distance)
end
sweeping = true
local sweep = collide.sweep
for _, pair in ipairs {
  { "sphere", "sphere", M.sweep_sphere_sphere }, { "sphere", "plane", M.sweep_sphere_plane },
  { "aabb", "aabb", M.sweep_aabb_aabb }, { "sphere", "aabb" }, { "sphere", "triangle" },
  { "capsule", "capsule" }, { "capsule", "aabb" }, { "capsule", "triangle" }, { "capsule", "obb" },
  { "obb", "obb" }, { "aabb", "triangle" },
} do
  run("sweep " .. pair[1] .. "-" .. pair[2], pair[1], pair[2], sweep, pair[3], nil, nil)
end
sweeping = false

print(("%s, %d calls per test over %d shape pairs"):format(_VERSION .. (jit and (" " .. jit.version) or ""), N, POOL))
print(("%-28s %9s %9s %8s %9s %10s %9s %5s %11s %9s"):format("test", "collide", "floor", "x floor", "C only",
  "pure Lua", "speedup", "hits", "vec3 Lua", "speedup"))
for _, r in ipairs(rows) do
  local extra = r[6] and ("%9.1fns %8.1fx"):format(r[6], r[6] / r[2]) or ""
  local geo = r[7] and ("%7.1fns"):format(r[7]) or ("%9s"):format("-")
  local plain = r[4] and ("%8.1fns %8.1fx"):format(r[4], r[4] / r[2]) or ("%10s %9s"):format("-", "-")
  print(("%-28s %7.1fns %7.1fns %7.2fx %s %s %4.0f%% %s"):format(r[1], r[2], r[3], r[8], geo,
    plain, r[5] * 100, extra))
end
print("pure Lua: plain tables of numbers, no allocation (bench/purelua.lua); vec3 Lua: a vector class with")
print("operators, as with CPML (bench/purelua_vec.lua). C only: the same geometry called in a C loop")
print("(bench/geometry.c), no Lua. hits: the share of pairs that meet (distance 0 for distance rows).")
print("Sweeps move the first shape by a random motion up to 4 units per axis (bench/purelua_motion.lua).")
if cpml then
  print()
  print(("CPML %s (%s) beside collide, the same shapes:"):format(cpml._VERSION, os.getenv("CPML_PATH")))
  print(("%-22s %10s %10s %10s %10s %8s %8s %6s %6s"):format("test", "function", "method", "out", "CPML",
    "x CPML", "x (out)", "hits", "CPML"))
  for _, name in ipairs { "intersects aabb-aabb", "cast aabb", "cast sphere", "cast triangle" } do
    local r = rows[name]
    if r and r.cpml then
      local o = r.cpml_out
      print(("%-22s %8.1fns %8.1fns %10s %8.1fns %7.2fx %8s %5.0f%% %5.0f%%"):format(r[1], r[2], r.cpml_method,
        o and ("%8.1fns"):format(o) or "-", r.cpml, r.cpml / math.max(r[2], r.cpml_method),
        o and ("%7.2fx"):format(r.cpml / o) or "-", r[5] * 100, r.cpml_hits * 100))
    end
  end
  print("On the same shapes in the same rounds: function collide.cast(r, s), method r:cast(s), out")
  print("r:cast(s, nil, out) with one table. x CPML: CPML's time over collide's slower form of function and")
  print("method; x (out): over the out form's. CPML's casts ignore the rays' length (tmax), so they count")
  print("hits beyond it, and return no normal; its aabb-aabb is the same test.")
end
print("Times are the best of " .. ROUNDS .. " interleaved rounds; x floor is the median")
print("of the rounds' ratios to the floor timed just before and after (robust to a machine's load changing).")
