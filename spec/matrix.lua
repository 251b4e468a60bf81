-- spec/matrix.lua: 4x4 matrices as arrays of 16 numbers in column order,
-- m[(c-1)*4 + r] (OpenGL's, collide.frustum_from_matrix's default), and the
-- 3-vectors they are built from, for the frustum specs and bench/frustum.lua.
-- Plain Lua with no busted, so a benchmark can load it too:
--   local M = require "matrix"          (specs: .busted puts spec/ on the path)
--   local M = dofile "spec/matrix.lua"  (from the top of the tree)
local M = {}
local sqrt = math.sqrt

-- from a row-by-row list
function M.mat(rows)
  local m = {}
  for r = 1, 4 do for c = 1, 4 do m[(c - 1) * 4 + r] = rows[r][c] end end
  return m
end

function M.transpose(m)
  local t = {}
  for r = 1, 4 do for c = 1, 4 do t[(c - 1) * 4 + r] = m[(r - 1) * 4 + c] end end
  return t
end

function M.mul(a, b)
  local m = {}
  for r = 1, 4 do
    for c = 1, 4 do
      local s = 0
      for k = 1, 4 do s = s + a[(k - 1) * 4 + r] * b[(c - 1) * 4 + k] end
      m[(c - 1) * 4 + r] = s
    end
  end
  return m
end

-- gluPerspective: fovy in radians
function M.perspective(fovy, aspect, n, f)
  local t = 1 / math.tan(fovy / 2)
  return M.mat({
    { t / aspect, 0, 0, 0 },
    { 0, t, 0, 0 },
    { 0, 0, (f + n) / (n - f), 2 * f * n / (n - f) },
    { 0, 0, -1, 0 },
  })
end

-- glOrtho
function M.ortho(l, r, b, t, n, f)
  return M.mat({
    { 2 / (r - l), 0, 0, -(r + l) / (r - l) },
    { 0, 2 / (t - b), 0, -(t + b) / (t - b) },
    { 0, 0, -2 / (f - n), -(f + n) / (f - n) },
    { 0, 0, 0, 1 },
  })
end

function M.sub(a, b) return { a[1] - b[1], a[2] - b[2], a[3] - b[3] } end
function M.dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
function M.cross(a, b)
  return { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] }
end
function M.unit(a)
  local l = sqrt(M.dot(a, a))
  return { a[1] / l, a[2] / l, a[3] / l }
end

-- gluLookAt
function M.look_at(eye, target, up)
  local f = M.unit(M.sub(target, eye))
  local s = M.unit(M.cross(f, up))
  local u = M.cross(s, f)
  return M.mat({
    { s[1], s[2], s[3], -M.dot(s, eye) },
    { u[1], u[2], u[3], -M.dot(u, eye) },
    { -f[1], -f[2], -f[3], M.dot(f, eye) },
    { 0, 0, 0, 1 },
  })
end

-- the six planes of the box [x0,x1] x [y0,y1] x [z0,z1], inward, in
-- collide.frustum's order (left, right, bottom, top, near, far)
function M.box_planes(collide, x0, y0, z0, x1, y1, z1)
  local P = collide.plane
  return { P(1, 0, 0, x0), P(-1, 0, 0, -x1), P(0, 1, 0, y0), P(0, -1, 0, -y1), P(0, 0, 1, z0), P(0, 0, -1, -z1) }
end

return M
