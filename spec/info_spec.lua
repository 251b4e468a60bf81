-- collide.info(): which build and which path is running. Each field is
-- checked against a source other than the code that reports it: the
-- version against the rockspec, the Lua against the interpreter, the FFI
-- flag against which function collide.intersects is, the SIMD path
-- against the machine and the build's flags (NO_SSE2, as make passes it).
local collide = require "collide"
local core = require "collide.core"

-- the version the release rockspec in the top folder declares (the one
-- beside collide-scm-1.rockspec), without its revision ("0.1.0-1" -> "0.1.0")
local function rockspec_version()
  local names = {}
  for _, f in ipairs(require("helpers").ls(".", "^collide%-.*%.rockspec$")) do
    if not f:match("scm") then names[#names + 1] = f end
  end
  assert(#names == 1, "one release rockspec expected in the top folder, found " .. #names)
  local f = assert(io.open(names[1]))
  local text = f:read("*a")
  f:close()
  local v = assert(text:match('\nversion%s*=%s*"([^"]+)"'), "no version in " .. names[1])
  return (v:gsub("%-%d+$", ""))
end

local function machine()
  if jit then return jit.arch end
  -- (Windows has no uname; it names the processor in the environment)
  if package.config:sub(1, 1) == "\\" then return (os.getenv("PROCESSOR_ARCHITECTURE") or ""):lower() end
  local p = assert(io.popen("uname -m"))
  local m = p:read("*l")
  p:close()
  return m
end

describe("collide.info()", function()
  it("returns exactly version, lua, ffi and simd", function()
    local keys = {}
    for k in pairs(collide.info()) do keys[#keys + 1] = k end
    table.sort(keys)
    assert.same({ "ffi", "lua", "simd", "version" }, keys)
  end)

  it("reports the version the rockspec declares", function()
    assert.equal(rockspec_version(), collide.info().version)
  end)

  it("names the running Lua: LuaJIT's version string, else _VERSION", function()
    assert.equal(jit and jit.version or _VERSION, collide.info().lua)
    if jit then assert.truthy(collide.info().lua:match("^LuaJIT 2%.")) end
  end)

  it("reports the FFI path exactly when collide.intersects is not the core's", function()
    local ffi_on = collide.intersects ~= core.intersects
    assert.equal(ffi_on, collide.info().ffi)
    assert.equal(ffi_on, collide.cast ~= core.cast)
    if not jit then assert.is_false(collide.info().ffi) end
    if os.getenv("COLLIDE_NO_FFI") then assert.is_false(collide.info().ffi) end
  end)

  it("reports sse2 on x86-64 unless built with NO_SSE2, else portable", function()
    local m = machine()
    local sse2 = (m == "x64" or m == "x86_64" or m == "amd64")
      and (os.getenv("NO_SSE2") or "") == ""
    assert.equal(sse2 and "sse2" or "portable", collide.info().simd)
  end)

  it("returns a new table on each call, which the caller may change", function()
    local a = collide.info()
    a.version, a.ffi = "changed", "changed"
    local b = collide.info()
    assert.are_not.equal(a, b)
    assert.equal(rockspec_version(), b.version)
    assert.equal(collide.intersects ~= core.intersects, b.ffi)
  end)

  it("ignores its arguments", function()
    assert.same(collide.info(), collide.info(1, "x", {}))
  end)
end)
