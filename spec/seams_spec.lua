-- Seams between coplanar tiles: a floor of unit boxes, as items and as one
-- mesh of the same boxes' faces, crossed by every mover kind with scene:move
-- and by a character whose shape is a box or a capsule. The motion runs
-- along the plane of the tiles' tops, so nothing blocks it: every step is
-- applied whole, as bump.lua applies it, whatever the start offset (which
-- makes some steps land exactly on a seam) and with or without a downward
-- component (which the floor takes, exactly).
local collide = require "collide"

local TILES = 40

local function tiles_as_items(scene)
  for i = 0, TILES - 1 do scene:add("tile " .. i, collide.aabb(i, -1, -1, i + 1, 0, 1)) end
end

-- the 12 triangles of each tile, outward facing
local CORNERS = { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 }, { 0, 0, 1 }, { 1, 0, 1 }, { 1, 1, 1 }, { 0, 1, 1 } }
local FACES = { { 1, 3, 2 }, { 1, 4, 3 }, { 5, 6, 7 }, { 5, 7, 8 }, { 1, 2, 6 }, { 1, 6, 5 },
                { 4, 8, 7 }, { 4, 7, 3 }, { 1, 5, 8 }, { 1, 8, 4 }, { 2, 3, 7 }, { 2, 7, 6 } }
local function tiles_as_mesh(scene)
  local v = {}
  for i = 0, TILES - 1 do
    for _, f in ipairs(FACES) do
      for _, k in ipairs(f) do
        local c = CORNERS[k]
        v[#v + 1], v[#v + 2], v[#v + 3] = i + c[1], -1 + c[2], -1 + 2 * c[3]
      end
    end
  end
  scene:add("level", collide.mesh(v))
end

-- movers 0.8 wide whose bottom rests on the tops (y = 0), left side at x
local MOVERS = {
  aabb = function(x) return collide.aabb(x, 0, -0.4, x + 0.8, 0.8, 0.4) end,
  obb = function(x) return collide.obb(x + 0.4, 0.4, 0, 0.4, 0.4, 0.4) end,
  sphere = function(x) return collide.sphere(x + 0.4, 0.4, 0, 0.4) end,
  capsule = function(x) return collide.capsule(x + 0.4, 0.4, 0, x + 0.4, 1, 0, 0.4) end,
}
local KINDS = { "aabb", "obb", "sphere", "capsule" }
local LEVELS = { { "items", tiles_as_items }, { "one mesh", tiles_as_mesh } }
local STEPS = { 0.07, 0.1, 0.125, 0.2, 0.25, 0.5 }
local OFFSETS = { 0, 0.05, 0.1, 0.2 }

describe("seams between coplanar tiles", function()
  for _, level in ipairs(LEVELS) do
    for _, kind in ipairs(KINDS) do
      it("scene:move of a " .. kind .. " crosses every seam of tiles as " .. level[1], function()
        local moves = 0
        for _, step in ipairs(STEPS) do
          for _, dy in ipairs { 0, -0.05 } do
            for _, x0 in ipairs(OFFSETS) do
              local scene = collide.scene()
              level[2](scene)
              local mover = MOVERS[kind](x0)
              scene:add("mover", mover)
              local x = x0
              for _ = 1, math.floor(12 / step) do
                local mx, my, mz, cols = scene:move("mover", step, dy, 0)
                moves = moves + 1
                -- the whole step along x, nothing along z; the floor takes
                -- the downward part: exactly for a box (its contact normal
                -- is an axis), to the rounding of the contact normal for a
                -- sphere or a capsule
                local tol = (kind == "aabb" or kind == "obb") and 0 or 1e-10
                if math.abs(mx - step) > tol or math.abs(my) > tol or math.abs(mz) > tol then
                  error(("%s from x = %.17g, step %g, dy %g: moved %.17g %.17g %.17g"):format(
                    kind, x, step, dy, mx, my, mz))
                end
                x = x + mx
                -- nothing but the floor's own top is met
                for _, c in ipairs(cols) do
                  if math.abs(c.nx) > tol or math.abs(c.ny - 1) > tol or math.abs(c.nz) > tol then
                    error(("%s met %s at x = %.17g with normal %g %g %g"):format(
                      kind, tostring(c.other), x, c.nx, c.ny, c.nz))
                  end
                end
              end
            end
          end
        end
        assert.are.equal(4152, moves)
      end)
    end
  end

  it("a box on a seam pressed down and forward lands on the floor's normal", function()
    local scene = collide.scene()
    tiles_as_items(scene)
    local box = collide.aabb(0.2, 0, -0.4, 1, 0.8, 0.4)  -- front face on the seam x = 1
    scene:add("b", box)
    local mx, my, mz, cols = scene:move("b", 0.1, -0.5, 0)
    assert.are.same({ 0.1, 0, 0 }, { mx, my, mz })
    assert.are.equal(1, #cols)
    assert.are.same({ "tile 0", 0, 0, 1, 0 }, { cols[1].other, cols[1].t, cols[1].nx, cols[1].ny, cols[1].nz })
    assert.are.same({ 0.30000000000000004, 0, -0.4 }, { box:min() })
  end)

  it("a real step at a seam still stops a box", function()
    local scene = collide.scene()
    scene:add("low", collide.aabb(0, -1, -1, 1, 0, 1))
    scene:add("high", collide.aabb(1, -1, -1, 2, 0.25, 1))
    local box = collide.aabb(0.2, 0, -0.4, 1, 0.8, 0.4)
    scene:add("box", box)
    local mx, my, mz, cols = scene:move("box", 0.5, 0, 0)
    assert.are.same({ 0, 0, 0 }, { mx, my, mz })
    assert.are.equal(1, #cols)
    assert.are.same({ "high", 0, -1, 0, 0 }, { cols[1].other, cols[1].t, cols[1].nx, cols[1].ny, cols[1].nz })
  end)

  for _, level in ipairs(LEVELS) do
    for _, kind in ipairs { "aabb", "obb", "capsule" } do
      it("a character whose shape is a" .. (kind == "obb" and "n " or " ") .. kind
         .. " walks over every seam of tiles as " .. level[1] .. " without losing a frame", function()
        for _, x0 in ipairs(OFFSETS) do
          for _, speed in ipairs { 3, 6, 7.5 } do
            local scene = collide.scene()
            level[2](scene)
            local shape = MOVERS[kind](x0)
            scene:add("player", shape)
            local ch = collide.character(scene, "player")
            local dt, vy = 1 / 60, 0
            ch:move(0, -0.01, 0)                           -- settle on the floor
            assert.is_true(ch:on_floor())
            local x = x0
            for frame = 1, 120 do
              vy = ch:on_floor() and 0 or vy - 9.81 * dt
              local dx = speed * dt
              local mx = ch:move(dx, vy * dt - 0.001, 0)
              if mx ~= dx or not ch:on_floor() or ch:on_wall() then
                error(("%s frame %d from x = %.17g: moved %.17g of %.17g, floor %s, wall %s"):format(
                  kind, frame, x, mx, dx, tostring(ch:on_floor()), tostring(ch:on_wall())))
              end
              x = x + mx
            end
          end
        end
      end)
    end
  end
end)
