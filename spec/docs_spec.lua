-- spec/docs_spec.lua: the Lua examples of the documentation run as written.
--
-- Every ```lua block of README.md and doc/*.md is run against the built
-- module, and what it prints must be what its `--> ...` comments say, in
-- order: one `-->` comment a printed line, runs of spaces and tabs counting
-- as one space, numbers as Lua 5.4 prints them. A block whose first line is `-- not run` (a LÖVE program, a
-- fragment, paths of the reader's own) is skipped. CONTRIBUTING.md says so.

local H = require "helpers"
local read = H.read
local DOCS = H.doc_files()
local SKIP = "-- not run"

-- the ```lua blocks of a markdown text: {line = first line, code = text,
-- skip = an HTML comment saying "not run here" ends the line before it}
local function lua_blocks(text)
  local blocks, current, n, before = {}, nil, 0, ""
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    n = n + 1
    if current then
      if line:match("^%s*```%s*$") then
        blocks[#blocks + 1] = current
        current = nil
      else
        current.lines[#current.lines + 1] = line
      end
    elseif line:match("^%s*```lua%s*$") then
      current = { line = n + 1, lines = {}, skip = before:find("not run here", 1, true) ~= nil
        and before:match("%-%->%s*$") ~= nil }
    end
    before = line
  end
  assert(current == nil, "a ```lua block is not closed")
  for _, b in ipairs(blocks) do b.code = table.concat(b.lines, "\n") end
  return blocks
end

-- The outputs are written as Lua 5.4 prints them; before 5.3 a float with
-- an integral value prints without its ".0" (2.0 prints 2), so there both
-- sides drop it
local integral_floats = math.type ~= nil
local function squeeze(s)
  s = s:gsub("[ \t]+", " "):gsub("^ ", ""):gsub(" $", "")
  if not integral_floats then s = s:gsub("(%d)%.0%f[^%d]", "%1") end
  return s
end

-- the `--> ...` comments of a block, in order
local function expected_output(code)
  local out = {}
  for line in (code .. "\n"):gmatch("([^\n]*)\n") do
    local e = line:match("%-%->(.*)$")
    if e then out[#out + 1] = squeeze(e) end
  end
  return out
end

-- runs code with a print that records lines; returns them or raises
local function run(code, name)
  local printed = {}
  local env = setmetatable({}, { __index = _G })
  env.print = function(...)
    local parts = {}
    for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
    printed[#printed + 1] = squeeze(table.concat(parts, "\t"))
  end
  local chunk, err
  if setfenv then
    chunk, err = loadstring(code, "=" .. name)
    if chunk then setfenv(chunk, env) end
  else
    chunk, err = load(code, "=" .. name, "t", env)
  end
  assert(chunk, err)
  chunk()
  return printed
end

-- nil when code prints what its --> comments say, else what differs
local function check(code, name)
  local expected = expected_output(code)
  if #expected == 0 then
    return name .. ": no --> comment (mark it " .. SKIP .. " if it is not meant to run)"
  end
  local ok, printed = pcall(run, code, name)
  if not ok then return name .. ": " .. tostring(printed) end
  local n = math.max(#expected, #printed)
  for i = 1, n do
    if expected[i] ~= printed[i] then
      return ("%s: output line %d\nexpected: %s\n   got: %s"):format(name, i,
        tostring(expected[i]), tostring(printed[i]))
    end
  end
  return nil
end

describe("documentation examples", function()
  local total, skipped = 0, 0
  for _, path in ipairs(DOCS) do
    do
      local text = read(path)
      for _, block in ipairs(lua_blocks(text)) do
        local name = ("%s:%d"):format(path, block.line)
        total = total + 1
        if block.skip or block.lines[1] and block.lines[1]:sub(1, #SKIP) == SKIP then
          skipped = skipped + 1
        else
          it("runs " .. name .. " and prints what its --> comments say", function()
            local problem = check(block.code, name)
            assert(problem == nil, problem)
          end)
        end
      end
    end
  end

  it("finds the documentation and its examples", function()
    local found = {}
    for _, path in ipairs(DOCS) do found[path] = true end
    for _, path in ipairs { "README.md", "doc/reference.md", "doc/scene.md", "doc/mesh.md" } do
      assert.is_true(found[path], path)
    end
    -- README's five lines, the reference's, the scene's and the mesh's at the least
    assert.is_true(total - skipped >= 4, ("%d blocks, %d skipped"):format(total, skipped))
  end)
end)

describe("the docs spec's own reading", function()
  it("takes ```lua blocks and their --> comments, and nothing else", function()
    local blocks = lua_blocks("text\n```lua\nprint(1)  --> 1\n```\n```sh\nmake\n```\n```lua\n-- not run\nx()\n```\n")
    assert.are.equal(2, #blocks)
    assert.are.equal(3, blocks[1].line)
    assert.are.same({ "1" }, expected_output(blocks[1].code))
    assert.are.equal(SKIP, blocks[2].lines[1])
  end)

  it("compares printed lines with runs of blanks squeezed", function()
    assert.are.same({ "a b c" }, run('print("a", "b  c ")', "t"))
    assert.are.same({ "0.5 -1" }, expected_output("x() -->   0.5   -1  "))
  end)

  it("reports a wrong output, a missing line, an error and a block without -->", function()
    assert.is_nil(check("print(('%g'):format(2))  --> 2", "t"))
    assert.are.equal("t: output line 1\nexpected: 3\n   got: 2",
                     check("print(('%g'):format(2))  --> 3", "t"))
    assert.are.equal("t: output line 2\nexpected: 4\n   got: nil",
                     check("print(2)  --> 2\n-- --> 4", "t"))
    assert.are.equal("t: output line 2\nexpected: nil\n   got: 2",
                     check("print(2) --> 2\nprint(2)", "t"))
    assert.matches("^t: .*boom", check("error('boom') --> x", "t"))
    assert.are.equal("t: no --> comment (mark it -- not run if it is not meant to run)", check("print(1)", "t"))
  end)
end)
