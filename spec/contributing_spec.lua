-- CONTRIBUTING.md's tables follow the tree: the layout table names every
-- file of src/geometry, src/lua, lua/collide, tests and tools; the spec
-- table every file of spec/; the make-target table every mk/*.mk file;
-- and each file they name exists. A file added without a line in the
-- table, or removed with its line left, fails here.
local H = require "helpers"

local ls = H.ls

-- the rows of the markdown table whose header row starts with `first`:
-- {first cell, whole row}
local function table_rows(text, first)
  local rows, inside = {}, false
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    if not inside and line:match("^| " .. first:gsub("%p", "%%%0") .. " |") then
      inside = true
    elseif inside then
      if not line:match("^|") then break end
      if not line:match("^|%-") then rows[#rows + 1] = { cell = line:match("^|([^|]*)|"), row = line } end
    end
  end
  return rows
end

-- the `names` written in code spans of s
local function spans(s)
  local out = {}
  for name in s:gmatch("`([^`]+)`") do out[#out + 1] = name end
  return out
end

local function basename(path) return (path:match("([^/]+)$")) end

describe("the binding's includes", function()
  it("src/lua reads only the public headers, its own and fp.h", function()
    local files = H.ls("src/lua", "%.[ch]$")
    assert.is_true(#files > 0)
    for _, f in ipairs(files) do
      for name in H.read(f):gmatch('\n#include "([^"]+)"') do
        local ok = name:match("^collide/") or name:match("^l_[%w_]+%.h$") or name == "fp.h"
          or name == "lua.h" or name == "lauxlib.h"
        assert.is_truthy(ok, f .. " includes " .. name)
      end
    end
  end)
end)

describe("CONTRIBUTING.md", function()
  local text = H.read("CONTRIBUTING.md")

  it("names every file of the source folders in the layout table", function()
    local rows = table_rows(text, "path")
    assert.is_true(#rows > 0)
    local named = {}
    for _, r in ipairs(rows) do
      local folder = r.cell:match("`([^`]+)`")
      for _, name in ipairs(spans(r.row)) do
        named[folder .. name] = true
        named[folder .. (name:match("^(.-)/") or name)] = true
        -- "gjk.c/gjk.h": both
        for part in name:gmatch("[^/]+") do named[folder .. part] = true end
      end
    end
    local missing = {}
    for _, dir in ipairs({ "src/geometry/", "src/lua/", "lua/collide/", "tests/", "tools/", "library/" }) do
      for _, f in ipairs(ls(dir:sub(1, -2), "")) do
        if not named[dir .. basename(f)] then missing[#missing + 1] = f end
      end
    end
    assert.same({}, missing)
  end)

  it("names every spec file and shared spec file in the spec table, and only those", function()
    local named, listed = {}, {}
    for _, r in ipairs(table_rows(text, "file | what")) do
      for _, name in ipairs(spans(r.cell)) do
        if name:match("%.lua$") then named[name] = true; listed[#listed + 1] = name end
      end
    end
    local missing, gone = {}, {}
    for _, f in ipairs(ls("spec", "%.lua$")) do
      if not named[basename(f)] then missing[#missing + 1] = f end
    end
    for _, name in ipairs(listed) do
      if not io.open("spec/" .. name) then gone[#gone + 1] = name end
    end
    assert.same({}, missing)
    assert.same({}, gone)
  end)

  it("names every mk/*.mk file in the make-target table, and only those", function()
    local named, listed = {}, {}
    for _, r in ipairs(table_rows(text, "file | targets")) do
      local name = r.cell:match("`(mk/[^`]+)`")
      if name then named[name] = true; listed[#listed + 1] = name end
    end
    local missing, gone = {}, {}
    for _, f in ipairs(ls("mk", "%.mk$")) do
      if not named[f] then missing[#missing + 1] = f end
    end
    for _, name in ipairs(listed) do
      if not io.open(name) then gone[#gone + 1] = name end
    end
    assert.same({}, missing)
    assert.same({}, gone)
  end)

  it("states the commit-message rule", function()
    assert.truthy(text:find("in at most 72 characters", 1, true))
    assert.truthy(text:find("imperative", 1, true))
  end)
end)
