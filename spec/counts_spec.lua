-- Counts written in prose follow the code: a number of shapes or kinds
-- must be the number of kinds in collide.h's cl_kind, and a number of
-- pairs of them the number of unordered pairs of kinds. Prose that names no
-- count cannot go stale, and is preferred; this catches the counts left.
-- Read: README.md, CONTRIBUTING.md, doc/*.md, and the comments and strings
-- of include/, src/, lua/, library/, spec/, mk/ and tools/ (CHANGELOG.md tells of
-- past versions, whose counts were theirs).
local H = require "helpers"

local WORDS = {
  one = 1, two = 2, three = 3, four = 4, five = 5, six = 6, seven = 7, eight = 8, nine = 9,
  ten = 10, eleven = 11, twelve = 12, fifteen = 15, ["twenty-one"] = 21, ["twenty-eight"] = 28,
  ["thirty-six"] = 36, ["forty-five"] = 45,
}

-- the kinds of cl_kind, in order
local function kinds()
  local body = assert(H.read("include/collide/collide.h"):match("typedef enum {(.-)} cl_kind;"))
  local list = {}
  for name in body:gmatch("CL_([%u_]+)") do
    if name == "NKINDS" then break end
    list[#list + 1] = name:lower()
  end
  return list
end

local function files()
  local list = { "README.md", "CONTRIBUTING.md" }
  for _, f in ipairs(H.doc_files()) do if f ~= "README.md" then list[#list + 1] = f end end
  for _, d in ipairs({ { "include/collide", "%.h$" }, { "src/geometry", "%.[ch]$" }, { "src/lua", "%.[ch]$" }, { "lua/collide", "%.lua$" },
                      { "library", "%.lua$" }, { "spec", "%.lua$" }, { "mk", "%.mk$" }, { "tools", "%.[%a]+$" } }) do
    for _, f in ipairs(H.ls(d[1], d[2])) do list[#list + 1] = f end
  end
  list[#list + 1] = "Makefile"
  return list
end

-- the phrases after a number that state a count of kinds or of pairs of
-- kinds ("six shapes", "the seven shape metatables", "21 unordered pairs");
-- not "six planes", "two shapes of a pair", "10,000 pairs"
local KIND_PHRASES = { shapes = true, kinds = true, ["shape kinds"] = true, ["shape types"] = true,
  ["shape metatables"] = true }
local PAIR_PHRASES = { pairs = true, ["unordered pairs"] = true, ["ordered pairs"] = true }

-- the counts of kinds and of pairs a text states: {line, n, what, text}
local function stated(text)
  local out, n = {}, 0
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    n = n + 1
    local words = {}
    -- words, "10,000" kept whole, a comma after a word dropped
    for w in line:lower():gmatch("[%w%-,]+") do words[#words + 1] = (w:gsub(",+$", "")) end
    for i, w in ipairs(words) do
      local value = tonumber(w) or WORDS[w]
      if value and not w:find(",") then
        local one, two = words[i + 1], words[i + 1] and words[i + 2] and words[i + 1] .. " " .. words[i + 2]
        local phrase = (one and KIND_PHRASES[one] or one and PAIR_PHRASES[one]) and one
          or (two and (KIND_PHRASES[two] or PAIR_PHRASES[two])) and two
        if phrase and KIND_PHRASES[phrase] and value >= 3 then
          out[#out + 1] = { line = n, n = value, what = "kinds", text = w .. " " .. phrase }
        elseif phrase and PAIR_PHRASES[phrase] and value >= 10 and value < 100 then
          out[#out + 1] = { line = n, n = value, what = "pairs", text = w .. " " .. phrase }
        end
      end
    end
  end
  return out
end

describe("counts in prose", function()
  local k = #kinds()

  it("reads the kinds from collide.h (these first, in this order)", function()
    local first = { "aabb", "obb", "plane", "triangle", "ray", "sphere", "capsule" }
    local list = kinds()
    for i = #first + 1, #list do list[i] = nil end
    assert.same(first, list)
  end)

  it("finds stated counts (and only those)", function()
    local found = stated("every pair of the six shapes\nthe 21 pairs, 28 unordered pairs\n"
      .. "six planes; two shapes; 10,000 pairs; the seven shape metatables\n")
    local got = {}
    for _, f in ipairs(found) do got[#got + 1] = f.line .. ":" .. f.text end
    assert.same({ "1:six shapes", "2:21 pairs", "2:28 unordered pairs", "3:seven shape metatables" }, got)
  end)

  it("match the number of kinds and of pairs of kinds", function()
    local bad = {}
    for _, path in ipairs(files()) do
      -- (this file's own examples apart)
      for _, s in ipairs(path == "spec/counts_spec.lua" and {} or stated(H.read(path))) do
        local want = s.what == "kinds" and k or k * (k + 1) / 2
        if s.n ~= want then
          bad[#bad + 1] = ("%s:%d: '%s' (there are %d)"):format(path, s.line, s.text, want)
        end
      end
    end
    assert.same({}, bad)
  end)
end)
