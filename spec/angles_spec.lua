-- collide.sincos, collide.atan2 and collide.axis_angle: exact values, and
-- the sine, cosine and arc tangent of random arguments against a reference
-- of this file's own in double-double arithmetic (about 100 bits), which
-- shares no code with the library's series, and the arc tangent against
-- the C library's.
local collide = require "collide"
local H = require "helpers"

local huge = math.huge

-- the bits of x, "-0" and "0" apart: equality does not tell the zeros
local function bits(x)
  if x == 0 then return 1 / x < 0 and "-0" or "0" end
  return ("%.17g"):format(x)
end

---------------------------------------------------------------------------
-- the reference: double-double numbers {hi, lo}, hi + lo the value, from
-- error-free sums and products (Knuth's TwoSum; Dekker's product with
-- Veltkamp's split: no fused multiply-add in plain Lua arithmetic)

local function two_sum(a, b)
  local s = a + b
  local bv = s - a
  return s, (a - (s - bv)) + (b - bv)
end

local SPLIT = 134217729 -- 2^27 + 1
local function two_prod(a, b)
  local p = a * b
  local ca, cb = SPLIT * a, SPLIT * b
  local ah, bh = ca - (ca - a), cb - (cb - b)
  local al, bl = a - ah, b - bh
  return p, ((ah * bh - p) + ah * bl + al * bh) + al * bl
end

local function dd_add(ah, al, bh, bl)
  local s, e = two_sum(ah, bh)
  e = e + (al + bl)
  return two_sum(s, e)
end

local function dd_mul(ah, al, bh, bl)
  local p, e = two_prod(ah, bh)
  e = e + (ah * bl + al * bh)
  return two_sum(p, e)
end

-- (ah + al) / n for an integer n
local function dd_div(ah, al, n)
  local q = ah / n
  local p, e = two_prod(q, n)
  local r = ((ah - p) - e) + al
  return two_sum(q, r / n)
end

-- pi/2 as three doubles, each an integer times a power of two
local T53 = 9007199254740992 -- 2^53
local PIO2 = {
  7074237752028440 / 4503599627370496,                        -- m 2^-52
  4967757600021511 / T53 / T53,                               -- m 2^-106
  -8753721960665020 / T53 / T53 / T53 / 8,                    -- m 2^-162
}

-- sin and cos of x, |x| <= 2^20, as double-doubles: x - k pi/2 by
-- error-free products with the three parts, then the Taylor series to
-- r^40, term by term
local function reference(x)
  local k = math.floor(x / PIO2[1] + 0.5)
  local rh, rl = x, 0
  for i = 1, 3 do
    local p, e = two_prod(k, PIO2[i])
    rh, rl = dd_add(rh, rl, -p, -e)
  end
  local zh, zl = dd_mul(rh, rl, rh, rl)
  local sh, sl, ch, cl = rh, rl, 1, 0
  local th, tl = rh, rl  -- r^n / n!, n odd
  local uh, ul = 1, 0    -- r^n / n!, n even
  for n = 2, 40, 2 do
    uh, ul = dd_div(-uh, -ul, (n - 1) * n)
    uh, ul = dd_mul(uh, ul, zh, zl)
    ch, cl = dd_add(ch, cl, uh, ul)
    th, tl = dd_div(-th, -tl, n * (n + 1))
    th, tl = dd_mul(th, tl, zh, zl)
    sh, sl = dd_add(sh, sl, th, tl)
  end
  local q = k % 4
  if q == 0 then return sh, sl, ch, cl end
  if q == 1 then return ch, cl, -sh, -sl end
  if q == 2 then return -sh, -sl, -ch, -cl end
  return -ch, -cl, sh, sl
end

-- the unit in the last place of a double near y
local function ulp(y)
  y = math.abs(y)
  local p = 1
  while p <= y do p = p * 2 end
  while p > y do p = p / 2 end
  return p / 4503599627370496 -- p 2^-52
end

-- |got - (hi + lo)| in ulps of hi
local function ulps(got, hi, lo)
  return math.abs((got - hi) - lo) / ulp(hi)
end

---------------------------------------------------------------------------

describe("collide.sincos()", function()
  it("gives 0, 1 at 0 and keeps the sign of -0", function()
    local zero = 0.0
    local s, c = collide.sincos(zero)
    assert.are.same({ "0", "1" }, { bits(s), bits(c) })
    s, c = collide.sincos(-zero)
    assert.are.same({ "-0", "1" }, { bits(s), bits(c) })
  end)

  it("gives the correctly rounded values at multiples of pi/2 as doubles", function()
    -- math.pi is pi rounded: cos(pi/2 as a double) is the rounding error
    H.assert_exact({ 1, 6.123233995736766e-17 }, collide.sincos(math.pi / 2))
    H.assert_exact({ -1, 6.123233995736766e-17 }, collide.sincos(-math.pi / 2))
    H.assert_exact({ 1.2246467991473532e-16, -1 }, collide.sincos(math.pi))
    H.assert_exact({ 0.7071067811865475, 0.7071067811865476 }, collide.sincos(math.pi / 4))
  end)

  it("gives x, 1 for tiny x, subnormals included", function()
    H.assert_exact({ 1e-300, 1 }, collide.sincos(1e-300))
    H.assert_exact({ -1e-300, 1 }, collide.sincos(-1e-300))
    H.assert_exact({ 5e-324, 1 }, collide.sincos(5e-324))
    H.assert_exact({ 1e-9, 1 }, collide.sincos(1e-9))
  end)

  it("reduces large angles exactly (the correctly rounded values)", function()
    H.assert_exact({ -0.34999350217129294, 0.9367521275331447 }, collide.sincos(1e6))
    H.assert_exact({ 0.8582727931702359, -0.5131937377869703 }, collide.sincos(1e15))
    H.assert_exact({ 0.8742173026236351, -0.4855348677422206 }, collide.sincos(4503599627370496))
    H.assert_exact({ -0.8522008497671888, 0.523214785395139 }, collide.sincos(1e22))
    H.assert_exact({ 0.004961954789184062, -0.9999876894265599 }, collide.sincos(1.7976931348623157e308))
    -- the double nearest a multiple of pi/2 of all (Muller, Elementary Functions, 11.3)
    local x = 6381956970095103.0 -- a float: an integer would wrap
    for _ = 1, 797 do x = x * 2 end
    H.assert_exact({ 1, -4.687165924254628e-19 }, collide.sincos(x))
  end)

  it("gives nan for nan, inf and -inf, as math.sin does", function()
    for _, x in ipairs({ 0 / 0, huge, -huge }) do
      local s, c = collide.sincos(x)
      assert.is_true(s ~= s and c ~= c, tostring(x))
    end
  end)

  it("is odd and even to the bit", function()
    local r = H.rng(7)
    for _ = 1, 500 do
      local x = r(-1e7, 1e7)
      local s, c = collide.sincos(x)
      local ns, nc = collide.sincos(-x)
      assert.are.same({ bits(-s), bits(c) }, { bits(ns), bits(nc) })
    end
  end)

  it("is within 1 ulp of a double-double reference on random angles", function()
    local r = H.rng(20261202)
    local worst = 0
    for i = 1, 3000 do
      local x = i <= 2000 and r(-8, 8) or r(-1e6, 1e6)
      local s, c = collide.sincos(x)
      local sh, sl, ch, cl = reference(x)
      local e = math.max(ulps(s, sh, sl), ulps(c, ch, cl))
      if e > worst then worst = e end
      assert.is_true(e <= 1, ("%.17g: %.3f ulp"):format(x, e))
    end
    -- the measure is not blind: the roundings show, up to about 0.75 ulp
    assert.is_true(worst > 0.4 and worst <= 1, ("worst %.3f ulp"):format(worst))
  end)

  it("agrees with the reference's own check points", function()
    local sh, sl, ch, cl = reference(math.pi / 4)
    assert.are.equal(0.7071067811865475, sh + sl)
    assert.are.equal(0.7071067811865476, ch + cl)
    sh, sl, ch, cl = reference(1e6)
    assert.are.equal(-0.34999350217129294, sh + sl)
    assert.are.equal(0.9367521275331447, ch + cl)
  end)

  it("refuses what is not a number", function()
    assert.has_error(function() collide.sincos() end,
      "bad argument #1 to 'sincos' (number expected, got no value)")
    assert.has_error(function() collide.sincos(nil) end,
      "bad argument #1 to 'sincos' (number expected, got nil)")
    assert.has_error(function() collide.sincos("1") end,
      "bad argument #1 to 'sincos' (number expected, got string)")
    assert.has_error(function() collide.sincos({}) end,
      "bad argument #1 to 'sincos' (number expected, got table)")
  end)
end)

-- the C library's atan2, an independent reference within an ulp or so:
-- math.atan2 in Lua 5.1, 5.2 and LuaJIT, math.atan(y, x) from Lua 5.3
local libm_atan2 = math.atan2 or math.atan

-- atan2(y, x) as a double-double: the C library's angle a, then one
-- Newton step on f(a) = x sin a - y cos a (zero at the angle, slope
-- x cos a + y sin a = |(x, y)|) with the reference's sine and cosine; for
-- |x|, |y| within [2^-300, 2^300] and an angle not tiny, what is left is
-- far below 2^-80 of the angle
local function atan2_reference(y, x)
  local a = libm_atan2(y, x)
  local sh, sl, ch, cl = reference(a)
  local ph, pl = dd_mul(x, 0, sh, sl)
  local qh, ql = dd_mul(y, 0, ch, cl)
  local fh = dd_add(ph, pl, -qh, -ql)
  return a, -fh / (x * ch + y * sh)
end

describe("collide.atan2()", function()
  local pi = math.pi

  it("gives C's signed zeros and multiples of pi on the x axis", function()
    local zero = 0.0
    assert.are.same({ "0", "-0" }, { bits(collide.atan2(zero, 1)), bits(collide.atan2(-zero, 1)) })
    assert.are.same({ "0", "-0" }, { bits(collide.atan2(zero, zero)), bits(collide.atan2(-zero, zero)) })
    H.assert_exact({ pi, -pi }, collide.atan2(zero, -1), collide.atan2(-zero, -1))
    H.assert_exact({ pi, -pi }, collide.atan2(zero, -zero), collide.atan2(-zero, -zero))
    assert.are.same({ "0", "-0" }, { bits(collide.atan2(zero, huge)), bits(collide.atan2(-zero, huge)) })
    H.assert_exact({ pi, -pi }, collide.atan2(zero, -huge), collide.atan2(-zero, -huge))
  end)

  it("gives the doubles nearest pi/4, pi/2 and 3 pi/4 on the axes and diagonals", function()
    local zero = 0.0
    H.assert_exact({ pi / 4, 0.7853981633974483 }, collide.atan2(1, 1), collide.atan2(3e-300, 3e-300))
    H.assert_exact({ 2.356194490192345, -2.356194490192345 }, collide.atan2(1, -1), collide.atan2(-1, -1))
    H.assert_exact({ -pi / 4 }, collide.atan2(-1e300, 1e300))
    H.assert_exact({ pi / 2, -pi / 2 }, collide.atan2(1, zero), collide.atan2(-1, zero))
    H.assert_exact({ pi / 2, -pi / 2 }, collide.atan2(5e-324, -zero), collide.atan2(-1e308, -zero))
  end)

  it("gives C's values for the infinities", function()
    H.assert_exact({ pi / 2, -pi / 2 }, collide.atan2(huge, 1), collide.atan2(-huge, -1))
    H.assert_exact({ pi / 4, -pi / 4 }, collide.atan2(huge, huge), collide.atan2(-huge, huge))
    H.assert_exact({ 2.356194490192345, -2.356194490192345 },
      collide.atan2(huge, -huge), collide.atan2(-huge, -huge))
    assert.are.same({ "0", "-0" }, { bits(collide.atan2(1e308, huge)), bits(collide.atan2(-1, huge)) })
    H.assert_exact({ pi, -pi }, collide.atan2(1, -huge), collide.atan2(-1e308, -huge))
  end)

  it("gives nan when either argument is nan", function()
    local nan = 0 / 0
    for _, yx in ipairs({ { nan, 1 }, { 1, nan }, { nan, nan }, { nan, huge }, { huge, nan }, { 0, nan } }) do
      local a = collide.atan2(yx[1], yx[2])
      assert.is_true(a ~= a, tostring(yx[1]) .. ", " .. tostring(yx[2]))
    end
  end)

  it("gives the correctly rounded values at a few points", function()
    -- from a 200-bit evaluation
    H.assert_exact({ 0.4636476090008061 }, collide.atan2(1, 2))
    H.assert_exact({ 0.6435011087932844 }, collide.atan2(3, 4))
    H.assert_exact({ 1.0471975511965976 }, collide.atan2(math.sqrt(3), 1))
    H.assert_exact({ -2.0344439357957027 }, collide.atan2(-2, -1))
    H.assert_exact({ 1.5707953267948966 }, collide.atan2(1e6, 1))
  end)

  it("gives y / x for tiny quotients, down to the underflow to zero", function()
    H.assert_exact({ 1e-300, 5e-324, -5e-324 },
      collide.atan2(1e-300, 1), collide.atan2(5e-324, 1), collide.atan2(-5e-324, 1))
    H.assert_exact({ 1e-20 }, collide.atan2(1e-20, 1))
    assert.are.same({ "0", "-0" }, { bits(collide.atan2(5e-324, 1e308)), bits(collide.atan2(-1e-300, 1e300)) })
    H.assert_exact({ pi, pi / 2 }, collide.atan2(5e-324, -1e308), collide.atan2(1e300, 1e-300))
  end)

  it("is odd in y to the bit and the same for (y, x) scaled by any power of two", function()
    local r = H.rng(11)
    for _ = 1, 500 do
      local y, x = r(-4, 4), r(-4, 4)
      local a = collide.atan2(y, x)
      assert.are.equal(bits(-a), bits(collide.atan2(-y, x)))
      for _, k in ipairs({ -1070, -600, -80, 3, 200, 1020 }) do
        local p = 2 ^ k
        if x * p ~= 0 and y * p ~= 0 and (x * p) / p == x and (y * p) / p == y
            and math.abs(x * p) < huge and math.abs(y * p) < huge then
          assert.are.equal(bits(a), bits(collide.atan2(y * p, x * p)))
        end
      end
    end
  end)

  it("is within 1 ulp of a double-double reference on random arguments", function()
    local r = H.rng(20261203)
    local worst = 0
    for i = 1, 3000 do
      local y, x
      if i <= 1500 then
        y, x = r(-2, 2), r(-2, 2)
      else
        -- quotients of every size from 2^-30 to 2^30, near the breakpoints too
        local t = 2 ^ r(-30, 30)
        x = (r(0, 1) < 0.5 and -1 or 1) * 2 ^ r(-200, 200)
        y = (r(0, 1) < 0.5 and -1 or 1) * math.abs(x) * t
      end
      local got = collide.atan2(y, x)
      local hi, lo = atan2_reference(y, x)
      local e = ulps(got, hi, lo)
      if e > worst then worst = e end
      assert.is_true(e <= 1, ("atan2(%.17g, %.17g): %.3f ulp"):format(y, x, e))
    end
    -- the measure is not blind: the roundings show, up to about half an ulp
    assert.is_true(worst > 0.4 and worst <= 1, ("worst %.3f ulp"):format(worst))
  end)

  it("is within 1 ulp of the C library's atan2", function()
    local r = H.rng(20261204)
    for i = 1, 3000 do
      local y, x
      if i <= 1000 then
        y, x = r(-1, 1), r(-1, 1)
      else
        y = (r(0, 1) < 0.5 and -1 or 1) * 2 ^ r(-300, 300)
        x = (r(0, 1) < 0.5 and -1 or 1) * 2 ^ r(-300, 300)
      end
      local got, want = collide.atan2(y, x), libm_atan2(y, x)
      if want ~= 0 and math.abs(want) > 2 ^ -1000 then
        assert.is_true(math.abs(got - want) <= ulp(want),
          ("atan2(%.17g, %.17g): %.17g, the C library %.17g"):format(y, x, got, want))
      end
    end
  end)

  it("refuses what is not a number", function()
    assert.has_error(function() collide.atan2() end,
      "bad argument #1 to 'atan2' (number expected, got no value)")
    assert.has_error(function() collide.atan2(1) end,
      "bad argument #2 to 'atan2' (number expected, got no value)")
    assert.has_error(function() collide.atan2("1", 1) end,
      "bad argument #1 to 'atan2' (number expected, got string)")
    assert.has_error(function() collide.atan2(1, {}) end,
      "bad argument #2 to 'atan2' (number expected, got table)")
  end)
end)

describe("collide.axis_angle()", function()
  local S, C = 0.7071067811865475, 0.7071067811865476   -- sin, cos of pi/4

  it("gives (axis sin(a/2), cos(a/2)) for unit axes", function()
    H.assert_exact({ 0, S, 0, C }, collide.axis_angle(0, 1, 0, math.pi / 2))
    H.assert_exact({ S, 0, 0, C }, collide.axis_angle(1, 0, 0, math.pi / 2))
    H.assert_exact({ 0, 0, -S, C }, collide.axis_angle(0, 0, -1, math.pi / 2))
    H.assert_exact({ 0, 0, 1, 6.123233995736766e-17 }, collide.axis_angle(0, 0, 1, math.pi))
    H.assert_exact({ 0, -1, 0, 6.123233995736766e-17 }, collide.axis_angle(0, 1, 0, -math.pi))
    H.assert_exact({ 0, 0, 0, 1 }, collide.axis_angle(0, 1, 0, 0))
  end)

  it("gives its zeros as 0, not -0", function()
    local q = H.pack(collide.axis_angle(-1, 0, 0, 0))
    assert.are.same({ "0", "0", "0", "1" }, { bits(q[1]), bits(q[2]), bits(q[3]), bits(q[4]) })
  end)

  it("builds the half angle with collide.sincos", function()
    local s, c = collide.sincos(1.25)
    H.assert_exact({ 0, s, 0, c }, collide.axis_angle(0, 1, 0, 2.5))
    s, c = collide.sincos(-3e5)
    H.assert_exact({ s, 0, 0, c }, collide.axis_angle(1, 0, 0, -6e5))
  end)

  it("normalises the axis", function()
    H.assert_exact({ 0, S, 0, C }, collide.axis_angle(0, 5, 0, math.pi / 2))
    H.assert_exact({ 0, 0, S, C }, collide.axis_angle(0, 0, 1e-300, math.pi / 2))
    H.assert_exact({ 0, 0, S, C }, collide.axis_angle(0, 0, 5e-324, math.pi / 2))
    H.assert_exact({ S, 0, 0, C }, collide.axis_angle(1e308, 0, 0, math.pi / 2))
    local s, c = collide.sincos(0.5)
    local x, y, z, w = collide.axis_angle(3, 0, 4, 1)
    H.assert_vals({ 0.6 * s, 0, 0.8 * s, c }, 1e-16, x, y, z, w)
    assert.are.equal(c, w)
    assert.is_true(math.abs(x * x + y * y + z * z + w * w - 1) <= 4.5e-16)
    -- a diagonal axis: every component the same
    x, y, z = collide.axis_angle(-2, -2, -2, 2)
    assert.are.equal(x, y)
    assert.are.equal(y, z)
  end)

  it("takes the axis in every vector form", function()
    for _, form in ipairs(H.vector_forms(0, 1, 0)) do
      local args = H.args(form.args, H.pack(math.pi / 2))
      H.assert_exact({ 0, S, 0, C }, collide.axis_angle(H.unpack(args)))
    end
  end)

  it("gives a rotation the shapes take", function()
    local o = collide.obb(0, 0, 0, 1, 1, 1, collide.axis_angle(0, 1, 0, math.pi / 2))
    H.assert_vals({ 0, 0, -1, 0, 1, 0, 1, 0, 0 }, 1e-15, o:axes())
  end)

  it("refuses a bad axis or angle", function()
    assert.has_error(function() collide.axis_angle() end,
      "bad argument #1 to 'axis_angle' (vector expected, got no value)")
    assert.has_error(function() collide.axis_angle(0, 1, 0) end,
      "bad argument #4 to 'axis_angle' (number expected, got no value)")
    assert.has_error(function() collide.axis_angle(0, 1, 0, "1") end,
      "bad argument #4 to 'axis_angle' (number expected, got string)")
    assert.has_error(function() collide.axis_angle({ 0, 1, 0 }, nil) end,
      "bad argument #2 to 'axis_angle' (number expected, got nil)")
    assert.has_error(function() collide.axis_angle(0, 0, 0, 1) end,
      "bad argument #1 to 'axis_angle' (zero axis)")
    assert.has_error(function() collide.axis_angle({ 0, 0, 0 }, 1) end,
      "bad argument #1 to 'axis_angle' (zero axis)")
    assert.has_error(function() collide.axis_angle(huge, 0, 0, 1) end,
      "bad argument #1 to 'axis_angle' (finite number expected, got inf)")
    assert.has_error(function() collide.axis_angle(0, 0 / 0, 0, 1) end,
      "bad argument #2 to 'axis_angle' (finite number expected, got nan)")
    assert.has_error(function() collide.axis_angle(0, 1, 0, -huge) end,
      "bad argument #4 to 'axis_angle' (finite number expected, got -inf)")
    assert.has_error(function() collide.axis_angle({ 0, 1, 0 }, 0 / 0) end,
      "bad argument #2 to 'axis_angle' (finite number expected, got nan)")
  end)
end)
