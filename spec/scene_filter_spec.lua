-- What a scene's filter may do. A filter cannot yield: the yield raises
-- Lua's own error, as in a tree's raycast callback, and the scene is left
-- unlocked (before, a filter that yielded inside coroutine.wrap, its
-- coroutine then dropped, left the scene locked for ever). A filter cannot
-- move an item: scene:move and ch:move are refused before anything moves
-- (before, the shape was moved in place, then the update raised, and the
-- tree was left stale).
local collide = require "collide"
local H = require "helpers"

local function stripped(err) return (tostring(err):gsub("^[^\n]-:%d+: ", "", 1)) end

local function fixture()
  local s = collide.scene()
  s:add("box", collide.aabb(0, 0, 0, 1, 1, 1))
  s:add("wall", collide.aabb(3, -2, -2, 4, 2, 2))
  s:add("ball", collide.sphere(-2, 0.5, 0.5, 0.5))
  s:add("pebble", collide.sphere(3.5, 0, 0, 0.3))            -- in the wall: a pair
  return s
end

local probe = collide.aabb(-5, -5, -5, 5, 5, 5)
local ray = collide.ray(-5, 0.5, 0.5, 1, 0, 0, 20)
local everywhere = collide.frustum(collide.plane(1, 0, 0, -10), collide.plane(-1, 0, 0, -10),
  collide.plane(0, 1, 0, -10), collide.plane(0, -1, 0, -10), collide.plane(0, 0, 1, -10), collide.plane(0, 0, -1, -10))

-- every call that takes a filter, called with f
local CALLS = {
  { "query", function(s, f) return s:query(probe, f) end },
  { "query_frustum", function(s, f) return s:query_frustum(everywhere, f) end },
  { "pairs", function(s, f) return s:pairs(f) end },
  { "raycast", function(s, f) return s:raycast(ray, f) end },
  { "raycast_all", function(s, f) return s:raycast_all(ray, f) end },
  { "nearest", function(s, f) return s:nearest(-5, 0.5, 0.5, nil, f) end },
  { "sweep", function(s, f) return s:sweep(collide.sphere(-4, 0.5, 0.5, 0.5), 10, 0, 0, f) end },
  { "sweep_all", function(s, f) return s:sweep_all(collide.sphere(-4, 0.5, 0.5, 0.5), 10, 0, 0, f) end },
  { "move", function(s, f) return s:move("ball", 10, 0, 0, f) end },
}

-- the state a test compares: each item with its shape's text, and the
-- items a query of everything finds
local function state(s)
  local out = {}
  for item, shape in s:items() do out[#out + 1] = item .. " " .. tostring(shape) end
  out[#out + 1] = table.concat(s:query(probe), ",")
  return out
end

describe("a scene's filter", function()
  -- what a yield in a tree's raycast callback raises, without its position
  local yield_error
  setup(function()
    local t = collide.tree()
    t:insert(collide.aabb(0, 0, 0, 1, 1, 1))
    local ok, err = pcall(coroutine.wrap(function()
      return t:raycast(ray, function() coroutine.yield() end)
    end))
    assert.is_false(ok)
    yield_error = stripped(err)
  end)

  for _, c in ipairs(CALLS) do
    it("cannot yield in " .. c[1] .. ": Lua's error, the scene left unlocked", function()
      assert.is_truthy(yield_error:find("attempt to yield across", 1, true))
      local s = fixture()
      local before = state(s)
      local yielded = 0
      local co = coroutine.wrap(function()
        return c[2](s, function() yielded = yielded + 1; coroutine.yield("paused") return true end)
      end)
      local ok, err = pcall(co)
      assert.is_false(ok)
      assert.are.equal(yield_error, stripped(err))
      assert.are.equal(1, yielded)
      assert.are.same(before, state(s))
      -- unlocked: every change works
      assert.are.equal("new", s:add("new", collide.sphere(0, 5, 0, 1)))
      assert.are.equal("new", s:update("new", collide.sphere(0, 6, 0, 1)))
      assert.are.equal("new", s:remove("new"))
      local mx, my, mz = s:move("box", 1, 0, 0)
      assert.are.same({ 1, 0, 0 }, { mx, my, mz })
      assert.is_true(s:tree():validate())
    end)
  end

  for _, c in ipairs(CALLS) do
    for _, mover in ipairs { "scene:move", "ch:move" } do
      it("refuses " .. mover .. " inside " .. c[1] .. " before anything moves", function()
        local s = fixture()
        local ch = collide.character(s, "box")
        local before = state(s)
        local calls = 0
        local err = H.error_of(c[2], s, function()
          calls = calls + 1
          if mover == "ch:move" then ch:move(0.5, 0, 0) else s:move("box", 0.5, 0, 0) end
          return true
        end)
        assert.are.equal(1, calls)
        assert.are.equal("cannot change a scene during its " .. c[1], stripped(err))
        assert.are.same(before, state(s))
        assert.are.same({ "box" }, s:query(collide.sphere(0.5, 0.5, 0.5, 0.1)))
        assert.are.same({}, s:query(collide.sphere(1.25, 0.5, 0.5, 0.1)))
        assert.is_true(s:tree():validate())
        -- and allowed after
        local mx = ch:move(0.5, 0, 0)
        assert.are.equal(0.5, mx)
        assert.are.same({ "box" }, s:query(collide.sphere(1.25, 0.5, 0.5, 0.1)))
      end)
    end
  end
end)
