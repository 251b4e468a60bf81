-- The same bits on every build: a fixed game (spec/game.lua) played through
-- every kind of query, its results written exactly and hashed per
-- section, against the hashes below. Every Lua (5.1 to 5.5, LuaJIT with
-- and without its FFI path) and every build CI makes (x86-64, arm64 under
-- qemu, Windows under wine, WebAssembly under node, the portable C
-- without SSE2) must give them (doc/determinism.md).
--
-- A change that alters a result on purpose (an algorithm, collide.epsilon)
-- changes these hashes: print the new ones with
--   lua5.4 spec/game.lua        (with lua/, spec/ and the module on the paths)
-- and say in the commit which results changed and why.
local collide = require "collide"
local game = require "game"

local EXPECTED = {
  { name = "narrow", count = 2757, hash = "2f433762805afb04" },
  { name = "mesh", count = 6119, hash = "d718ffccf7d061ea" },
  { name = "heightfield", count = 2904, hash = "6e72ac3e5eff33d9" },
  { name = "hull", count = 4251, hash = "d2c18b9b2f99c900" },
  { name = "contact", count = 6946, hash = "3b100926bae34396" },
  { name = "sweep", count = 1968, hash = "d5dc08663d55fd28" },
  { name = "scene", count = 2027, hash = "9ad380268c99d943" },
  { name = "character", count = 3574, hash = "da2e24a8e393d475" },
}

-- "name count hash" per section, one line each: a failure shows which
local function lines(sections)
  local out = {}
  for i, s in ipairs(sections) do out[i] = s.name .. " " .. s.count .. " " .. s.hash end
  return table.concat(out, "\n")
end

describe("determinism", function()
  describe("game.hex", function()
    it("writes doubles exactly, as C's %a writes normal ones", function()
      local hex = game.hex
      assert.are.equal("0x0p+0", hex(0))
      assert.are.equal("-0x0p+0", hex(-1 / (1 / 0)))   -- -0.0, which Lua 5.1 folds to 0
      assert.are.equal("0x1p+0", hex(1))
      assert.are.equal("-0x1.8p+1", hex(-3))
      assert.are.equal("0x1.999999999999ap-4", hex(0.1))
      assert.are.equal("0x1.fffffffffffffp+1023", hex(1.7976931348623157e308))
      assert.are.equal("0x1p-1022", hex(2.2250738585072014e-308))
      assert.are.equal("0x1p-1074", hex(2 ^ -1074))             -- subnormal, normalised
      assert.are.equal("0x1.8p-1073", hex(3 * 2 ^ -1074))
      assert.are.equal("inf", hex(1 / 0))
      assert.are.equal("-inf", hex(-1 / 0))
      assert.are.equal("nan", hex(0 / 0))
      assert.are.equal("0x1.4p+3", hex(10))                     -- an integer in Lua 5.3+
    end)

    -- Lua 5.1 has no %a, and some C libraries pad its digits
    local ok, one = pcall(string.format, "%a", 1)
    if ok and one == "0x1p+0" then
      it("agrees with string.format('%a') on normal numbers", function()
        local r = require("ref").rng(5)
        for _ = 1, 2000 do
          local x = r.uniform(-1, 1) * 2 ^ r.int(2000) / 2 ^ 1000
          assert.are.equal(string.format("%a", x), game.hex(x))
        end
      end)
    end
  end)

  it("plays the fixed game to the committed hashes", function()
    assert.are.equal(lines(EXPECTED), lines(game.play()))
  end)

  -- LuaJIT: the short tests computed in Lua through the FFI (ffi.lua) and
  -- the C functions they stand for give the same bits
  local core = require "collide.core"
  if collide.cast ~= core.cast then
    it("plays it to the same hashes with the classic functions in the FFI path's place", function()
      local swapped, saved = {}, {}
      for _, s in ipairs({ collide.aabb(0, 0, 0, 1, 1, 1), collide.sphere(0, 0, 0, 1),
                           collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0), collide.ray(0, 0, 0, 1, 0, 0) }) do
        local methods = debug.getmetatable(s).__index
        saved[methods] = { intersects = rawget(methods, "intersects"), cast = rawget(methods, "cast") }
        rawset(methods, "intersects", core.intersects)
        if rawget(methods, "cast") ~= nil then rawset(methods, "cast", core.cast) end
        swapped[#swapped + 1] = methods
      end
      local classic = setmetatable({ intersects = core.intersects, cast = core.cast }, { __index = collide })
      local ok, got = pcall(game.play, nil, classic)
      for _, methods in ipairs(swapped) do
        rawset(methods, "intersects", saved[methods].intersects)
        rawset(methods, "cast", saved[methods].cast)
      end
      assert(ok, got)
      assert.are.equal(lines(EXPECTED), lines(got))
    end)
  end
end)
