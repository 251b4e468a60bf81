-- collide.frustum: a view frustum made of six planes whose normals point
-- inwards, in the order left, right, bottom, top, near, far.
--
-- The frustum is a userdata of the core: its geometry (corners from the
-- planes, exact classification of points and shapes) is
-- src/geometry/frustum.c, its constructors and methods src/lua/l_frustum.c.
-- This module names them for collide and collide.scene:
--   collide.frustum(left, right, bottom, top, near, far)
--   collide.frustum_from_matrix(m, [order])   order "column" (default) or "row"
--   f:classify(shape | point, ["planes"]) -> -1 outside, 0 crossing, 1 inside
--   f:intersects(shape | point) -> boolean
--   f:corners(), f:corner(i), f:plane(i, [out]), f:planes(), f:set(...),
--   f:set_matrix(m, [order]), tostring(f)
local core = require "collide.core"

local M = {}

M.new = core.frustum
M.from_matrix = core.frustum_from_matrix

-- the metatable of every frustum (collide.scene checks its argument by it)
M.Frustum = getmetatable(core.frustum(
  core.plane(1, 0, 0, -1), core.plane(-1, 0, 0, -1), core.plane(0, 1, 0, -1),
  core.plane(0, -1, 0, -1), core.plane(0, 0, 1, -1), core.plane(0, 0, -1, -1)))

return M
