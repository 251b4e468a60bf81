-- bench/purelua_vec.lua: the same tests written the way most Lua 3D code
-- is, with a small vec3 class and operator overloading (as with CPML's
-- vec3): readable, and every operation allocates a vector. Shapes are the
-- purelua.lua tables with their vectors turned into vec3 by P.from().
local sqrt, min, max = math.sqrt, math.min, math.max

local vec3 = {}
vec3.__index = vec3
local function new(x, y, z) return setmetatable({ x = x, y = y, z = z }, vec3) end
vec3.new = new
function vec3.__add(a, b) return new(a.x + b.x, a.y + b.y, a.z + b.z) end
function vec3.__sub(a, b) return new(a.x - b.x, a.y - b.y, a.z - b.z) end
function vec3.__mul(a, b)
  if type(a) == "number" then return new(a * b.x, a * b.y, a * b.z) end
  if type(b) == "number" then return new(a.x * b, a.y * b, a.z * b) end
  return new(a.x * b.x, a.y * b.y, a.z * b.z)
end
function vec3.__div(a, b)
  if type(b) == "number" then return new(a.x / b, a.y / b, a.z / b) end
  return new(a.x / b.x, a.y / b.y, a.z / b.z)
end
function vec3.dot(a, b) return a.x * b.x + a.y * b.y + a.z * b.z end
function vec3.cross(a, b)
  return new(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
end
function vec3.len(a) return sqrt(a:dot(a)) end
function vec3.normalize(a) return a / a:len() end

local V = { vec3 = vec3 }

-- plain-table shapes (purelua.lua) to vec3 shapes
function V.from(s)
  local o = {}
  for k, v in pairs(s) do
    if type(v) == "table" and type(v[1]) == "number" then o[k] = new(v[1], v[2], v[3]) else o[k] = v end
  end
  return o
end

-- ray-aabb by slabs, returning the hit point as a vector (CPML's approach:
-- the reciprocal direction, six plane distances, min/max)
function V.cast_aabb(r, b)
  local dirfrac = new(1 / r.d.x, 1 / r.d.y, 1 / r.d.z)
  local t1 = (b.min.x - r.o.x) * dirfrac.x
  local t2 = (b.max.x - r.o.x) * dirfrac.x
  local t3 = (b.min.y - r.o.y) * dirfrac.y
  local t4 = (b.max.y - r.o.y) * dirfrac.y
  local t5 = (b.min.z - r.o.z) * dirfrac.z
  local t6 = (b.max.z - r.o.z) * dirfrac.z
  local tmin = max(max(min(t1, t2), min(t3, t4)), min(t5, t6))
  local tmax = min(min(max(t1, t2), max(t3, t4)), max(t5, t6))
  if tmax < 0 or tmin > tmax or tmin > r.tmax then return nil end
  if tmin < 0 then tmin = 0 end
  local p = r.o + r.d * tmin
  return tmin, p
end

-- Moller-Trumbore with vectors, returning t, the point and the normal
function V.cast_tri(r, t)
  local e1, e2 = t.b - t.a, t.c - t.a
  local h = r.d:cross(e2)
  local det = e1:dot(h)
  if det > -1e-12 and det < 1e-12 then return nil end
  local f = 1 / det
  local s = r.o - t.a
  local u = f * s:dot(h)
  if u < 0 or u > 1 then return nil end
  local q = s:cross(e1)
  local v = f * r.d:dot(q)
  if v < 0 or u + v > 1 then return nil end
  local tt = f * e2:dot(q)
  if tt < 0 or tt > r.tmax then return nil end
  local n = e1:cross(e2):normalize()
  if n:dot(r.d) > 0 then n = n * -1 end
  return tt, r.o + r.d * tt, n, u, v
end

return V
