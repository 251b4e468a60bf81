-- The same bits on every build: a fixed game (spec/game.lua) played through
-- every kind of query, its results written exactly and hashed per
-- section, against the hashes committed in it (game.EXPECTED). Every Lua
-- (5.1 to 5.5, LuaJIT with and without its FFI path) and every build CI
-- makes (x86-64, arm64 under qemu, Windows under wine, WebAssembly under
-- node, the portable C without SSE2, C++) must give them
-- (doc/determinism.md).
--
-- A change that alters a result on purpose changes them: spec/game.lua
-- says how to print the new ones.
local collide = require "collide"
local game = require "game"

local EXPECTED, lines = game.EXPECTED, game.lines

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

  it("compiles every C file of src/ with fp.h first: no fused multiply-add", function()
    local H = require "helpers"
    local files = {}
    for _, dir in ipairs({ "src/geometry", "src/lua" }) do
      for _, f in ipairs(H.ls(dir, "%.c$")) do files[#files + 1] = f end
    end
    assert.is_true(#files > 0)
    for _, f in ipairs(files) do
      assert.are.equal(f .. ': #include "fp.h"', f .. ": " .. H.read(f):match("\n(#include [^\n]*)"))
    end
    -- and fp.h turns contraction off for each compiler family
    local fp = H.read("src/geometry/fp.h")
    assert.truthy(fp:find("#pragma STDC FP_CONTRACT OFF", 1, true))
    assert.truthy(fp:find('#pragma GCC optimize ("fp-contract=off")', 1, true))
    assert.truthy(fp:find("#pragma fp_contract (off)", 1, true))
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
