-- frustum:classify, ns per call, on a fixed mix of boxes, rotated boxes,
-- spheres and triangles around a perspective frustum (inside, outside,
-- crossing and near its corners, where the exact test runs):
--   make bench-frustum [LUA=luajit]
local collide = require "collide"

local M = dofile("spec/matrix.lua")   -- 4x4 matrices, column order

-- gluPerspective(70 degrees, 16/9, 0.5, 100) turned 30 degrees about y
local c, s = math.cos(math.rad(30)), math.sin(math.rad(30))
local view = M.mat({ { c, 0, -s, 0 }, { 0, 1, 0, 0 }, { s, 0, c, 0 }, { 0, 0, 0, 1 } })
local m = M.mul(M.perspective(math.rad(70), 16 / 9, 0.5, 100), view)
local f = collide.frustum_from_matrix(m)

-- a fixed sequence (Park and Miller's, exact in doubles), so every run and
-- every Lua times the same shapes
local seed = 12345
local function rnd(lo, hi)
  seed = (seed * 16807) % 2147483647
  return lo + (hi - lo) * seed / 2147483647
end
local shapes, N = {}, 600
for i = 1, N do
  local x, y, z = rnd(-80, 80), rnd(-40, 40), rnd(-110, 10)
  local e = rnd(0.2, 6)
  local k = i % 4
  if k == 0 then shapes[i] = collide.aabb(x - e, y - e, z - e, x + e, y + e, z + e)
  elseif k == 1 then shapes[i] = collide.obb(x, y, z, e, e / 2, e, rnd(-1, 1), rnd(-1, 1), rnd(-1, 1), rnd(-1, 1))
  elseif k == 2 then shapes[i] = collide.sphere(x, y, z, e)
  else shapes[i] = collide.triangle(x, y, z, x + rnd(-6, 6), y + rnd(-6, 6), z + rnd(-6, 6),
                                    x + rnd(-6, 6), y + rnd(-6, 6), z + rnd(-6, 6)) end
end
local counts = { [-1] = 0, [0] = 0, [1] = 0 }
for i = 1, N do local r = f:classify(shapes[i]); counts[r] = counts[r] + 1 end

local clock = os.clock
local function run(mode)
  local reps, best = 200, math.huge
  for _ = 1, 5 do
    local t0 = clock()
    for _ = 1, reps do
      for i = 1, N do f:classify(shapes[i], mode) end
    end
    best = math.min(best, (clock() - t0) / (reps * N))
  end
  return best * 1e9
end
print(string.format("%s: %d shapes (-1: %d, 0: %d, 1: %d)", jit and jit.version or _VERSION, N,
  counts[-1], counts[0], counts[1]))
print(string.format("frustum:classify(shape)           %8.1f ns", run(nil)))
print(string.format("frustum:classify(shape, \"planes\") %8.1f ns", run("planes")))
