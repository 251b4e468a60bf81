-- spec/obj_spec.lua: collide.load_obj, Wavefront OBJ text or file to the
-- vertex and index arrays collide.mesh takes.
local collide = require "collide"

local load_obj = collide.load_obj

local function err_of(src)
  local ok, e = pcall(load_obj, src)
  assert.is_false(ok)
  return e
end

describe("collide.load_obj", function()
  describe("reads", function()
    it("v and f lines into a flat vertex array and 1-based indices", function()
      local v, i = load_obj("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n")
      assert.are.same({ 0, 0, 0, 1, 0, 0, 0, 1, 0 }, v)
      assert.are.same({ 1, 2, 3 }, i)
    end)

    it("fans polygons into triangles around their first vertex", function()
      local _, i = load_obj("v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv -1 1 0\nf 1 2 3 4\nf 5 4 3 2 1\n")
      assert.are.same({ 1, 2, 3, 1, 3, 4, 5, 4, 3, 5, 3, 2, 5, 2, 1 }, i)
    end)

    it("takes v/vt, v/vt/vn and v//vn forms, and ignores the vt and vn parts", function()
      local _, i = load_obj("v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvn 0 0 1\n"
        .. "f 1/1 2/1 3/1\nf 1/1/1 2/1/1 3/1/1\nf 3//1 2//1 1//1\n")
      assert.are.same({ 1, 2, 3, 1, 2, 3, 3, 2, 1 }, i)
    end)

    it("resolves negative indices against the vertices read so far", function()
      local _, i = load_obj("v 0 0 0\nv 1 0 0\nv 0 1 0\nf -3 -2 -1\nv 5 5 5\nf -1 -3/1 -2//4\n")
      assert.are.same({ 1, 2, 3, 4, 2, 3 }, i)
    end)

    it("lets faces name vertices given later in the file", function()
      local v, i = load_obj("f 1 2 3\nv 0 0 0\nv 1 0 0\nv 0 1 0\n")
      assert.are.same({ 1, 2, 3 }, i)
      assert.are.equal(9, #v)
    end)

    it("skips comments, blank lines, other statements and extra coordinates", function()
      local v, i = load_obj(table.concat({
        "# a comment", "", "   ", "mtllib x.mtl", "o thing", "g group", "s 1", "usemtl red",
        "v 0 0 0 1.0   # w", "v 1 0 0 0.5 0.5 0.5", "v\t0\t1\t0", "vp 0.5",
        "l 1 2", "p 3", "f 1 2 3 # done", "curv2 1 2",
      }, "\n"))
      assert.are.same({ 0, 0, 0, 1, 0, 0, 0, 1, 0 }, v)
      assert.are.same({ 1, 2, 3 }, i)
    end)

    it("reads every number form Lua does, CRLF lines and a last line without newline", function()
      local v, i = load_obj("v 1e2 -2.5E-1 +3\r\nv .5 0x10 -0\r\nv 0 0 1\r\nf 1 2 3")
      assert.are.same({ 100, -0.25, 3, 0.5, 16, 0, 0, 0, 1 }, v)
      assert.are.same({ 1, 2, 3 }, i)
    end)

    it("joins a line ending in a backslash with the next", function()
      local v, i = load_obj("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nf 1 2 \\\n 4 3\n")
      assert.are.equal(12, #v)
      assert.are.same({ 1, 2, 4, 1, 4, 3 }, i)
    end)


    it("reads a file by its path, and the result makes a mesh", function()
      local path = os.tmpname()
      local f = assert(io.open(path, "wb"))
      -- a unit cube: 8 vertices, 6 quads
      f:write([[
v 0 0 0
v 1 0 0
v 1 1 0
v 0 1 0
v 0 0 1
v 1 0 1
v 1 1 1
v 0 1 1
f 1 4 3 2
f 5 6 7 8
f 1 2 6 5
f 2 3 7 6
f 3 4 8 7
f 4 1 5 8
]])
      f:close()
      local v, i = load_obj(path)
      os.remove(path)
      assert.are.equal(24, #v)
      assert.are.equal(36, #i)
      local m = collide.mesh(v, i)
      assert.are.equal(12, m:count())
      -- from outside, onto the top face: its outward normal
      local t, _, _, _, nx, ny, nz = collide.ray(0.5, 0.25, 3, 0, 0, -1):cast(m, true)
      assert.are.same({ 2, 0, 0, 1 }, { t, nx, ny, nz })
      -- from inside, culled: the faces all point away
      assert.is_nil(collide.ray(0.5, 0.5, 0.5, 0, 0, 1):cast(m, true))
    end)
  end)

  describe("errors", function()
    it("name the line and what is wrong", function()
      assert.are.equal("obj:2: vertex needs 3 coordinates", err_of("v 0 0 0\nv 1 2\n"))
      assert.are.equal("obj:1: bad coordinate 'x'", err_of("v 0 x 0\n"))
      assert.are.equal("obj:1: bad coordinate 'nan'", err_of("v 0 nan 0\n"))
      assert.are.equal("obj:1: bad coordinate '1e999'", err_of("v 0 1e999 0\n"))
      assert.are.equal("obj:4: face needs at least 3 vertices", err_of("v 0 0 0\nv 1 0 0\n\nf 1 2\n"))
      assert.are.equal("obj:1: bad vertex reference 'a'", err_of("f 1 a 3\n"))
      assert.are.equal("obj:1: bad vertex reference '1/2/3/4'", err_of("f 1 2 1/2/3/4\n"))
      assert.are.equal("obj:1: bad vertex reference '2.5'", err_of("f 1 2.5 3\n"))
      assert.are.equal("obj:1: bad vertex reference '/1'", err_of("f 1 /1 3\n"))
      assert.are.equal("obj:1: bad vertex index 0", err_of("f 1 0 3\n"))
    end)

    it("say so for a file without faces, at its last line", function()
      assert.are.equal("obj:2: no faces (1 vertex)", err_of("# nothing\nv 1 2 3\n"))
      assert.are.equal("obj:3: no faces (0 vertices)", err_of("# nothing\n\ng x"))
      assert.are.equal("obj:1: no faces (0 vertices)", err_of("\n"))
    end)

    it("name the line of an index out of range", function()
      assert.are.equal("obj:3: vertex index -3 out of range (2 vertices so far)",
        err_of("v 0 0 0\nv 1 0 0\nf -1 -2 -3\nv 0 1 0\n"))
      assert.are.equal("obj:2: vertex index 4 out of range (3 vertices)",
        err_of("v 0 0 0\nf 1 2 4\nv 1 0 0\nv 0 1 0\n"))
      assert.are.equal("obj:2: vertex index 3 out of range (1 vertex)", err_of("v 0 0 0\nf 1 1 3\n"))
    end)

    it("count continued and CRLF lines", function()
      -- the face starts on line 4 (line 2 continues on 3)
      assert.are.equal("obj:4: face needs at least 3 vertices",
        err_of("v 0 0 0\r\nv 1 \\\r\n 0 0\r\nf 1 \\\n 2\n"))
    end)

    it("name the file when reading one", function()
      local path = os.tmpname()
      local f = assert(io.open(path, "wb"))
      f:write("v 0 0 0\nf 1 1\n")
      f:close()
      local e = err_of(path)
      os.remove(path)
      assert.are.equal(path .. ":2: face needs at least 3 vertices", e)
    end)

    it("are argument errors for a missing file or a non-string", function()
      local missing = os.tmpname()
      os.remove(missing)
      assert.has_error(function() load_obj(missing) end,
        "bad argument #1 to 'load_obj' (" .. missing .. ": No such file or directory)")
      assert.has_error(function() load_obj() end,
        "bad argument #1 to 'load_obj' (string expected, got no value)")
      assert.has_error(function() load_obj(42) end,
        "bad argument #1 to 'load_obj' (string expected, got number)")
    end)
  end)

  describe("inside LOVE", function()
    -- a stand-in for LOVE's love.filesystem: the game's files by path
    local function with_love(files, fn)
      local saved = rawget(_G, "love")
      rawset(_G, "love", { filesystem = { read = function(p) return files[p] end } })
      local ok, err = pcall(fn)
      rawset(_G, "love", saved)
      if not ok then error(err, 0) end
    end

    it("reads a path of the game through love.filesystem when no file opens", function()
      local missing = os.tmpname()
      os.remove(missing)
      with_love({ [missing] = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n" }, function()
        local v, i = load_obj(missing)
        assert.are.same({ 0, 0, 0, 1, 0, 0, 0, 1, 0 }, v)
        assert.are.same({ 1, 2, 3 }, i)
        -- its errors name the path
        assert.has_error(function() load_obj(missing .. "x") end,
          "bad argument #1 to 'load_obj' (" .. missing .. "x: No such file or directory)")
      end)
      with_love({ [missing] = "v 0 0 0\nf 1 1\n" }, function()
        assert.are.equal(missing .. ":2: face needs at least 3 vertices", err_of(missing))
      end)
    end)

    it("prefers a file of the operating system", function()
      local path = os.tmpname()
      local f = assert(io.open(path, "wb"))
      f:write("v 0 0 0\nv 2 0 0\nv 0 2 0\nf 1 2 3\n")
      f:close()
      with_love({ [path] = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n" }, function()
        assert.are.same({ 0, 0, 0, 2, 0, 0, 0, 2, 0 }, (load_obj(path)))
      end)
      os.remove(path)
    end)
  end)
end)
