-- ray:cast() and ray:slab(): exact hit data for aabb, obb, sphere, triangle
-- and plane, the edge cases of each, and a randomised cross-check against
-- independent methods written here (face planes, the plain quadratic,
-- signed areas), never against the code under test.
local collide = require "collide"

local sqrt, abs, huge = math.sqrt, math.abs, math.huge
local R2 = sqrt(0.5)                  -- cos 45 = sin 45

local H = require "helpers"
local pack, fmt = H.pack, H.fmt

-- the results must be exactly `expected` (or within tol of it, element by
-- element), in number and value
local function check(expected, got, tol)
  local msg = H.mismatch(expected, got, tol)
  if msg then error(msg, 2) end
end

local function hit(expected, tol, ...) check(expected, pack(...), tol) end

-- exactly one result, nil
local function miss(...)
  local r = pack(...)
  if r.n ~= 1 or r[1] ~= nil then error("expected a miss (nil), got " .. fmt(r), 2) end
end

local function neg_dir(ray)
  local x, y, z = ray:direction()
  return -x, -y, -z
end

describe("ray:cast()", function()
  describe("aabb", function()
    -- a box with different sizes on each axis, so a wrong axis shows
    local box = collide.aabb(1, 2, 3, 2, 4, 6)
    local faces = {
      { "+x", { 0, 3, 4.5, 1, 0, 0 }, { 1, 1, 3, 4.5, -1, 0, 0 } },
      { "-x", { 5, 3, 4.5, -1, 0, 0 }, { 3, 2, 3, 4.5, 1, 0, 0 } },
      { "+y", { 1.5, 0, 4.5, 0, 1, 0 }, { 2, 1.5, 2, 4.5, 0, -1, 0 } },
      { "-y", { 1.5, 10, 4.5, 0, -1, 0 }, { 6, 1.5, 4, 4.5, 0, 1, 0 } },
      { "+z", { 1.5, 3, 0, 0, 0, 1 }, { 3, 1.5, 3, 3, 0, 0, -1 } },
      { "-z", { 1.5, 3, 10, 0, 0, -1 }, { 4, 1.5, 3, 6, 0, 0, 1 } },
    }
    for _, f in ipairs(faces) do
      it("hits the face met going " .. f[1] .. " with exact t, point and normal", function()
        hit(f[3], nil, collide.ray(table.unpack(f[2])):cast(box))
      end)
    end

    it("hits a face off its centre along a slanted ray", function()
      -- from (0, 2.5, 3.5) along (1, 1, 0): x = 1 at t = sqrt 2, y = 3.5
      hit({ sqrt(2), 1, 3.5, 3.5, -1, 0, 0 }, 1e-12,
        collide.ray(0, 2.5, 3.5, 1, 1, 0):cast(box))
    end)

    describe("edges and corners: the largest entry t, ties to x, then y, then z", function()
      local cube = collide.aabb(0, 0, 0, 1, 1, 1)
      it("an x-y edge takes -x", function()
        hit({ sqrt(2), 0, 0, 0.5, -1, 0, 0 }, 1e-15, collide.ray(-1, -1, 0.5, 1, 1, 0):cast(cube))
      end)
      it("a y-z edge takes -y", function()
        hit({ sqrt(2), 0.5, 0, 0, 0, -1, 0 }, 1e-15, collide.ray(0.5, -1, -1, 0, 1, 1):cast(cube))
      end)
      it("an x-z edge takes -x", function()
        hit({ sqrt(2), 0, 0.5, 0, -1, 0, 0 }, 1e-15, collide.ray(-1, 0.5, -1, 1, 0, 1):cast(cube))
      end)
      it("the min corner takes -x", function()
        hit({ sqrt(3), 0, 0, 0, -1, 0, 0 }, 1e-15, collide.ray(-1, -1, -1, 1, 1, 1):cast(cube))
      end)
      it("the max corner, met from outside it, takes +x", function()
        hit({ sqrt(3), 1, 1, 1, 1, 0, 0 }, 1e-15, collide.ray(2, 2, 2, -1, -1, -1):cast(cube))
      end)
      it("a y-z edge met from +y +z takes +y", function()
        hit({ sqrt(2), 0.5, 1, 1, 0, 1, 0 }, 1e-15, collide.ray(0.5, 2, 2, 0, -1, -1):cast(cube))
      end)
      it("near an edge, the later entry (y) gives the normal", function()
        -- x = 0 is crossed at t = sqrt 2 (y = -0.5, outside), y = 0 at 1.5 sqrt 2
        hit({ 1.5 * sqrt(2), 0.5, 0, 0.5, 0, -1, 0 }, 1e-15,
          collide.ray(-1, -1.5, 0.5, 1, 1, 0):cast(cube))
      end)
    end)

    describe("origin inside: t = 0, p = origin, n = -direction", function()
      it("along an axis", function()
        local r = collide.ray(1.5, 3, 4.5, 0, 0, 1)
        hit({ 0, 1.5, 3, 4.5, 0, 0, -1 }, nil, r:cast(box))
      end)
      it("along a slanted direction, not a point behind the origin", function()
        local r = collide.ray(1.25, 2.5, 5, 1, 2, 2)
        local nx, ny, nz = neg_dir(r)
        hit({ 0, 1.25, 2.5, 5, nx, ny, nz }, nil, r:cast(box))
      end)
      it("with tmax = 0", function()
        local r = collide.ray(1.25, 2.5, 5, -1, 0, 0, 0)
        hit({ 0, 1.25, 2.5, 5, 1, 0, 0 }, nil, r:cast(box))
      end)
      it("in a flat (zero-thickness) box", function()
        local flat = collide.aabb(0, 0, 0, 1, 0, 1)
        hit({ 0, 0.5, 0, 0.5, -1, 0, 0 }, nil, collide.ray(0.5, 0, 0.5, 1, 0, 0):cast(flat))
      end)
    end)

    describe("origin on the surface", function()
      it("entering: t = 0 with the face normal", function()
        local r = collide.ray(1, 3, 4.5, 1, 1, 0)
        hit({ 0, 1, 3, 4.5, -1, 0, 0 }, nil, r:cast(box))
      end)
      it("leaving: t = 0, n = -direction (as inside)", function()
        local r = collide.ray(2, 3, 4.5, 1, 0, 0)
        hit({ 0, 2, 3, 4.5, -1, 0, 0 }, nil, r:cast(box))
        r = collide.ray(2, 3, 4.5, 1, 1, 0)
        local nx, ny, nz = neg_dir(r)
        hit({ 0, 2, 3, 4.5, nx, ny, nz }, nil, r:cast(box))
      end)
      it("sliding along a face: t = 0, n = -direction (as inside)", function()
        hit({ 0, 1, 3, 4.5, 0, -1, 0 }, nil, collide.ray(1, 3, 4.5, 0, 1, 0):cast(box))
      end)
    end)

    it("misses a box behind the ray, and a box it points away from", function()
      miss(collide.ray(3, 3, 4.5, 1, 0, 0):cast(box))
      miss(collide.ray(0, 3, 4.5, -1, 0, 0):cast(box))
      miss(collide.ray(0, 3, 4.5, 0, 1, 0):cast(box))
    end)

    it("tmax is closed: just short misses, exactly at the hit hits", function()
      miss(collide.ray(0, 3, 4.5, 1, 0, 0, 0.999999):cast(box))
      miss(collide.ray(0, 3, 4.5, 1, 0, 0, 1 - 2 ^ -52):cast(box))
      hit({ 1, 1, 3, 4.5, -1, 0, 0 }, nil, collide.ray(0, 3, 4.5, 1, 0, 0, 1):cast(box))
    end)

    describe("rays parallel to a slab (no 0 * inf)", function()
      it("inside the slab hits", function()
        hit({ 1, 1, 3, 4.5, -1, 0, 0 }, nil, collide.ray(0, 3, 4.5, 1, 0, 0):cast(box))
      end)
      it("on the slab's boundary hits (closed)", function()
        hit({ 1, 1, 4, 6, -1, 0, 0 }, nil, collide.ray(0, 4, 6, 1, 0, 0):cast(box))
        hit({ 1, 1, 2, 3, -1, 0, 0 }, nil, collide.ray(0, 2, 3, 1, 0, 0):cast(box))
      end)
      it("outside the slab misses", function()
        miss(collide.ray(0, 4.000001, 4.5, 1, 0, 0):cast(box))
        miss(collide.ray(0, 3, 2.999999, 1, 0, 0):cast(box))
        miss(collide.ray(1.5, 1, 4.5, 0, 0, 1):cast(box))
      end)
    end)

    describe("direction components like 1e-300", function()
      local cube = collide.aabb(0, 0, 0, 1, 1, 1)
      it("are kept: (1e-300, 0, 0) normalises to (1, 0, 0)", function()
        hit({ 1, 0, 0 }, nil, collide.ray(0, 0, 0, 1e-300, 0, 0):direction())
        hit({ 1, 1e-300, 0 }, nil, collide.ray(0, 0, 0, 1, 1e-300, 0):direction())
      end)
      it("a tiny component inside its slab does not change the hit", function()
        hit({ 1, 0, 0.5, 0.5, -1, 0, 0 }, nil, collide.ray(-1, 0.5, 0.5, 1, 1e-300, 0):cast(cube))
        hit({ 1, 0, 0.5, 0.5, -1, 0, 0 }, nil, collide.ray(-1, 0.5, 0.5, 1, -1e-310, 1e-300):cast(cube))
      end)
      it("a tiny component on the slab's boundary decides by its sign", function()
        -- y = 1 + t * 1e-300 > 1 for every t > 0: the ray never enters
        miss(collide.ray(-1, 1, 0.5, 1, 1e-300, 0):cast(cube))
        hit({ 1, 0, 1, 0.5, -1, 0, 0 }, nil, collide.ray(-1, 1, 0.5, 1, -1e-300, 0):cast(cube))
      end)
      it("a tiny component as the only way in: the line meets the box far past it", function()
        -- z = 0 is reached at t = 1e300, where x = 0.5 + 1e300 > 1: a miss
        miss(collide.ray(0.5, 0.5, -1, 1, 0, 1e-300):cast(cube))
      end)
      it("an origin 1e-300 outside a face", function()
        local r = pack(collide.ray(0.5, 0.5, -1e-300, 0, 1, 1):cast(cube))
        hit({ sqrt(2) * 1e-300, 0.5, 0.5, 0, 0, 0, -1 }, 1e-315, table.unpack(r, 1, r.n))
      end)
    end)

    describe("huge and tiny coordinates", function()
      it("1e6", function()
        hit({ 1e6, 1e6, 1.5e6, 1.5e6, -1, 0, 0 }, nil,
          collide.ray(0, 1.5e6, 1.5e6, 1, 0, 0):cast(collide.aabb(1e6, 1e6, 1e6, 2e6, 2e6, 2e6)))
      end)
      it("1e-6", function()
        hit({ 1e-6, 0, 5e-7, 5e-7, -1, 0, 0 }, nil,
          collide.ray(-1e-6, 5e-7, 5e-7, 1, 0, 0):cast(collide.aabb(0, 0, 0, 1e-6, 1e-6, 1e-6)))
      end)
    end)
  end)

  describe("obb", function()
    it("with the identity rotation gives the aabb's exact answers", function()
      local o = collide.obb(1.5, 3, 4.5, 0.5, 1, 1.5)
      hit({ 1, 1, 3, 4.5, -1, 0, 0 }, nil, collide.ray(0, 3, 4.5, 1, 0, 0):cast(o))
      hit({ 6, 1.5, 4, 4.5, 0, 1, 0 }, nil, collide.ray(1.5, 10, 4.5, 0, -1, 0):cast(o))
      hit({ 3, 1.5, 3, 3, 0, 0, -1 }, nil, collide.ray(1.5, 3, 0, 0, 0, 1):cast(o))
    end)

    -- q = (1/2, 1/2, 1/2, 1/2): 120 degrees about (1, 1, 1), exact axes
    -- x' = (0, 1, 0), y' = (0, 0, 1), z' = (1, 0, 0); half extents (1, 2, 3)
    -- make the world box [-3, 3] x [-1, 1] x [-2, 2]
    local perm = collide.obb(0, 0, 0, 1, 2, 3, 0.5, 0.5, 0.5, 0.5)
    it("rotated exactly (axes permuted) hits each world face", function()
      hit({ 0, 1, 0, 0, 0, 1, 1, 0, 0 }, nil, perm:axes())
      hit({ 2, -3, 0, 0, -1, 0, 0 }, nil, collide.ray(-5, 0, 0, 1, 0, 0):cast(perm))
      hit({ 4, 3, 0, 0, 1, 0, 0 }, nil, collide.ray(7, 0, 0, -1, 0, 0):cast(perm))
      hit({ 4, 0, -1, 0, 0, -1, 0 }, nil, collide.ray(0, -5, 0, 0, 1, 0):cast(perm))
      hit({ 3, 0, 0, 2, 0, 0, 1 }, nil, collide.ray(0, 0, 5, 0, 0, -1):cast(perm))
    end)
    it("ties at a corner go to the box's own lower axis (x' = world y)", function()
      hit({ sqrt(3), -3, -1, -2, 0, -1, 0 }, 1e-15, collide.ray(-4, -2, -3, 1, 1, 1):cast(perm))
    end)
    it("180 degrees about z: a corner tie takes the box's x axis", function()
      local o = collide.obb(0, 0, 0, 1, 2, 3, 0, 0, 1, 0)
      hit({ sqrt(3), -1, -2, -3, -1, 0, 0 }, 1e-15, collide.ray(-2, -3, -4, 1, 1, 1):cast(o))
    end)

    -- the unit cube turned 45 degrees about z: |x + y| <= sqrt 2, |y - x| <= sqrt 2
    local q = { 0, 0, math.sin(math.pi / 8), math.cos(math.pi / 8) }
    local o45 = collide.obb(0, 0, 0, 1, 1, 1, table.unpack(q))
    it("rotated 45 degrees: a face hit has the exact values", function()
      -- y = 0.5 meets the face y - x = sqrt 2 (normal y' = (-r, r, 0)) at x = 0.5 - sqrt 2
      hit({ 5.5 - sqrt(2), 0.5 - sqrt(2), 0.5, 0, -R2, R2, 0 }, 1e-12,
        collide.ray(-5, 0.5, 0, 1, 0, 0):cast(o45))
      -- from below: y = -0.5 meets x + y = -sqrt 2 (normal -x') at x = 0.5 - sqrt 2
      hit({ 5.5 - sqrt(2), 0.5 - sqrt(2), -0.5, 0, -R2, -R2, 0 }, 1e-12,
        collide.ray(-5, -0.5, 0, 1, 0, 0):cast(o45))
      -- straight down on the top face z = 1
      hit({ 2, 0.3, 0.2, 1, 0, 0, 1 }, 1e-12, collide.ray(0.3, 0.2, 3, 0, 0, -1):cast(o45))
    end)
    it("rotated 45 degrees: along a box axis, parallel to the other slabs", function()
      -- along x' through the centre: enters the face -x' at (-r, -r, 0.5)
      hit({ 5 * sqrt(2) - 1, -R2, -R2, 0.5, -R2, -R2, 0 }, 1e-12,
        collide.ray(-5, -5, 0.5, 1, 1, 0):cast(o45))
      -- along x' outside the y' slab: no NaN, a miss
      miss(collide.ray(-5, -3, 0, 1, 1, 0):cast(o45))
    end)
    it("origin inside: t = 0, p = origin, n = -direction", function()
      local r = collide.ray(0.25, -0.5, 0.75, 1, 2, 2)
      local nx, ny, nz = neg_dir(r)
      hit({ 0, 0.25, -0.5, 0.75, nx, ny, nz }, nil, r:cast(o45))
      r = collide.ray(0.25, -0.5, 0.75, 0, 0, -1)
      hit({ 0, 0.25, -0.5, 0.75, 0, 0, 1 }, nil, r:cast(perm))
    end)
    it("misses when behind, pointing away, or stopped short by tmax", function()
      miss(collide.ray(5, 0, 0, 1, 0, 0):cast(o45))
      miss(collide.ray(-5, 0, 0, -1, 0, 0):cast(o45))
      miss(collide.ray(-5, 0, 0, 1, 0, 0, 1.99):cast(perm))
      hit({ 2, -3, 0, 0, -1, 0, 0 }, nil, collide.ray(-5, 0, 0, 1, 0, 0, 2):cast(perm))
    end)
  end)

  describe("sphere", function()
    local s = collide.sphere(1, 2, 3, 2)
    local axes = {
      { "+x", { -5, 2, 3, 1, 0, 0 }, { 4, -1, 2, 3, -1, 0, 0 } },
      { "-x", { 10, 2, 3, -1, 0, 0 }, { 7, 3, 2, 3, 1, 0, 0 } },
      { "+y", { 1, -5, 3, 0, 1, 0 }, { 5, 1, 0, 3, 0, -1, 0 } },
      { "-y", { 1, 10, 3, 0, -1, 0 }, { 6, 1, 4, 3, 0, 1, 0 } },
      { "+z", { 1, 2, -5, 0, 0, 1 }, { 6, 1, 2, 1, 0, 0, -1 } },
      { "-z", { 1, 2, 10, 0, 0, -1 }, { 5, 1, 2, 5, 0, 0, 1 } },
    }
    for _, a in ipairs(axes) do
      it("hits going " .. a[1] .. " with exact t, point and normal", function()
        hit(a[3], nil, collide.ray(table.unpack(a[2])):cast(s))
      end)
    end
    it("hits off-centre (3-4-5)", function()
      hit({ 6, -4, 3, 0, -0.8, 0.6, 0 }, 1e-15,
        collide.ray(-10, 3, 0, 1, 0, 0):cast(collide.sphere(0, 0, 0, 5)))
    end)
    it("touches tangentially (closed), misses just outside", function()
      local u = collide.sphere(0, 0, 0, 1)
      hit({ 5, 0, 1, 0, 0, 1, 0 }, nil, collide.ray(-5, 1, 0, 1, 0, 0):cast(u))
      miss(collide.ray(-5, 1.000001, 0, 1, 0, 0):cast(u))
    end)
    it("origin inside: t = 0, p = origin, n = -direction", function()
      local r = collide.ray(1.5, 2.5, 3.5, 1, 2, 2)
      local nx, ny, nz = neg_dir(r)
      hit({ 0, 1.5, 2.5, 3.5, nx, ny, nz }, nil, r:cast(s))
      hit({ 0, 1, 2, 3, 0, -1, 0 }, nil, collide.ray(1, 2, 3, 0, 1, 0):cast(s))
    end)
    it("origin on the surface entering: t = 0 with the outward normal", function()
      hit({ 0, -1, 2, 3, -1, 0, 0 }, nil, collide.ray(-1, 2, 3, 1, 1, 0):cast(s))
    end)
    it("origin on the surface leaving or tangent: t = 0, n = -direction", function()
      local r = collide.ray(3, 2, 3, 1, 1, 0)
      local nx, ny, nz = neg_dir(r)
      hit({ 0, 3, 2, 3, nx, ny, nz }, nil, r:cast(s))
      hit({ 0, 1, 4, 3, -1, 0, 0 }, nil, collide.ray(1, 4, 3, 1, 0, 0):cast(s))
    end)
    it("misses a sphere behind the ray, even when the line passes through it", function()
      miss(collide.ray(4, 2, 3, 1, 0, 0):cast(s))
      miss(collide.ray(3.5, 2.5, 3, 1, 0, 0):cast(s))
      miss(collide.ray(-5, 2, 3, -1, 0, 0):cast(s))
      miss(collide.ray(-5, 2, 3, 0, 1, 0):cast(s))
    end)
    it("tmax is closed", function()
      miss(collide.ray(-5, 2, 3, 1, 0, 0, 3.999999):cast(s))
      hit({ 4, -1, 2, 3, -1, 0, 0 }, nil, collide.ray(-5, 2, 3, 1, 0, 0, 4):cast(s))
    end)
    it("a zero-radius sphere is hit with n = -direction", function()
      local p = collide.sphere(1, 2, 3, 0)
      hit({ 6, 1, 2, 3, -1, 0, 0 }, nil, collide.ray(-5, 2, 3, 1, 0, 0):cast(p))
      hit({ 0, 1, 2, 3, 0, 0, -1 }, nil, collide.ray(1, 2, 3, 0, 0, 1):cast(p))
      miss(collide.ray(-5, 2.000001, 3, 1, 0, 0):cast(p))
    end)
    it("1e6 far and 1e-6 small", function()
      hit({ 999999, 999999, 0, 0, -1, 0, 0 }, nil,
        collide.ray(0, 0, 0, 1, 0, 0):cast(collide.sphere(1e6, 0, 0, 1)))
      hit({ 1e6 - 1, 1e6 + 1, 1e6, 1e6, 1, 0, 0 }, nil,
        collide.ray(2e6, 1e6, 1e6, -1, 0, 0):cast(collide.sphere(1e6, 1e6, 1e6, 1)))
      hit({ 2e-6, 1e-6, 0, 0, -1, 0, 0 }, 1e-21,
        collide.ray(-1e-6, 0, 0, 1, 0, 0):cast(collide.sphere(2e-6, 0, 0, 1e-6)))
    end)
    it("a direction component of 1e-300 moves the hit by 4e-300 and tilts n by 2e-300", function()
      -- y = 2 + 4e-300 rounds to 2; the normal keeps the exact tilt
      hit({ 4, -1, 2, 3, -1, 2e-300, 0 }, nil, collide.ray(-5, 2, 3, 1, 1e-300, 0):cast(s))
    end)
    it("radii and distances far beyond 1e150 or below 1e-150 (squares out of range)", function()
      hit({ 1e200, 1e200, 0, 0, 1, 0, 0 }, nil,
        collide.ray(2e200, 0, 0, -1, 0, 0):cast(collide.sphere(0, 0, 0, 1e200)))
      hit({ 0, 0, 0, 0, 1, 0, 0 }, nil,
        collide.ray(0, 0, 0, -1, 0, 0):cast(collide.sphere(0, 0, 0, 1e200)))
      -- tangent to a sphere of radius 1e308 at (1e308, 0, 0)
      hit({ 1e308, 1e308, 0, 0, 0, -1, 0 }, nil,
        collide.ray(0, 0, 0, 1, 0, 0):cast(collide.sphere(1e308, 1e308, 0, 1e308)))
      -- 2e300 - 1 is 2e300 in doubles
      hit({ 2e300, 1e300, 0, 0, -1, 0, 0 }, nil,
        collide.ray(-1e300, 0, 0, 1, 0, 0):cast(collide.sphere(1e300, 0, 0, 1)))
      -- radius 1e-201 seen from 1e-200: outside, not inside (r * r is 0 in doubles)
      hit({ 9e-201, -1e-201, 0, 0, -1, 0, 0 }, 1e-215,
        collide.ray(-1e-200, 0, 0, 1, 0, 0):cast(collide.sphere(0, 0, 0, 1e-201)))
      miss(collide.ray(-1e-200, 2e-201, 0, 1, 0, 0):cast(collide.sphere(0, 0, 0, 1e-201)))
      hit({ 1e-200, 1e-200, 0, 0, -1, 0, 0 }, nil,
        collide.ray(0, 0, 0, 1, 0, 0):cast(collide.sphere(1e-200, 0, 0, 0)))
    end)
  end)

  describe("triangle", function()
    -- counter-clockwise seen from +z: normal (0, 0, 1)
    local tri = collide.triangle(0, 0, 0, 2, 0, 0, 0, 2, 0)

    it("hits the front with t, point, normal and u, v", function()
      hit({ 1, 0.5, 0.5, 0, 0, 0, 1, 0.25, 0.25 }, nil, collide.ray(0.5, 0.5, 1, 0, 0, -1):cast(tri))
      hit({ 3, 1.5, 0.25, 0, 0, 0, 1, 0.75, 0.125 }, nil, collide.ray(1.5, 0.25, 3, 0, 0, -1):cast(tri))
    end)
    it("is two-sided: the back gives the flipped normal", function()
      hit({ 1, 0.5, 0.5, 0, 0, 0, -1, 0.25, 0.25 }, nil, collide.ray(0.5, 0.5, -1, 0, 0, 1):cast(tri))
    end)
    it("cull_backfaces drops the back and keeps the front", function()
      miss(collide.ray(0.5, 0.5, -1, 0, 0, 1):cast(tri, true))
      hit({ 1, 0.5, 0.5, 0, 0, 0, 1, 0.25, 0.25 }, nil, collide.ray(0.5, 0.5, 1, 0, 0, -1):cast(tri, true))
      -- false and nil mean two-sided
      hit({ 1, 0.5, 0.5, 0, 0, 0, -1, 0.25, 0.25 }, nil, collide.ray(0.5, 0.5, -1, 0, 0, 1):cast(tri, false))
    end)
    it("u, v satisfy p = (1-u-v) a + u b + v c on a slanted hit", function()
      local r = pack(collide.ray(0.5, 0.5, 1, 1, 0, -1):cast(tri))
      hit({ sqrt(2), 1.5, 0.5, 0, 0, 0, 1, 0.75, 0.25 }, 1e-15, table.unpack(r, 1, r.n))
      local t = collide.triangle(1, 2, 3, 4, 2, 3, 1, 6, 5)
      r = pack(collide.ray(2, 8, 0, 0, -1, 1):cast(t))
      -- the plane through t: 2 z - y = 4, hit by (2, 8 - s, s) at s = 4 where
      -- p = (2, 4, 4) = 1/6 a + 1/3 b + 1/2 c; the normal (0, -1, 2) / sqrt 5
      -- faces away from the ray, so it comes back flipped
      hit({ 4 * sqrt(2), 2, 4, 4, 0, 1 / sqrt(5), -2 / sqrt(5), 1 / 3, 1 / 2 }, 1e-12,
        table.unpack(r, 1, r.n))
      local u, v = r[8], r[9]
      for k = 1, 3 do
        local a, b, c = ({ t:vertex(1) })[k], ({ t:vertex(2) })[k], ({ t:vertex(3) })[k]
        assert.is_near(r[1 + k], (1 - u - v) * a + u * b + v * c, 1e-12)
      end
    end)
    it("hits each vertex", function()
      hit({ 1, 0, 0, 0, 0, 0, 1, 0, 0 }, nil, collide.ray(0, 0, 1, 0, 0, -1):cast(tri))
      hit({ 1, 2, 0, 0, 0, 0, 1, 1, 0 }, nil, collide.ray(2, 0, 1, 0, 0, -1):cast(tri))
      hit({ 1, 0, 2, 0, 0, 0, 1, 0, 1 }, nil, collide.ray(0, 2, 1, 0, 0, -1):cast(tri))
    end)
    it("hits each edge (closed)", function()
      hit({ 1, 1, 0, 0, 0, 0, 1, 0.5, 0 }, nil, collide.ray(1, 0, 1, 0, 0, -1):cast(tri))
      hit({ 1, 1, 1, 0, 0, 0, 1, 0.5, 0.5 }, nil, collide.ray(1, 1, 1, 0, 0, -1):cast(tri))
      hit({ 1, 0, 1, 0, 0, 0, 1, 0, 0.5 }, nil, collide.ray(0, 1, 1, 0, 0, -1):cast(tri))
    end)
    it("misses just outside each edge", function()
      miss(collide.ray(1, -1e-9, 1, 0, 0, -1):cast(tri))
      miss(collide.ray(1, 1.000001, 1, 0, 0, -1):cast(tri))
      miss(collide.ray(-1e-9, 1, 1, 0, 0, -1):cast(tri))
    end)
    it("misses behind, parallel off the plane, and short of tmax; tmax is closed", function()
      miss(collide.ray(0.5, 0.5, 1, 0, 0, 1):cast(tri))
      miss(collide.ray(0.5, 0.5, 1, 1, 0, 0):cast(tri))
      miss(collide.ray(0.5, 0.5, 1, 0, 0, -1, 0.999999):cast(tri))
      hit({ 1, 0.5, 0.5, 0, 0, 0, 1, 0.25, 0.25 }, nil, collide.ray(0.5, 0.5, 1, 0, 0, -1, 1):cast(tri))
    end)
    it("origin on the triangle: t = +0 (not -0) from either side", function()
      hit({ 0, 0.5, 0.5, 0, 0, 0, 1, 0.25, 0.25 }, nil, collide.ray(0.5, 0.5, 0, 0, 1, -1):cast(tri))
      local r = pack(collide.ray(0.5, 0.5, 0, 1, 0, 1):cast(tri))
      hit({ 0, 0.5, 0.5, 0, 0, 0, -1, 0.25, 0.25 }, nil, table.unpack(r, 1, r.n))
      assert.are.equal(huge, 1 / r[1])
      r = pack(collide.ray(0, 0, 0, 0, 0, 1):cast(tri))
      hit({ 0, 0, 0, 0, 0, 0, -1, 0, 0 }, nil, table.unpack(r, 1, r.n))
      assert.are.same({ huge, huge, huge }, { 1 / r[1], 1 / r[8], 1 / r[9] })
    end)

    describe("a ray in the triangle's plane", function()
      it("enters at the first edge crossing with n = +normal", function()
        -- crosses c-a (x = 0) at t = 1 and leaves through b-c at t = 2.5
        hit({ 1, 0, 0.5, 0, 0, 0, 1, 0, 0.25 }, nil, collide.ray(-1, 0.5, 0, 1, 0, 0):cast(tri))
        -- from the other side, across b-c (x + y = 2)
        hit({ 1.5, 1.5, 0.5, 0, 0, 0, 1, 0.75, 0.25 }, nil, collide.ray(3, 0.5, 0, -1, 0, 0):cast(tri))
      end)
      it("still hits with cull_backfaces", function()
        hit({ 1, 0, 0.5, 0, 0, 0, 1, 0, 0.25 }, nil, collide.ray(-1, 0.5, 0, 1, 0, 0):cast(tri, true))
      end)
      it("takes the triangle's own normal when it faces -z", function()
        local cw = collide.triangle(0, 0, 0, 0, 2, 0, 2, 0, 0)
        hit({ 1, 0, 0.5, 0, 0, 0, -1, 0.25, 0 }, nil, collide.ray(-1, 0.5, 0, 1, 0, 0):cast(cw))
      end)
      it("starting inside hits at t = 0", function()
        hit({ 0, 0.5, 0.5, 0, 0, 0, 1, 0.25, 0.25 }, nil, collide.ray(0.5, 0.5, 0, 1, 1, 0):cast(tri))
      end)
      it("through a vertex only", function()
        -- along y = -x: passes the vertex a = (0, 0) only
        hit({ sqrt(2), 0, 0, 0, 0, 0, 1, 0, 0 }, 1e-15, collide.ray(-1, 1, 0, 1, -1, 0):cast(tri))
      end)
      it("along an edge: enters at its first vertex", function()
        hit({ 1, 0, 0, 0, 0, 0, 1, 0, 0 }, nil, collide.ray(-1, 0, 0, 1, 0, 0):cast(tri))
      end)
      it("misses beside it, pointing away, or short of tmax", function()
        miss(collide.ray(-1, 2.5, 0, 1, 0, 0):cast(tri))
        miss(collide.ray(-1, 0.5, 0, -1, 0, 0):cast(tri))
        miss(collide.ray(-1, 0.5, 0, 1, 0, 0, 0.5):cast(tri))
      end)
    end)

    describe("degenerate triangles (a segment or a point), n = -direction", function()
      -- collinear along y: the segment (0,-1,0)-(0,1,0)
      local seg = collide.triangle(0, -1, 0, 0, 1, 0, 0, 0, 0)
      it("hits the segment across it", function()
        hit({ 1, 0, 0.5, 0, -1, 0, 0, 0.75, 0 }, nil, collide.ray(-1, 0.5, 0, 1, 0, 0):cast(seg))
      end)
      it("hits the segment along its line at its first end", function()
        hit({ 4, 0, -1, 0, 0, -1, 0, 0, 0 }, nil, collide.ray(0, -5, 0, 0, 1, 0):cast(seg))
      end)
      it("ignores cull_backfaces (no side faces away)", function()
        hit({ 1, 0, 0.5, 0, -1, 0, 0, 0.75, 0 }, nil, collide.ray(-1, 0.5, 0, 1, 0, 0):cast(seg, true))
      end)
      it("hits a triangle whose vertices coincide", function()
        local pt = collide.triangle(1, 1, 1, 1, 1, 1, 1, 1, 1)
        hit({ 1, 1, 1, 1, 0, 0, -1, 0, 0 }, nil, collide.ray(1, 1, 0, 0, 0, 1):cast(pt))
        miss(collide.ray(1, 1.001, 0, 0, 0, 1):cast(pt))
      end)
      it("misses beside the segment and past its ends", function()
        miss(collide.ray(-1, 0.5, 0.001, 1, 0, 0):cast(seg))
        miss(collide.ray(-1, 1.001, 0, 1, 0, 0):cast(seg))
        miss(collide.ray(0, 1.5, 0, 0, 1, 0):cast(seg))
      end)
    end)

    it("1e6 and 1e-6 coordinates", function()
      hit({ 1e6, 5e5, 5e5, 0, 0, 0, 1, 0.25, 0.25 }, nil,
        collide.ray(5e5, 5e5, 1e6, 0, 0, -1):cast(collide.triangle(0, 0, 0, 2e6, 0, 0, 0, 2e6, 0)))
      local small = collide.triangle(0, 0, 0, 2e-6, 0, 0, 0, 2e-6, 0)
      hit({ 1e-6, 5e-7, 5e-7, 0, 0, 0, 1, 0.25, 0.25 }, nil,
        collide.ray(5e-7, 5e-7, 1e-6, 0, 0, -1):cast(small))
      hit({ 1e-6, 0, 5e-7, 0, 0, 0, 1, 0, 0.25 }, nil,
        collide.ray(-1e-6, 5e-7, 0, 1, 0, 0):cast(small))
      -- far from the origin
      local far = collide.triangle(1e6, 1e6, 1e6, 1e6 + 2, 1e6, 1e6, 1e6, 1e6 + 2, 1e6)
      hit({ 1, 1e6 + 0.5, 1e6 + 0.5, 1e6, 0, 0, 1, 0.25, 0.25 }, nil,
        collide.ray(1e6 + 0.5, 1e6 + 0.5, 1e6 + 1, 0, 0, -1):cast(far))
    end)
    it("a direction component of 1e-300 changes nothing", function()
      hit({ 1, 0.5, 0.5, 0, 0, 0, 1, 0.25, 0.25 }, nil, collide.ray(0.5, 0.5, 1, 1e-300, 0, -1):cast(tri))
    end)
  end)

  describe("plane", function()
    it("plane(0, 1, 0, 2) is y = 2, hit from below and above", function()
      local p = collide.plane(0, 1, 0, 2)
      hit({ 2, 1, 2, 3, 0, -1, 0 }, nil, collide.ray(1, 0, 3, 0, 1, 0):cast(p))
      hit({ 3, 1, 2, 3, 0, 1, 0 }, nil, collide.ray(1, 5, 3, 0, -1, 0):cast(p))
    end)
    it("the constant is scaled with the normal, and plane_from_equation negates it", function()
      hit({ 2, 1, 2, 3, 0, -1, 0 }, nil, collide.ray(1, 0, 3, 0, 1, 0):cast(collide.plane(0, 4, 0, 8)))
      hit({ 2, 1, 2, 3, 0, -1, 0 }, nil,
        collide.ray(1, 0, 3, 0, 1, 0):cast(collide.plane_from_equation(0, 1, 0, -2)))
    end)
    it("a slanted ray", function()
      hit({ sqrt(2), 1, 0, 1, 0, 0, -1 }, 1e-15, collide.ray(0, 0, 0, 1, 0, 1):cast(collide.plane(0, 0, 1, 1)))
    end)
    it("a ray lying in the plane hits at t = 0 with the plane's own normal", function()
      local p = collide.plane(0, 1, 0, 2)
      hit({ 0, 3, 2, 1, 0, 1, 0 }, nil, collide.ray(3, 2, 1, 1, 0, 0):cast(p))
      hit({ 0, 3, 2, 1, 0, -1, 0 }, nil, collide.ray(3, 2, 1, 1, 0, 0):cast(p:clone():flip()))
    end)
    it("origin on the plane leaving it: t = +0 facing the ray", function()
      local p = collide.plane(0, 1, 0, 2)
      local r = pack(collide.ray(3, 2, 1, 0, 1, 0):cast(p))
      hit({ 0, 3, 2, 1, 0, -1, 0 }, nil, table.unpack(r, 1, r.n))
      assert.are.equal(huge, 1 / r[1])
      r = pack(collide.ray(3, 2, 1, 0, -1, 0):cast(p))
      hit({ 0, 3, 2, 1, 0, 1, 0 }, nil, table.unpack(r, 1, r.n))
      assert.are.equal(huge, 1 / r[1])
    end)
    it("misses when parallel off it, pointing away, or short of tmax", function()
      local p = collide.plane(0, 1, 0, 2)
      miss(collide.ray(0, 0, 0, 1, 0, 0):cast(p))
      miss(collide.ray(0, 0, 0, 0, -1, 0):cast(p))
      miss(collide.ray(0, 0, 0, 0, 1, 0, 1.999999):cast(p))
      hit({ 2, 0, 2, 0, 0, -1, 0 }, nil, collide.ray(0, 0, 0, 0, 1, 0, 2):cast(p))
    end)
    it("a 1e-300 component towards it gives a huge finite t", function()
      local p = collide.plane(0, 1, 0, 2)
      local r = pack(collide.ray(0, 0, 0, 1, 1e-300, 0):cast(p))
      hit({ 2e300 }, 1e286, r[1])
      for i = 2, 7 do assert.is_true(r[i] == r[i] and abs(r[i]) < huge) end
      miss(collide.ray(0, 0, 0, 1, 1e-300, 0, 1e6):cast(p))
    end)
  end)

  describe("errors", function()
    local r = collide.ray(0, 0, 0, 1, 0, 0)
    it("a ray at a ray", function()
      assert.has_error(function() r:cast(collide.ray(1, 0, 0, 0, 1, 0)) end,
        "bad argument #1 to 'cast' (aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got collide.ray)")
    end)
    it("no value, a table, a number", function()
      assert.has_error(function() r:cast() end,
        "bad argument #1 to 'cast' (aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got no value)")
      assert.has_error(function() r:cast({}) end,
        "bad argument #1 to 'cast' (aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got table)")
      assert.has_error(function() r:cast(1) end,
        "bad argument #1 to 'cast' (aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got number)")
    end)
  end)
end)

describe("ray:slab()", function()
  local box = collide.aabb(1, 2, 3, 2, 4, 6)
  it("gives the unclamped entry and exit of the line", function()
    hit({ 1, 2 }, nil, collide.ray(0, 3, 4.5, 1, 0, 0):slab(box))
    hit({ 6, 8 }, nil, collide.ray(1.5, 10, 4.5, 0, -1, 0):slab(box))
    hit({ 1.5 * sqrt(2), 2 * sqrt(2) }, 1e-15, collide.ray(0, 0.5, 4.5, 1, 1, 0):slab(box))
  end)
  it("origin inside: tnear < 0 < tfar", function()
    hit({ -0.5, 0.5 }, nil, collide.ray(1.5, 3, 4.5, 1, 0, 0):slab(box))
    hit({ -1.5, 1.5 }, nil, collide.ray(1.5, 3, 4.5, 0, 0, -1):slab(box))
  end)
  it("a box behind the origin gives negative values, not nil", function()
    hit({ -4, -3 }, nil, collide.ray(5, 3, 4.5, 1, 0, 0):slab(box))
  end)
  it("ignores tmax", function()
    hit({ 1, 2 }, nil, collide.ray(0, 3, 4.5, 1, 0, 0, 0.5):slab(box))
  end)
  it("nil when the line misses", function()
    miss(collide.ray(0, 5, 4.5, 1, 0, 0):slab(box))
    miss(collide.ray(0, 0, 0, 1, 1, 1):slab(collide.aabb(5, 0, 0, 6, 1, 1)))
  end)
  it("parallel to slabs: inside, on the boundary, outside (no NaN)", function()
    hit({ 1, 2 }, nil, collide.ray(0, 4, 6, 1, 0, 0):slab(box))
    miss(collide.ray(0, 4.000001, 4.5, 1, 0, 0):slab(box))
    miss(collide.ray(0, 3, 6.000001, 1, 0, 0):slab(box))
  end)
  it("a 1e-310 component: its slab spans -inf..inf and the other decides", function()
    hit({ -0.5, 0.5 }, nil, collide.ray(0.5, 0.5, 0.5, 1e-310, 1, 0):slab(collide.aabb(0, 0, 0, 1, 1, 1)))
    miss(collide.ray(-0.5, 0.5, 0.5, 1e-310, 1, 0):slab(collide.aabb(0, 0, 0, 1, 1, 1)))
  end)
  it("touching an edge gives tnear == tfar", function()
    -- the line y = -x meets the box [0, 1]^3 only on its edge x = y = 0
    local tn, tf = collide.ray(-1, 1, 0.5, 1, -1, 0):slab(collide.aabb(0, 0, 0, 1, 1, 1))
    assert.are.equal(tn, tf)
    assert.is_near(sqrt(2), tn, 1e-15)
  end)
  it("an obb: in its own frame", function()
    local o45 = collide.obb(0, 0, 0, 1, 1, 1, 0, 0, math.sin(math.pi / 8), math.cos(math.pi / 8))
    hit({ 5.5 - sqrt(2), 4.5 + sqrt(2) }, 1e-12, collide.ray(-5, 0.5, 0, 1, 0, 0):slab(o45))
    local perm = collide.obb(0, 0, 0, 1, 2, 3, 0.5, 0.5, 0.5, 0.5)
    hit({ -3, 3 }, nil, collide.ray(0, 0, 0, 1, 0, 0):slab(perm))
    miss(collide.ray(0, 1.5, 0, 1, 0, 0):slab(perm))
  end)
  it("errors for other shapes", function()
    local r = collide.ray(0, 0, 0, 1, 0, 0)
    assert.has_error(function() r:slab(collide.sphere(0, 0, 0, 1)) end,
      "bad argument #1 to 'slab' (aabb or obb expected, got collide.sphere)")
    assert.has_error(function() r:slab() end,
      "bad argument #1 to 'slab' (aabb or obb expected, got no value)")
  end)
end)

-- Randomised, against methods written here: faces as planes for boxes, the
-- plain quadratic for spheres, a plane hit and signed areas for triangles.
describe("ray:cast() agrees with independent methods on random rays", function()
  local function dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
  local function cross(a, b)
    return { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] }
  end
  local function sub(a, b) return { a[1] - b[1], a[2] - b[2], a[3] - b[3] } end
  local function madd(a, b, s) return { a[1] + s * b[1], a[2] + s * b[2], a[3] + s * b[3] } end
  local function unit(a) local l = sqrt(dot(a, a)) return { a[1] / l, a[2] / l, a[3] / l } end
  -- reseeded by each case (H.rng, the same numbers on every Lua)
  local rnd
  local function rvec(s) return { rnd(-s, s), rnd(-s, s), rnd(-s, s) } end

  -- a ray from far away aimed near the origin, or one starting close by
  local function random_ray(k, aim)
    local o = k % 4 == 0 and rvec(1.5) or unit(rvec(1))
    if k % 4 ~= 0 then o = { o[1] * 6, o[2] * 6, o[3] * 6 } end
    local d = unit(sub(aim or rvec(1.2), o))
    local tmax = k % 3 == 0 and rnd(0, 8) or huge
    return o, d, tmax
  end

  -- box with centre c, half extents e, unit axes u[1..3]: entry by the faces
  local function box_cast(o, d, tmax, c, e, u)
    local m = sub(o, c)
    local inside = true
    for k = 1, 3 do if abs(dot(m, u[k])) > e[k] then inside = false end end
    if inside then return 0, o, { -d[1], -d[2], -d[3] } end
    local best, bn
    for k = 1, 3 do
      for _, s in ipairs({ -1, 1 }) do
        local n = { s * u[k][1], s * u[k][2], s * u[k][3] }
        local den = dot(n, d)
        if den < 0 then
          local t = (e[k] - dot(n, m)) / den
          if t >= 0 and t <= tmax then
            local q = madd(m, d, t)
            local on = true
            for j = 1, 3 do
              if j ~= k and abs(dot(q, u[j])) > e[j] + 1e-9 then on = false end
            end
            if on and (not best or t < best) then best, bn = t, n end
          end
        end
      end
    end
    if best then return best, madd(o, d, best), bn end
  end

  local function sphere_cast(o, d, tmax, c, r)
    local m = sub(o, c)
    local b, cc = 2 * dot(m, d), dot(m, m) - r * r
    if cc <= 0 then return 0, o, { -d[1], -d[2], -d[3] } end
    local disc = b * b - 4 * cc
    if disc < 0 then return end
    local t = (-b - sqrt(disc)) / 2
    if t < 0 or t > tmax then return end
    local p = madd(o, d, t)
    return t, p, unit(sub(p, c))
  end

  local function tri_cast(o, d, tmax, a, b, c)
    local n = cross(sub(b, a), sub(c, a))
    local den = dot(n, d)
    if den == 0 then return end
    local t = dot(n, sub(a, o)) / den
    if t < 0 or t > tmax then return end
    local p = madd(o, d, t)
    local nn = dot(n, n)
    local wa = dot(n, cross(sub(c, b), sub(p, b))) / nn
    local wb = dot(n, cross(sub(a, c), sub(p, c))) / nn
    local wc = dot(n, cross(sub(b, a), sub(p, a))) / nn
    if wa < 0 or wb < 0 or wc < 0 then return end
    local s = den > 0 and -1 or 1
    local l = sqrt(nn)
    return t, p, { s * n[1] / l, s * n[2] / l, s * n[3] / l }, wb, wc
  end

  local function compare(label, i, got, t, p, n, u, v)
    if not t then
      if got[1] ~= nil then error(("%s #%d: expected a miss, got %s"):format(label, i, fmt(got))) end
      return 0
    end
    local want = { t, p[1], p[2], p[3], n[1], n[2], n[3], u, v }
    local ok = got[1] ~= nil
    for k = 1, #want do ok = ok and abs(got[k] - want[k]) <= 1e-9 end
    if not ok then
      error(("%s #%d: expected %s, got %s"):format(label, i, fmt(want), fmt(got)))
    end
    return 1
  end

  it("aabb and obb (800 rays each)", function()
    rnd = H.rng(20240601)
    local hits = 0
    for i = 1, 800 do
      local c, e = rvec(0.5), { rnd(0.1, 1), rnd(0.1, 1), rnd(0.1, 1) }
      local o, d, tmax = random_ray(i)
      local box = collide.aabb_from_center(c, e)
      local got = pack(collide.ray(o, d, tmax):cast(box))
      hits = hits + compare("aabb", i, got, box_cast(o, d, tmax, c, e,
        { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }))
      local ob = collide.obb(c, e, rvec(1)[1], rnd(-1, 1), rnd(-1, 1), rnd(-1, 1))
      local a = pack(ob:axes())
      got = pack(collide.ray(o, d, tmax):cast(ob))
      hits = hits + compare("obb", i, got, box_cast(o, d, tmax, c, e,
        { { a[1], a[2], a[3] }, { a[4], a[5], a[6] }, { a[7], a[8], a[9] } }))
    end
    assert.is_true(hits > 300 and hits < 1300, "hits: " .. hits)
  end)

  it("sphere (800 rays)", function()
    rnd = H.rng(7)
    local hits = 0
    for i = 1, 800 do
      local c, r = rvec(0.5), rnd(0, 1.2)
      local o, d, tmax = random_ray(i)
      local got = pack(collide.ray(o, d, tmax):cast(collide.sphere(c, r)))
      hits = hits + compare("sphere", i, got, sphere_cast(o, d, tmax, c, r))
    end
    assert.is_true(hits > 120 and hits < 700, "hits: " .. hits)
  end)

  it("triangle, two-sided and culled (800 rays)", function()
    rnd = H.rng(99)
    local hits = 0
    for i = 1, 800 do
      local a, b, c = rvec(1.5), rvec(1.5), rvec(1.5)
      -- aim at a point of the triangle's plane near it
      local wb, wc = rnd(-0.2, 1), rnd(-0.2, 1)
      local aim = madd(madd(a, sub(b, a), wb), sub(c, a), wc)
      local o, d, tmax = random_ray(i, aim)
      local tri = collide.triangle(a, b, c)
      local r = collide.ray(o, d, tmax)
      local t, p, n, u, v = tri_cast(o, d, tmax, a, b, c)
      hits = hits + compare("triangle", i, pack(r:cast(tri)), t, p, n, u, v)
      local front = t and dot(n, cross(sub(b, a), sub(c, a))) > 0
      if t and not front then t = nil end
      compare("culled triangle", i, pack(r:cast(tri, true)), t, p, n, u, v)
    end
    assert.is_true(hits > 150 and hits < 650, "hits: " .. hits)
  end)
end)
