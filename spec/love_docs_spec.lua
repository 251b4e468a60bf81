-- The LÖVE recipe, the lines at the top of main.lua that load the binary
-- of the system the game runs on, is one text: the same, line for line,
-- in doc/love.md, doc/install.md, doc/release.md and the release
-- archive's README-LOVE.txt (where it is indented by four spaces, and
-- where make test-love and make test-dist copy it from to run it).
local H = require "helpers"

-- the lines of the lua block after the recipe's marker in a markdown file
local function from_markdown(path)
  local text = H.read(path)
  local at = text:find("<!-- the LÖVE recipe", 1, true)
  assert(at, path .. " has no LÖVE recipe")
  local block = text:match("```lua\n(.-)```", at)
  assert(block, path .. " has no lua block after the recipe's marker")
  local lines = {}
  for line in block:gmatch("([^\n]*)\n") do lines[#lines + 1] = line end
  return lines
end

local function from_archive_text(path)
  local lines, inside = {}, false
  for line in (H.read(path) .. "\n"):gmatch("([^\n]*)\n") do
    if line == "    -- at the top of main.lua, before the first require \"collide\":" then inside = true end
    if inside then lines[#lines + 1] = line:sub(5) end
    if inside and line == "    local collide = require \"collide\"" then break end
  end
  return lines
end

describe("the LÖVE recipe", function()
  local love = from_markdown("doc/love.md")

  it("is the lines that load the binary and require collide", function()
    assert.are.equal('-- at the top of main.lua, before the first require "collide":', love[1])
    assert.are.equal('local collide = require "collide"', love[#love])
    assert.is_true(#love >= 6)
  end)

  for _, path in ipairs({ "doc/install.md", "doc/release.md" }) do
    it("is the same in " .. path, function()
      assert.are.same(love, from_markdown(path))
    end)
  end

  it("is the same in the archive's README-LOVE.txt", function()
    assert.are.same(love, from_archive_text("tools/dist/README-LOVE.txt"))
  end)
end)
