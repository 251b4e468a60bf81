-- tools/rollback_doc.lua: doc/rollback.md quotes the rollback example as
-- it is (make rollback-example runs it).
--
--   lua tools/rollback_doc.lua          checks: every ```lua block whose
--                                       first line is MARK is lines of
--                                       examples/rollback/main.lua, word for
--                                       word, and the block after SUMMARY is
--                                       examples/rollback/expected.txt
--   lua tools/rollback_doc.lua --write  writes expected.txt into that block
--                                       first (make rollback-example UPDATE=1)
local DOC, MAIN, EXPECTED = "doc/rollback.md", "examples/rollback/main.lua", "examples/rollback/expected.txt"
local MARK = "-- not run: examples/rollback/main.lua"
local SUMMARY = "<!-- examples/rollback/expected.txt -->"

local function read(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("*a")
  f:close()
  return s
end

local doc, main, expected = read(DOC), read(MAIN), read(EXPECTED)
local problems, quoted = {}, 0

-- the summary's block: SUMMARY's line, then ```text, the lines, ```
local head = SUMMARY .. "\n```text\n"
local from = doc:find(head, 1, true)
local to = from and doc:find("\n```\n", from + #head - 1, true)
if not (from and to) then
  problems[#problems + 1] = DOC .. ": no ```text block after " .. SUMMARY
else
  local body = doc:sub(from + #head, to)
  if arg[1] == "--write" and body ~= expected then
    doc = doc:sub(1, from + #head - 1) .. expected .. doc:sub(to + 1)
    local f = assert(io.open(DOC, "wb"))
    f:write(doc)
    f:close()
    io.write("rollback_doc: ", DOC, "'s summary written from ", EXPECTED, "\n")
  elseif body ~= expected then
    problems[#problems + 1] = DOC .. ": the summary is not " .. EXPECTED
      .. " (make rollback-example UPDATE=1 writes both)"
  end
end

-- the quoted code
local n, block = 0, nil
for line in doc:gmatch("([^\n]*)\n") do
  n = n + 1
  if block then
    if line == "```" then
      if block.marked then
        quoted = quoted + 1
        if not main:find(table.concat(block.lines, "\n") .. "\n", 1, true) then
          problems[#problems + 1] = ("%s:%d: not lines of %s as they are"):format(DOC, block.line, MAIN)
        end
      end
      block = nil
    elseif block.marked == nil then
      block.marked = line == MARK
    else
      block.lines[#block.lines + 1] = line
    end
  elseif line == "```lua" then
    block = { line = n + 1, lines = {} }
  end
end
if quoted == 0 then problems[#problems + 1] = DOC .. ": no block marked " .. MARK end

if #problems > 0 then
  io.stderr:write(table.concat(problems, "\n"), "\n")
  os.exit(1)
end
io.write(("rollback_doc: %s quotes %d blocks of %s and %s as they are\n"):format(DOC, quoted, MAIN, EXPECTED))
