-- A mesh used by finalizers while one of its own calls allocates: the
-- finalizer's call and the interrupted one each answer as if alone
-- (mesh:query detaches its scratch while it allocates its result;
-- mesh:contacts allocates a record per triangle while it reads the
-- triangles found). Before, collide.contact read the detached scratch (a
-- null pointer) and mesh:contacts' records were rewritten by the
-- finalizer's query.
local collide = require "collide"
local H = require "helpers"

-- a floor of 2 x 16 x 16 triangles, y = 0, x and z from 0 to 16, and a
-- few walls (triangles at x = 8) so that contacts differ in normal
local function level()
  local v = {}
  local function tri(ax, ay, az, bx, by, bz, cx, cy, cz)
    for _, c in ipairs { ax, ay, az, bx, by, bz, cx, cy, cz } do v[#v + 1] = c end
  end
  for i = 0, 15 do
    for k = 0, 15 do
      tri(i, 0, k, i + 1, 0, k + 1, i + 1, 0, k)
      tri(i, 0, k, i, 0, k + 1, i + 1, 0, k + 1)
    end
  end
  for k = 0, 15 do tri(8, 0, k, 8, 2, k + 1, 8, 0, k + 1) end
  return collide.mesh(v)
end

local function records(list)
  local out = {}
  for i, c in ipairs(list) do out[i] = { c.index, c.nx, c.ny, c.nz, c.depth } end
  return out
end

describe("a mesh used by a finalizer during its own calls", function()
  it("collide.contact answers from a finalizer while mesh:query allocates", function()
    local mesh = level()
    local box = collide.aabb(7.5, -0.25, 3.5, 8.25, 1, 5.5)
    local far = collide.sphere(2.5, 0.2, 2.5, 0.5)
    local want_box = H.pack(collide.contact(mesh, box))
    local want_far = H.pack(collide.contact(far, mesh))
    assert.are.same({ 0, 1, 0, 0.25, 231, n = 5 }, want_box)
    local got, rounds = 0, 0
    H.collecting_often(function()
      for _ = 1, 2000 do
        H.on_gc(function()
          assert.are.same(want_box, H.pack(collide.contact(mesh, box)))
          assert.are.same(want_far, H.pack(collide.contact(far, mesh)))
          assert.are.same(want_box, H.pack(mesh:contact(box)))
          got = got + 1
        end)
        local r = mesh:query(box)
        assert.are.equal(14, #r)
        rounds = rounds + 1
      end
    end)
    collectgarbage()
    assert.are.equal(2000, rounds)
    assert.is_true(got > 100, "finalizers run: " .. got)
  end)

  it("mesh:contacts keeps its records while a finalizer queries the same mesh", function()
    local mesh = level()
    local box = collide.aabb(7.5, -0.25, 3.5, 8.25, 1, 5.5)
    local other = collide.aabb(0, -1, 10, 16, 1, 16)
    local want = records(mesh:contacts(box))
    assert.are.equal(14, #want)
    assert.are.same({ 231, 0, 1, 0, 0.25 }, want[1])
    assert.are.same({ 268, 0, 1, 0, 0.25 }, want[11])
    assert.are.same({ 518, -1, 0, 0, 0.25 }, want[14])
    local queried = 0
    H.collecting_often(function()
      for _ = 1, 2000 do
        H.on_gc(function()
          local r = mesh:query(other)
          assert.are.equal(231, #r)
          queried = queried + 1
        end)
        assert.are.same(want, records(mesh:contacts(box)))
      end
    end)
    collectgarbage()
    assert.is_true(queried > 100, "finalizers run: " .. queried)
    -- the mesh answers as before once the finalizers are gone
    assert.are.same(want, records(mesh:contacts(box)))
    assert.are.equal(231, #mesh:query(other))
  end)
end)
