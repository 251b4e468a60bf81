-- Every Lua file of the module compiles under the interpreter running the
-- specs, whichever it is (`make test-all` runs this under 5.1 to 5.5 and
-- LuaJIT). Lua 5.5 rejects at compile time what older versions accepted
-- (a for-loop's variable is constant there: assigning to it is "attempt to
-- assign to const variable"), and a file that fails to compile fails
-- `require "collide"` as a whole, before any other spec can say why.
local lfs = require "lfs"

local function lua_files(dir)
  local files = {}
  for name in lfs.dir(dir) do
    if name:match("%.lua$") then files[#files + 1] = dir .. "/" .. name end
  end
  table.sort(files)
  return files
end

describe("the module's Lua files", function()
  local files = lua_files("lua/collide")

  it("are all found", function()
    local names = {}
    for i, f in ipairs(files) do names[i] = f:match("[^/]+$") end
    for _, expected in ipairs { "init.lua", "obj.lua", "scene.lua", "character.lua" } do
      local found = false
      for _, n in ipairs(names) do found = found or n == expected end
      assert.is_true(found, expected .. " not among " .. table.concat(names, " "))
    end
  end)

  for _, file in ipairs(files) do
    it(file .. " compiles under " .. _VERSION, function()
      local chunk, err = loadfile(file)
      assert.are.equal(nil, err)
      assert.are.equal("function", type(chunk))
    end)
  end

  it("load through require", function()
    local collide = require "collide"
    -- the OBJ reader's line loop (the code Lua 5.5 first rejected): a
    -- comment, a line continued by a backslash, CR LF endings
    local v, i = collide.load_obj("v 0 0 0 # origin\r\nv 1 0 \\\n 0\nv 0 1 0\nf 1 2 3\n")
    assert.are.same({ 0, 0, 0, 1, 0, 0, 0, 1, 0 }, v)
    assert.are.same({ 1, 2, 3 }, i)
  end)
end)
