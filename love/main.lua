-- A headless LÖVE 11 game that loads collide (the LuaJIT build), runs
-- love/suite.lua inside LÖVE and exits with 0 when every check passes, 1
-- otherwise. `make test-love` runs it five ways (see tools/test_love.sh):
--   love love/              from the tree: build/luajit/collide/core.so
--   love GAME_DIR           a game folder holding collide/core.so and
--                           collide/*.lua: LÖVE's own loaders find them
--   love GAME.love          a zipped game beside collide/core.so: a C module
--                           cannot load from inside the zip, so package.cpath
--                           names the folder holding the .love (or the fused
--                           executable), love.filesystem.getSourceBaseDirectory()
--   love GAME.love          with collide/core.so in the save directory, where
--                           LÖVE's own C loader finds it

-- LÖVE searches the game (folder or zip) first, with its own loaders; these
-- are only tried after them.
local base = love.filesystem.getSourceBaseDirectory()
package.cpath = base .. "/?.so;" .. base .. "/build/luajit/?.so;" .. package.cpath
package.path = base .. "/lua/?.lua;" .. base .. "/lua/?/init.lua;" .. package.path

local function say(line)
  io.write(line, "\n")
  io.flush()
end

-- love.run's loop returns the status LÖVE exits with; no event loop, no window
function love.run()
  local status = 1
  local ok, err = pcall(function()
    local major, minor, revision = love.getVersion()
    say(string.format("LÖVE %d.%d.%d, %s, %s", major, minor, revision,
      jit and jit.version or _VERSION, love.filesystem.isFused() and "fused" or "not fused"))
    local where = package.preload["collide.core"] and "package.preload (the release archive's lines)"
      or love.filesystem.getInfo("collide/core.so") and "LÖVE's loader (game or save directory)"
      or "package.cpath"
    local collide = require "collide"
    say("collide.core loaded from " .. where)
    -- the FFI path takes its entry points from the loaded core, wherever it
    -- was loaded from (lua/collide/ffi.lua); make test-love requires it
    local info = collide.info()
    say(string.format("collide %s on %s, FFI path %s, SIMD %s", info.version, info.lua,
      info.ffi and "on" or "off", info.simd))
    local passed, failed, skipped = require("suite")(say)
    say(string.format("love: %d passed, %d failed, %d skipped", passed, failed, skipped))
    status = failed == 0 and 0 or 1
  end)
  if not ok then say("error: " .. tostring(err)) end
  return function() return status end
end
