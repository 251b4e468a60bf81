-- library/collide.lua against the documentation: every `collide.*` call and
-- every method call written in README.md and doc/*.md must fit a signature
-- the definitions declare, by argument count, as lua-language-server's
-- redundant-parameter and missing-parameter checks count them; every
-- method named must be declared on a class; and a `local a, b, c = call`
-- must not take more results than the call declares. The definitions are
-- parsed, not listed here, so a new shape's declarations are checked as
-- soon as they are written.
--
-- What is parsed, in library/collide.lua: a `---@class NAME[: PARENT, ...]`
-- block before `local VAR = {}` names VAR's class; the `---@` lines before
-- `function VAR.name(...)` or `function VAR:name(...)` give its parameters
-- (`---@param name? type` or a type ending in `?` or `|nil` is optional, a
-- parameter without `?` is required, `...` takes any number), its results
-- (`---@return`, one or more per line) and its other forms (`---@overload
-- fun(...): ...`).
--
-- In the documentation: ```lua blocks and `inline code`. Optional arguments
-- written `[x]` must fit with and without them; a call written with `...`
-- or `…` among its arguments is checked for its name only.

local INF = math.huge

local H = require "helpers"
local read = H.read

-- s split at the commas outside brackets and quotes, each part trimmed;
-- "" gives no parts
local function split_top(s)
  local parts, depth, start, i, quote = {}, 0, 1, 1, nil
  while i <= #s do
    local c = s:sub(i, i)
    if quote then
      if c == "\\" then i = i + 1 elseif c == quote then quote = nil end
    elseif c == '"' or c == "'" then
      quote = c
    elseif c == "(" or c == "{" or c == "[" or c == "<" then
      depth = depth + 1
    elseif c == ")" or c == "}" or c == "]" or c == ">" then
      depth = depth - 1
    elseif c == "," and depth == 0 then
      parts[#parts + 1] = s:sub(start, i - 1)
      start = i + 1
    end
    i = i + 1
  end
  parts[#parts + 1] = s:sub(start)
  local out = {}
  for _, p in ipairs(parts) do
    p = p:match("^%s*(.-)%s*$")
    if p ~= "" then out[#out + 1] = p end
  end
  return out
end

-- the text after the "(" at position open up to its matching ")", and the
-- position after it; nil when unclosed
local function balanced(s, open)
  local depth, i, quote = 0, open, nil
  while i <= #s do
    local c = s:sub(i, i)
    if quote then
      if c == "\\" then i = i + 1 elseif c == quote then quote = nil end
    elseif c == '"' or c == "'" then
      quote = c
    elseif c == "(" or c == "{" or c == "[" then
      depth = depth + 1
    elseif c == ")" or c == "}" or c == "]" then
      depth = depth - 1
      if depth == 0 then return s:sub(open + 1, i - 1), i + 1 end
    end
    i = i + 1
  end
end

-- ---------------------------------------------------------------- definitions

-- the number of results a `---@return` line (or an overload's result list)
-- declares; INF for `...`
local function count_results(list)
  local n = 0
  for _, r in ipairs(split_top(list)) do
    local _, name = r:match("^(%S+)%s*(%S*)")
    if r:match("^%.%.%.") or name == "..." then return INF end
    n = n + 1
  end
  return n
end

-- {min, max} of a parameter list: names with `?` or types ending in `?` or
-- holding nil are optional; `...` makes max infinite
local function arity(params)
  local min, max = 0, 0
  for i, p in ipairs(params) do
    if p.name == "..." then
      max = INF
    else
      max = max + 1
      if not p.optional then min = i end
    end
  end
  return min, max
end

local function optional_type(t)
  return t ~= nil and (t:match("%?$") ~= nil or ("|" .. t .. "|"):match("|nil|") ~= nil)
end

-- library/collide.lua as {classes = {NAME = {parents, methods}}, functions
-- = {NAME = {forms}}}; a form is {min, max, results}
local function parse_definitions(text)
  local classes, module = {}, {}
  local var_class = {}
  local block = {}
  local function class_of_block()
    local name, parents
    for _, l in ipairs(block) do
      local n, rest = l:match("^%-%-%-@class%s+([%w_.]+)%s*:?%s*(.*)$")
      if n then name, parents = n, rest end
    end
    return name, parents
  end
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    if line:match("^%-%-%-") then
      block[#block + 1] = line
    else
      local var = line:match("^local ([%w_]+) = {}")
      local owner, sep, fname, plist = line:match("^function ([%w_]+)([.:])([%w_]+)%((.-)%)")
      if var then
        local name, parents = class_of_block()
        if name then
          var_class[var] = name
          local c = classes[name] or { parents = {}, methods = {} }
          for p in (parents or ""):gmatch("[%w_.]+") do c.parents[#c.parents + 1] = p end
          classes[name] = c
        end
      elseif owner then
        local annotated, results, overloads = {}, 0, {}
        for _, l in ipairs(block) do
          local pname, q, ptype = l:match("^%-%-%-@param%s+([%w_.]+)(%??)%s*(%S*)")
          if pname then annotated[pname] = { optional = q == "?" or optional_type(ptype) } end
          local r = l:match("^%-%-%-@return%s+(.*)$")
          if r then results = results + count_results(r) end
          local o = l:match("^%-%-%-@overload%s+fun(%(.*)$")
          if o then overloads[#overloads + 1] = o end
        end
        local params = {}
        for _, p in ipairs(split_top(plist)) do
          params[#params + 1] = { name = p, optional = annotated[p] and annotated[p].optional or false }
        end
        local min, max = arity(params)
        local forms = { { min = min, max = max, results = results } }
        for _, o in ipairs(overloads) do
          local inner, after = balanced(o, 1)
          local oparams = {}
          for _, p in ipairs(split_top(inner)) do
            local n, q, t = p:match("^([%w_.]+)(%??)%s*:?%s*(.*)$")
            oparams[#oparams + 1] = { name = n or p, optional = q == "?" or optional_type(t) }
          end
          if sep == ":" then
            -- LuaLS's convention: a method's other forms name self first
            assert(oparams[1] and oparams[1].name == "self",
              "library/collide.lua: an overload of " .. owner .. ":" .. fname .. " without self first")
            table.remove(oparams, 1)
          end
          local omin, omax = arity(oparams)
          local rlist = o:sub(after):match("^%s*:%s*(.*)$")
          forms[#forms + 1] = { min = omin, max = omax, results = rlist and count_results(rlist) or 0 }
        end
        local cname = var_class[owner]
        assert(cname, "library/collide.lua: function " .. owner .. sep .. fname .. " of an undeclared class")
        if cname == "collide" and sep == "." then
          module[fname] = forms
        else
          assert(sep == ":", "library/collide.lua: " .. owner .. "." .. fname .. " should be a method")
          classes[cname].methods[fname] = forms
        end
      end
      block = {}
    end
  end
  return { classes = classes, functions = module }
end

-- every form of the method name on any class (inherited ones included)
local function method_forms(defs, name)
  local forms = {}
  for _, c in pairs(defs.classes) do
    for _, f in ipairs(c.methods[name] or {}) do forms[#forms + 1] = f end
  end
  return forms
end

-- ---------------------------------------------------------------- documentation

-- the Lua of a markdown text: {line, code} for each ```lua block and each
-- inline code span outside other fenced blocks
local function lua_snippets(text)
  local out, n, fence, lines = {}, 0, nil, nil
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    n = n + 1
    local f = line:match("^%s*```(%S*)%s*$")
    if fence then
      if f == "" then
        if fence == "lua" then out[#out + 1] = { line = lines.first, code = table.concat(lines, "\n") } end
        fence = nil
      elseif fence == "lua" then
        lines[#lines + 1] = line
      end
    elseif f then
      fence, lines = f, { first = n + 1 }
    else
      for span in line:gmatch("``?([^`]+)``?") do out[#out + 1] = { line = n, code = span } end
    end
  end
  return out
end

-- the calls written in code: {kind = "function"|"method", name, args =
-- {min, max} or nil when written with an ellipsis, results = the number
-- of names a `local ... =` assigns from it, or nil}
local function calls_in(code)
  local calls = {}
  local pos = 1
  while true do
    local s, e, dot, name = code:find("([.:])([%a_][%w_]*)%s*%(", pos)
    if not s then break end
    local before = code:sub(1, s - 1)
    local kind
    if dot == "." and before:match("%f[%w_]collide$") and not before:match("[%w_.]collide$") then
      kind = "function"
    elseif dot == ":" and before:match("[%w_%]%)]$") and not before:match("::$") then
      kind = "method"
    end
    local inner, after = balanced(code, e)
    if kind and inner then
      local call = { kind = kind, name = name }
      if not (inner:find("...", 1, true) or inner:find("…", 1, true)) then
        local min, max = 0, 0
        for _, a in ipairs(split_top(inner)) do
          max = max + 1
          -- [x] is an optional argument; [[...]] and [=[...]=] are strings
          if not (a:match("^%[.*%]$") and not a:match("^%[=*%[")) then min = max end
        end
        call.args = { min = min, max = max }
      end
      -- `local a, b, c = <this call>` with nothing after the call on its line
      local line_start = before:match(".*\n()") or 1
      local head = code:sub(line_start, s - 1)
      local lhs = head:match("^%s*local%s+([%w_,%s]+)=%s*[%w_.:%[%]\"']*$")
      local rest = code:sub(after):match("^[^\n]*")
      if lhs and rest:match("^%s*$") or lhs and rest:match("^%s*%-%-") then
        call.results = #split_top(lhs)
      end
      calls[#calls + 1] = call
    end
    pos = e + 1
  end
  return calls
end

local function fits(forms, call)
  if call.args then
    for n = call.args.min, call.args.max do
      local any = false
      for _, f in ipairs(forms) do
        if n >= f.min and n <= f.max and (not call.results or call.results <= f.results) then any = true end
      end
      if not any then return false end
    end
    return true
  end
  for _, f in ipairs(forms) do
    if not call.results or call.results <= f.results then return true end
  end
  return false
end

local function show_forms(forms)
  local out = {}
  for _, f in ipairs(forms) do
    out[#out + 1] = ("%d..%s args -> %s results"):format(f.min, f.max == INF and "n" or tostring(f.max),
      f.results == INF and "n" or tostring(f.results))
  end
  return table.concat(out, "; ")
end

-- every call of the documentation that fits no declared form, as lines
local function mismatches(defs, files)
  local bad, checked = {}, 0
  for _, path in ipairs(files) do
    for _, snip in ipairs(lua_snippets(read(path))) do
      for _, call in ipairs(calls_in(snip.code)) do
        checked = checked + 1
        local forms = call.kind == "function" and defs.functions[call.name] or method_forms(defs, call.name)
        local written = (call.kind == "function" and "collide." or ":") .. call.name
        if call.kind == "method" and #forms == 0 and (string[call.name] or io.stdout[call.name]) then
          -- a string's or a file's method, ("%d"):format(n): not collide's
          checked = checked - 1
        elseif forms == nil or #forms == 0 then
          bad[#bad + 1] = ("%s:%d: %s is not declared"):format(path, snip.line, written)
        elseif not fits(forms, call) then
          bad[#bad + 1] = ("%s:%d: %s with %s args%s fits none of: %s"):format(path, snip.line, written,
            call.args and (call.args.min == call.args.max and tostring(call.args.min)
              or call.args.min .. ".." .. call.args.max) or "any",
            call.results and (" and " .. call.results .. " results") or "", show_forms(forms))
        end
      end
    end
  end
  return bad, checked
end

-- ---------------------------------------------------------------- specs

describe("library/collide.lua against the documentation", function()
  local defs = parse_definitions(read("library/collide.lua"))

  describe("the parser", function()
    local sample = parse_definitions(table.concat({
      "---@class collide", "local collide = {}",
      "---@class collide.base", "local base = {}",
      "---@param x number|collide.vec3", "---@param y? number", "---@param z number?",
      "---@return number a, number b", "---@return integer c",
      "function base:f(x, y, z) end",
      "---@class collide.box: collide.base", "local box = {}",
      "---@return collide.box", "---@overload fun(a: number, b?: number): collide.box, integer",
      "function collide.box(p, q, r) end",
      "---@return number ... values", "function box:g(...) end",
      "---@param a number", "---@return integer", "---@overload fun(self: collide.box, a: number, b: number): string",
      "function box:h(a) end",
    }, "\n"))

    it("reads parameters, optional ones and results", function()
      assert.same({ { min = 1, max = 3, results = 3 } }, sample.classes["collide.base"].methods.f)
    end)

    it("reads overloads and unannotated (required) parameters", function()
      assert.same({ { min = 3, max = 3, results = 1 }, { min = 1, max = 2, results = 2 } },
        sample.functions.box)
    end)

    it("reads varargs and variadic results", function()
      assert.same({ { min = 0, max = INF, results = INF } }, sample.classes["collide.box"].methods.g)
      assert.same({ "collide.base" }, sample.classes["collide.box"].parents)
    end)

    it("drops self from a method's overloads", function()
      assert.same({ { min = 1, max = 1, results = 1 }, { min = 2, max = 2, results = 1 } },
        sample.classes["collide.box"].methods.h)
    end)

    it("finds calls, optional arguments, ellipses and assigned results", function()
      local calls = calls_in("local t, x = ray:cast(box, [cull]) -- hit\ncollide.load_obj([[v 1 2 3]])\n"
        .. "collide.aabb(0, 0, {1, 2}, f(a, b)); collide.frustum(p1, ..., p6)\nx.collide.no(1)\n"
        .. "local a = collide.sphere(1, 2, 3, 4):intersects(b)")
      assert.same({
        { kind = "method", name = "cast", args = { min = 1, max = 2 }, results = 2 },
        { kind = "function", name = "load_obj", args = { min = 1, max = 1 } },
        { kind = "function", name = "aabb", args = { min = 4, max = 4 } },
        { kind = "function", name = "frustum" },
        { kind = "function", name = "sphere", args = { min = 4, max = 4 } },
        { kind = "method", name = "intersects", args = { min = 1, max = 1 } },
      }, calls)
    end)

    it("finds the Lua of a markdown text", function()
      local snippets = lua_snippets("a `collide.x(1)` b\n```sh\nmake `y`\n```\n```lua\nz()\n```\n")
      assert.same({ { line = 1, code = "collide.x(1)" }, { line = 6, code = "z()" } }, snippets)
    end)
  end)

  it("declares every module function the module has", function()
    for name, v in pairs(require("collide")) do
      if type(v) == "function" then
        assert(defs.functions[name], "collide." .. name .. " is not declared in library/collide.lua")
      end
    end
  end)

  it("declares every collide.* call and method call of README.md and doc/*.md", function()
    local bad, checked = mismatches(defs, H.doc_files())
    assert.is_true(checked > 0)
    assert.same({}, bad)
  end)
end)
