-- spec/helpers.lua: small assertion helpers shared by the specs.
-- require "helpers" (the .busted lpath has ./spec/?.lua).
--
--   H.pack(...)                      {n = select("#", ...), ...}
--   H.near(a, b, [tol])              |a - b| <= tol * max(1, |a|, |b|)  (tol 1e-12)
--   H.assert_near(expected, actual, [tol], [what])
--                                    expected/actual lists of numbers: same length,
--                                    every entry near; fails with both lists shown
--   H.assert_vals(expected, [tol], ...)   H.assert_near(expected, H.pack(...), tol)
--   H.assert_exact(expected, ...)    every result == expected, same count
--   H.vector_forms(x, y, z)          the ways a vector can be passed:
--                                    list of {name = ..., args = {n = ..., ...}}
--   H.quat_forms(x, y, z, w)         the same for a quaternion
--   H.args(p1, p2, ...)             packed lists concatenated into one packed list
--   H.unpack(p)                      unpack a packed list, trailing nils kept
--   H.error_of(fn, ...)              the raw error value of fn(...), or nil if it ran
--   H.shape_makers(r, spread, least) a maker of random shapes per kind, from the
--                                    seeded generator r (H.rng)
--   H.read(path)                     the whole file
--   H.doc_files()                    README.md and every doc/*.md, sorted
--   H.ls(dir, pattern)               dir's entries whose names match a Lua pattern, sorted
--
-- About errors: luassert's has_error(fn, "msg") strips one leading
-- "chunk:line: " from a string error and then compares the WHOLE rest, so
-- has_error(function() collide.aabb() end, "bad argument #1 to 'aabb' (...)")
-- checks the full message. Call the function inside the closure (not as a
-- tail call `return f()`, and not via pcall(f, ...)) so Lua names it as
-- written at the call site.
local luassert = require "luassert"

local H = {}

function H.pack(...)
  return { n = select("#", ...), ... }
end

-- "{a, b, ...}" with every number to 17 digits (nil as nan)
function H.fmt(list)
  local out = {}
  for i = 1, list.n or #list do out[i] = ("%.17g"):format(list[i] or 0 / 0) end
  return "{" .. table.concat(out, ", ") .. "}"
end

-- nil when the packed results `got` are exactly `expected` (or each within
-- the absolute tolerance tol), in number and value; else what differs
function H.mismatch(expected, got, tol)
  local ok = (got.n or #got) == #expected
  for i = 1, #expected do
    local g = got[i]
    if type(g) ~= "number" or g ~= g then ok = false
    elseif tol then ok = ok and math.abs(g - expected[i]) <= tol
    else ok = ok and g == expected[i] end
  end
  if ok then return nil end
  return ("expected %s%s\n     got %s"):format(H.fmt(expected),
    tol and (" (within %g)"):format(tol) or "", H.fmt(got))
end

-- the specs' one seeded generator (spec/ref.lua's minstd, the same numbers
-- on every Lua): rng(seed) returns r(a, b), a number in [a, b)
function H.rng(seed)
  return require("ref").rng(seed).uniform
end

function H.near(a, b, tol)
  tol = tol or 1e-12
  if a == b then return true end
  if a ~= a or b ~= b then return false end
  local scale = math.max(1, math.abs(a), math.abs(b))
  return math.abs(a - b) <= tol * scale
end

local function show(t)
  local parts = {}
  for i = 1, (t.n or #t) do
    local v = t[i]
    parts[i] = type(v) == "number" and string.format("%.17g", v) or tostring(v)
  end
  return "{" .. table.concat(parts, ", ") .. "}"
end

function H.assert_near(expected, actual, tol, what)
  local ne, na = expected.n or #expected, actual.n or #actual
  local ok = ne == na
  for i = 1, ne do
    if not ok then break end
    ok = type(actual[i]) == "number" and H.near(expected[i], actual[i], tol)
  end
  if not ok then
    luassert.is_true(ok, (what and what .. ": " or "") .. "expected " .. show(expected)
      .. " got " .. show(actual) .. " (tolerance " .. tostring(tol or 1e-12) .. ")")
  end
end

function H.assert_vals(expected, tol, ...)
  H.assert_near(expected, H.pack(...), tol)
end

function H.assert_exact(expected, ...)
  local actual = H.pack(...)
  local ok = (expected.n or #expected) == actual.n
  for i = 1, actual.n do
    if not ok then break end
    ok = expected[i] == actual[i]
  end
  if not ok then
    luassert.is_true(ok, "expected exactly " .. show(expected) .. " got " .. show(actual))
  end
end

function H.vector_forms(x, y, z)
  return {
    { name = "three numbers", args = H.pack(x, y, z) },
    { name = "{x=,y=,z=}", args = H.pack({ x = x, y = y, z = z }) },
    { name = "{x,y,z}", args = H.pack({ x, y, z }) },
    { name = "metatable __index (vec3 class)",
      args = H.pack(setmetatable({}, { __index = { x = x, y = y, z = z } })) },
  }
end

function H.quat_forms(x, y, z, w)
  return {
    { name = "four numbers", args = H.pack(x, y, z, w) },
    { name = "{x=,y=,z=,w=}", args = H.pack({ x = x, y = y, z = z, w = w }) },
    { name = "{x,y,z,w}", args = H.pack({ x, y, z, w }) },
    { name = "metatable __index (quat class)",
      args = H.pack(setmetatable({}, { __index = { x = x, y = y, z = z, w = w } })) },
  }
end

-- unpack a packed list (keeps trailing nils)
function H.unpack(t)
  return (table.unpack or unpack)(t, 1, t.n or #t)
end

-- concatenation of packed argument lists, for building calls
function H.args(...)
  local out, n = {}, 0
  for _, p in ipairs({ ... }) do
    for i = 1, p.n or #p do n = n + 1; out[n] = p[i] end
  end
  out.n = n
  return out
end

function H.error_of(fn, ...)
  local ok, err = pcall(fn, ...)
  if ok then return nil end
  return err
end

-- Random shapes of every kind from the seeded generator r: {aabb = fn, obb
-- = fn, ...}, each fn a new shape. Positions within spread of the origin;
-- sizes (half extents, radii) from least up (0 lets zero-size boxes and
-- spheres and point capsules in); triangles in general position (possibly
-- thin, never planned to be axis-aligned).
function H.shape_makers(r, spread, least)
  local collide = require "collide"
  local function v(s) return r(-s, s), r(-s, s), r(-s, s) end
  return {
    aabb = function()
      local x, y, z = v(spread)
      return collide.aabb(x, y, z, x + r(least, 2), y + r(least, 2), z + r(least, 2))
    end,
    obb = function()
      local x, y, z = v(spread)
      local qx, qy, qz = v(1)
      return collide.obb(x, y, z, r(least, 1.5), r(0.1, 1.5), r(0.1, 1.5), qx, qy, qz, r(0.1, 1))
    end,
    sphere = function() local x, y, z = v(spread); return collide.sphere(x, y, z, r(least, 1.5)) end,
    triangle = function()
      local ax, ay, az = v(spread)
      return collide.triangle(ax, ay, az, ax + r(-2, 2), ay + r(-1, 1), az + r(-2, 2),
        ax + r(-2, 2), ay + r(-2, 2), az + r(-1, 1))
    end,
    capsule = function()
      local ax, ay, az = v(spread)
      return collide.capsule(ax, ay, az, ax + r(-2, 2), ay + r(-2, 2), az + r(-2, 2), r(0, 1))
    end,
    ray = function()
      local x, y, z = v(3)
      local tx, ty, tz = v(1.5)
      return collide.ray(x, y, z, tx - x, ty - y, tz - z + 1e-3, r(0.5, 6))
    end,
    plane = function() local x, y, z = v(1); return collide.plane(x, y, z + 0.01, r(-1, 1)) end,
  }
end

function H.read(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("*a")
  f:close()
  return text
end

-- the entries of folder dir (files and folders, "." and ".." left out)
-- whose names match the Lua pattern, as "dir/name", sorted; read with lfs,
-- which busted loads, so no shell is needed (the suite also runs on
-- Windows)
function H.ls(dir, pattern)
  local list = {}
  for name in require("lfs").dir(dir) do
    if name ~= "." and name ~= ".." and name:match(pattern) then
      list[#list + 1] = dir .. "/" .. name
    end
  end
  table.sort(list)
  return list
end

-- README.md and every doc/*.md (a new file is picked up without a change)
function H.doc_files()
  local files = { "README.md" }
  for _, f in ipairs(H.ls("doc", "%.md$")) do files[#files + 1] = f end
  return files
end

-- an object whose finalizer runs f (newproxy where tables have no __gc)
function H.on_gc(f)
  if newproxy then
    getmetatable(newproxy(true)).__gc = f
  else
    setmetatable({}, { __gc = f })
  end
end

-- n finalizers that each run act() and then arm themselves again, as long
-- as live[1] is true: some finalizer is always pending
function H.chains(n, live, act)
  local function arm()
    H.on_gc(function()
      if not live[1] then return end
      act()
      arm()
    end)
  end
  for _ = 1, n do arm() end
end

-- sets the collector's parameter name ("pause", "stepmul") to v, returns
-- the previous value: collectgarbage("setpause") up to 5.4, "param" in 5.5
local function gc_param(name, v)
  if _VERSION == "Lua 5.5" then return collectgarbage("param", name, v) end
  return collectgarbage("set" .. name, v)
end

-- runs fn with the collector stepping on nearly every allocation; eager:
-- on Lua 5.2 too (for specs that need finalizers to run inside calls and
-- whose cases stay small)
function H.collecting_often(fn, eager)
  -- (with a pause under 100, Lua 5.3's collector crawls in a large heap,
  -- and Lua 5.2's did not end one case of the tree's pairs in an hour)
  local slow = (_VERSION == "Lua 5.2" and not eager) or _VERSION == "Lua 5.3"
  -- (what earlier specs left behind collected first: a cycle over a small
  -- heap ends, and runs its finalizers, within a few calls)
  collectgarbage()
  local pause = gc_param("pause", slow and 100 or 10)
  local mul = gc_param("stepmul", 400)
  local ok, err = pcall(fn)
  gc_param("pause", pause)
  gc_param("stepmul", mul)
  if not ok then error(err, 0) end
end

-- the faces of boxes (aabbs and obbs) as one collide.mesh: two triangles a
-- face, outward facing, the corners in the order box:corner(i) gives them
local QUADS = { { 1, 5, 7, 3 }, { 2, 4, 8, 6 }, { 1, 2, 6, 5 }, { 3, 7, 8, 4 }, { 1, 3, 4, 2 }, { 5, 6, 8, 7 } }
function H.boxes_mesh(boxes)
  local v, idx = {}, {}
  for _, b in ipairs(boxes) do
    local base = #v / 3
    for i = 1, 8 do
      local x, y, z = b:corner(i)
      v[#v + 1], v[#v + 2], v[#v + 3] = x, y, z
    end
    for _, q in ipairs(QUADS) do
      for _, k in ipairs { q[1], q[2], q[3], q[1], q[3], q[4] } do idx[#idx + 1] = base + k end
    end
  end
  return require("collide").mesh(v, idx)
end

return H
