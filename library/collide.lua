---@meta collide
-- Type definitions of collide's public API for lua-language-server (LuaLS):
-- completion, hover and checks in VS Code, Neovim and any editor that uses
-- it. Add this folder to `Lua.workspace.library` (the .luarc.json at the top
-- of the repository does so for this tree). Reference: doc/reference.md.
-- spec/meta_spec.lua checks that every public name is declared here;
-- spec/luals_spec.lua that every call written in README.md and doc/*.md fits
-- a signature declared here, by its number of arguments and of results.
--
-- A vector argument is one value (a table or userdata with x, y, z or
-- [1], [2], [3]) or three numbers. Each constructor declares the form with
-- one value per vector and the form with numbers throughout; the library
-- also takes the two mixed in one call (collide.aabb({0, 0, 0}, 1, 2, 3)),
-- which only collide.aabb declares. Point arguments of methods are
-- declared as x (a number or a vector) with y and z optional.

---A vector: three numbers in the call, or one value with x, y, z (or [1], [2], [3]).
---@alias collide.vec3 {x: number, y: number, z: number}|number[]
---A quaternion: four numbers, or one value with x, y, z, w (or [1]..[4]).
---@alias collide.quat {x: number, y: number, z: number, w: number}|number[]
---@alias collide.shape collide.aabb|collide.obb|collide.plane|collide.triangle|collide.ray|collide.sphere|collide.capsule|collide.hull|collide.compound
---@alias collide.solid collide.aabb|collide.obb|collide.sphere|collide.triangle|collide.capsule|collide.hull|collide.compound
---@alias collide.kind "aabb"|"obb"|"plane"|"triangle"|"ray"|"sphere"|"capsule"|"hull"|"compound"

---@class collide
---@field epsilon number tolerance for too-short axes and directions (read-only, 1e-9)
local collide = {}

---What collide.info() returns.
---@class collide.info
---@field version string collide's version ("scm" from a checkout)
---@field lua string the running Lua: _VERSION, or LuaJIT's jit.version
---@field ffi boolean true when the LuaJIT FFI fast path is in use
---@field simd "sse2"|"portable" the path the mesh's walks were compiled with

---Which build and which path is running: a new table on each call.
---@return collide.info
function collide.info() end

-- ---------------------------------------------------------------- shapes

---Methods every shape has.
---@class collide.base
local base = {}
---@return collide.kind
function base:type() end
---@return self
function base:clone() end
---Changes the shape in place; same arguments as its constructor.
---@return self
function base:set(...) end
---@param dx number|collide.vec3
---@param dy? number
---@param dz? number
---@return self
function base:translate(dx, dy, dz) end
---@param other collide.shape|collide.mesh|collide.heightfield
---@return boolean
function base:intersects(other) end

---@class collide.aabb: collide.base
local aabb = {}
---@return number x, number y, number z
function aabb:min() end
---@return number x, number y, number z
function aabb:max() end
---@return number x, number y, number z
function aabb:center() end
---@return number x, number y, number z
function aabb:half_extents() end
---@return number x, number y, number z
function aabb:size() end
---@param i integer 1..8, bit order i-1 = zyx (0 = min, 1 = max)
---@return number x, number y, number z
function aabb:corner(i) end
---@return number
function aabb:volume() end
---@return number
function aabb:surface_area() end
---@param out? collide.aabb
---@return collide.aabb
function aabb:bounds(out) end
---@param other collide.aabb
---@param out? collide.aabb
---@return collide.aabb
function aabb:merge(other, out) end
---@param margin number
---@param out? collide.aabb
---@return collide.aabb
function aabb:expand(margin, out) end
---@param x number|collide.vec3|collide.aabb a point or a box
---@param y? number
---@param z? number
---@return boolean
function aabb:contains(x, y, z) end
---@param x number|collide.vec3
---@param y? number
---@param z? number
---@return number x, number y, number z
function aabb:closest_point(x, y, z) end
---Distance to a point, or to a shape (aabb, obb, sphere, triangle, capsule).
---@param x number|collide.vec3|collide.solid
---@param y? number
---@param z? number
---@return number
function aabb:distance(x, y, z) end
---@param other collide.solid|collide.plane|collide.mesh|collide.heightfield
---@return number? nx, number ny, number nz, number depth
function aabb:contact(other) end

---@class collide.obb: collide.base
local obb = {}
---@return number x, number y, number z
function obb:center() end
---@return number x, number y, number z
function obb:half_extents() end
---@return number x, number y, number z, number w
function obb:rotation() end
---@return number xx, number xy, number xz, number yx, number yy, number yz, number zx, number zy, number zz
function obb:axes() end
---@param i integer 1..8
---@return number x, number y, number z
function obb:corner(i) end
---@param out? collide.aabb
---@return collide.aabb
function obb:bounds(out) end
---@param x number|collide.vec3 a point (a vector, or x of three numbers)
---@param y? number
---@param z? number
---@return boolean
function obb:contains(x, y, z) end
---@param x number|collide.vec3 a point (a vector, or x of three numbers)
---@param y? number
---@param z? number
---@return number x, number y, number z
function obb:closest_point(x, y, z) end
---@param x number|collide.vec3|collide.solid a point (a vector, or x of three numbers) or a shape
---@param y? number
---@param z? number
---@return number
function obb:distance(x, y, z) end
---@return number? nx, number ny, number nz, number depth
function obb:contact(other) end

---A convex hull: built once from a point cloud, placed by a position and a rotation.
---@class collide.hull: collide.base
local hull = {}
---@param x number|collide.vec3 a position (a vector, or x of three numbers)
---@param y? number
---@param z? number
---@return collide.hull self
function hull:set_position(x, y, z) end
---@param q number|collide.quat a unit quaternion (or its x of four numbers)
---@param y? number
---@param z? number
---@param w? number
---@return collide.hull self
function hull:set_rotation(q, y, z, w) end
---@return number x, number y, number z
function hull:position() end
---@return number x, number y, number z, number w
function hull:rotation() end
---The world centroid (the vertices' mean).
---@return number x, number y, number z
function hull:center() end
---A vertex farthest along a direction (world space).
---@param x number|collide.vec3 a direction (a vector, or x of three numbers)
---@param y? number
---@param z? number
---@return number x, number y, number z
function hull:support(x, y, z) end
---@return integer
function hull:vertex_count() end
---@param i integer 1..vertex_count()
---@return number x, number y, number z
function hull:vertex(i) end
---@return integer
function hull:face_count() end
---Face i's plane in world space: dot(n, p) = d on it, n pointing out.
---@param i integer 1..face_count()
---@return number nx, number ny, number nz, number d
function hull:face(i) end
---The face's vertex numbers, counter-clockwise seen from outside.
---@param i integer 1..face_count()
---@return integer[]
function hull:face_vertices(i) end
---@param out? collide.aabb
---@return collide.aabb
function hull:bounds(out) end
---@return boolean
function hull:contains(x, y, z) end
---@return number x, number y, number z
function hull:closest_point(x, y, z) end
---@return number
function hull:distance(x, y, z) end
---@return number? nx, number ny, number nz, number depth
function hull:contact(other) end

---Child shapes in one frame, placed by a position and a rotation as a hull
---is; every query answers as the union of the children.
---@class collide.compound: collide.base
local compound = {}
---@param x number|collide.vec3 a position (a vector, or x of three numbers)
---@param y? number
---@param z? number
---@return collide.compound self
function compound:set_position(x, y, z) end
---@param q number|collide.quat a unit quaternion (or its x of four numbers)
---@param y? number
---@param z? number
---@param w? number
---@return collide.compound self
function compound:set_rotation(q, y, z, w) end
---@return number x, number y, number z
function compound:position() end
---@return number x, number y, number z, number w
function compound:rotation() end
---@return integer
function compound:child_count() end
---Child i placed in the world, a new shape (an aabb child of a turned
---compound is an obb).
---@param i integer 1..child_count()
---@return collide.aabb|collide.obb|collide.triangle|collide.sphere|collide.capsule|collide.hull
function compound:child(i) end
---@param out? collide.aabb
---@return collide.aabb
function compound:bounds(out) end
---@return boolean
function compound:contains(x, y, z) end
---@return number x, number y, number z
function compound:closest_point(x, y, z) end
---@return number
function compound:distance(x, y, z) end
---@return number? nx, number ny, number nz, number depth
function compound:contact(other) end

---@class collide.plane: collide.base
local plane = {}
---@return number x, number y, number z
function plane:normal() end
---@return number
function plane:d() end
---Turns the plane round in place.
---@return collide.plane
function plane:flip() end
---@param x number|collide.vec3|collide.aabb|collide.obb|collide.triangle|collide.sphere|collide.capsule
---@param y? number
---@param z? number
---@return -1|0|1
function plane:classify(x, y, z) end
---@param x number|collide.vec3 a point (a vector, or x of three numbers)
---@param y? number
---@param z? number
---Signed distance of a point.
---@return number
function plane:distance(x, y, z) end
---@param x number|collide.vec3 a point (a vector, or x of three numbers)
---@param y? number
---@param z? number
---@return number x, number y, number z
function plane:project(x, y, z) end
---@param x number|collide.vec3 a point (a vector, or x of three numbers)
---@param y? number
---@param z? number
---@return number x, number y, number z
function plane:closest_point(x, y, z) end
---A plane is a surface: the push goes to the side the other shape's centre is on.
---@param other collide.solid
---@return number? nx, number ny, number nz, number depth
function plane:contact(other) end

---@class collide.triangle: collide.base
local triangle = {}
---@param i integer 1..3
---@return number x, number y, number z
function triangle:vertex(i) end
---@return number ax, number ay, number az, number bx, number by, number bz, number cx, number cy, number cz
function triangle:vertices() end
---@return number x, number y, number z
function triangle:normal() end
---@return number
function triangle:area() end
---@return number x, number y, number z
function triangle:centroid() end
---@param out? collide.aabb
---@return collide.aabb
function triangle:bounds(out) end
---@param out? collide.plane
---@return collide.plane
function triangle:plane(out) end
---@param x number|collide.vec3 a point (a vector, or x of three numbers)
---@param y? number
---@param z? number
---@return number wa, number wb, number wc
function triangle:barycentric(x, y, z) end
---@param x number|collide.vec3 a point (a vector, or x of three numbers)
---@param y? number
---@param z? number
---@return number x, number y, number z
function triangle:closest_point(x, y, z) end
---@param x number|collide.vec3|collide.solid a point (a vector, or x of three numbers) or a shape
---@param y? number
---@param z? number
---@return number
function triangle:distance(x, y, z) end
---@return number? nx, number ny, number nz, number depth
function triangle:contact(other) end

---@class collide.ray: collide.base
local ray = {}
---@return number x, number y, number z
function ray:origin() end
---@return number x, number y, number z
function ray:direction() end
---@return number
function ray:tmax() end
---@param t number
---@return number x, number y, number z
function ray:at(t) end
---@param out? collide.aabb
---@return collide.aabb
function ray:bounds(out) end
---The first hit: t, point, normal; triangles, meshes and heightfields add u, v (and the triangle index, then its material when it has one).
---@param shape collide.aabb|collide.obb|collide.sphere|collide.triangle|collide.plane|collide.capsule|collide.mesh|collide.heightfield
---@param cull_backfaces? boolean
---@return number? t, number px, number py, number pz, number nx, number ny, number nz, number u, number v, integer index, integer? material
---@overload fun(self: collide.ray, shape: collide.shape|collide.mesh|collide.heightfield, cull_backfaces: boolean?, out: collide.named_hit): collide.named_hit?
function ray:cast(shape, cull_backfaces) end
---@param box collide.aabb|collide.obb
---@return number? tnear, number tfar
function ray:slab(box) end
---@param x number|collide.vec3 a point (a vector, or x of three numbers)
---@param y? number
---@param z? number
---@return number x, number y, number z
function ray:closest_point(x, y, z) end
---@param x number|collide.vec3|collide.solid a point (a vector, or x of three numbers) or a shape
---@param y? number
---@param z? number
---@return number
function ray:distance(x, y, z) end

---@class collide.sphere: collide.base
local sphere = {}
---@return number x, number y, number z
function sphere:center() end
---@return number
function sphere:radius() end
---@param out? collide.aabb
---@return collide.aabb
function sphere:bounds(out) end
---@param x number|collide.vec3 a point (a vector, or x of three numbers)
---@param y? number
---@param z? number
---@return boolean
function sphere:contains(x, y, z) end
---@param x number|collide.vec3 a point (a vector, or x of three numbers)
---@param y? number
---@param z? number
---@return number x, number y, number z
function sphere:closest_point(x, y, z) end
---@param x number|collide.vec3|collide.solid a point (a vector, or x of three numbers) or a shape
---@param y? number
---@param z? number
---@return number
function sphere:distance(x, y, z) end
---@return number? nx, number ny, number nz, number depth
function sphere:contact(other) end

---@class collide.capsule: collide.base
local capsule = {}
---@return number x, number y, number z
function capsule:a() end
---@return number x, number y, number z
function capsule:b() end
---@return number
function capsule:radius() end
---@return number x, number y, number z
function capsule:center() end
---@param out? collide.aabb
---@return collide.aabb
function capsule:bounds(out) end
---@param x number|collide.vec3 a point (a vector, or x of three numbers)
---@param y? number
---@param z? number
---@return boolean
function capsule:contains(x, y, z) end
---@param x number|collide.vec3 a point (a vector, or x of three numbers)
---@param y? number
---@param z? number
---@return number x, number y, number z
function capsule:closest_point(x, y, z) end
---@param x number|collide.vec3|collide.solid a point (a vector, or x of three numbers) or a shape
---@param y? number
---@param z? number
---@return number
function capsule:distance(x, y, z) end
---@return number? nx, number ny, number nz, number depth
function capsule:contact(other) end

-- ------------------------------------------------------------ constructors

---An axis-aligned box; min <= max on every axis.
---@param min collide.vec3
---@param max collide.vec3
---@return collide.aabb
---@overload fun(minx: number, miny: number, minz: number, maxx: number, maxy: number, maxz: number): collide.aabb
---@overload fun(min: collide.vec3, maxx: number, maxy: number, maxz: number): collide.aabb
---@overload fun(minx: number, miny: number, minz: number, max: collide.vec3): collide.aabb
function collide.aabb(min, max) end
---The box from its centre and half extents (>= 0).
---@param center collide.vec3
---@param half_extents collide.vec3
---@return collide.aabb
---@overload fun(cx: number, cy: number, cz: number, ex: number, ey: number, ez: number): collide.aabb
function collide.aabb_from_center(center, half_extents) end
---The smallest box holding an array of vectors; error if empty.
---@param points collide.vec3[]
---@return collide.aabb
function collide.aabb_from_points(points) end
---An oriented box; the rotation (a quaternion) is normalised, identity when absent.
---@param center collide.vec3
---@param half_extents collide.vec3
---@param rotation? collide.quat
---@return collide.obb
---@overload fun(cx: number, cy: number, cz: number, ex: number, ey: number, ez: number, qx?: number, qy?: number, qz?: number, qw?: number): collide.obb
function collide.obb(center, half_extents, rotation) end
---An oriented box from three orthonormal right-handed axes.
---@param center collide.vec3
---@param half_extents collide.vec3
---@param ax collide.vec3
---@param ay collide.vec3
---@param az collide.vec3
---@return collide.obb
---@overload fun(cx: number, cy: number, cz: number, ex: number, ey: number, ez: number, axx: number, axy: number, axz: number, ayx: number, ayy: number, ayz: number, azx: number, azy: number, azz: number): collide.obb
function collide.obb_from_axes(center, half_extents, ax, ay, az) end
---The aabb as an obb, rotated about its centre.
---@param box collide.aabb
---@param rotation? collide.quat
---@return collide.obb
---@overload fun(box: collide.aabb, qx: number, qy: number, qz: number, qw: number): collide.obb
function collide.obb_from_aabb(box, rotation) end
---The convex hull (quickhull) of at least four points not all in one plane,
---placed at position (default origin) with rotation (default identity).
---@param points number[]|collide.vec3[]
---@param position? collide.vec3
---@param rotation? collide.quat
---@return collide.hull
function collide.hull(points, position, rotation) end
---A shape made of child shapes (aabb, obb, triangle, sphere, capsule, hull;
---a compound given is flattened into its children), given in its frame,
---placed at position (default origin) with rotation (default identity).
---@param shapes collide.shape[]
---@param position? collide.vec3
---@param rotation? collide.quat
---@return collide.compound
function collide.compound(shapes, position, rotation) end
---The points p with dot(n, p) = d; n normalised, d divided by the same length.
---@param normal collide.vec3
---@param d number
---@return collide.plane
---@overload fun(nx: number, ny: number, nz: number, d: number): collide.plane
function collide.plane(normal, d) end
---@param point collide.vec3
---@param normal collide.vec3
---@return collide.plane
---@overload fun(px: number, py: number, pz: number, nx: number, ny: number, nz: number): collide.plane
function collide.plane_from_point(point, normal) end
---The plane through three points, normal cross(b - a, c - a) normalised.
---@param a collide.vec3
---@param b collide.vec3
---@param c collide.vec3
---@return collide.plane
---@overload fun(ax: number, ay: number, az: number, bx: number, by: number, bz: number, cx: number, cy: number, cz: number): collide.plane
function collide.plane_from_points(a, b, c) end
---The plane Ax + By + Cz + D = 0.
---@param A number
---@param B number
---@param C number
---@param D number
---@return collide.plane
function collide.plane_from_equation(A, B, C, D) end
---A triangle facing cross(b - a, c - a).
---@param a collide.vec3
---@param b collide.vec3
---@param c collide.vec3
---@return collide.triangle
---@overload fun(ax: number, ay: number, az: number, bx: number, by: number, bz: number, cx: number, cy: number, cz: number): collide.triangle
function collide.triangle(a, b, c) end
---A ray; the direction is normalised; tmax >= 0, math.huge when absent.
---@param origin collide.vec3
---@param direction collide.vec3
---@param tmax? number
---@return collide.ray
---@overload fun(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, tmax?: number): collide.ray
function collide.ray(origin, direction, tmax) end
---The ray from a towards b with tmax = |b - a|.
---@param a collide.vec3
---@param b collide.vec3
---@return collide.ray
---@overload fun(ax: number, ay: number, az: number, bx: number, by: number, bz: number): collide.ray
function collide.segment(a, b) end
---@param center collide.vec3
---@param radius number
---@return collide.sphere
---@overload fun(cx: number, cy: number, cz: number, radius: number): collide.sphere
function collide.sphere(center, radius) end
---The points within radius of the segment a-b.
---@param a collide.vec3
---@param b collide.vec3
---@param radius number
---@return collide.capsule
---@overload fun(ax: number, ay: number, az: number, bx: number, by: number, bz: number, radius: number): collide.capsule
function collide.capsule(a, b, radius) end
---@param v any
---@return collide.kind|"mesh"|"heightfield"|nil
function collide.type(v) end
---The sine and cosine of an angle in radians by the library's own series:
---the same bits on every build (math.sin calls the C library). Any
---number: nan for nan, inf and -inf; sincos(-0.0) gives -0.0, 1.
---@param radians number
---@return number s, number c
function collide.sincos(radians) end
---The angle of the point (x, y) from the x axis in radians, in [-pi, pi]
---(the arc tangent of y / x in its quadrant, as math.atan(y, x)), by the
---library's own series: the same bits on every build. Any numbers: C's
---atan2 for the signed zeros and infinities, nan for a nan.
---@param y number
---@param x number
---@return number radians
function collide.atan2(y, x) end
---The rotation by radians about an axis (any non-zero vector; normalised):
---(u sin(radians / 2), cos(radians / 2)), u the unit axis, computed as
---collide.sincos computes, the same bits on every build.
---@param axis collide.vec3
---@param radians number
---@return number qx, number qy, number qz, number qw
---@overload fun(ax: number, ay: number, az: number, radians: number): number, number, number, number
function collide.axis_angle(axis, radians) end
---Segments outlining the shape, for debug drawing: a flat array
---{x1, y1, z1, x2, y2, z2, ...}, a new table each call (a box's 12 edges,
---a sphere's three great circles, a capsule's rings and outlines, a hull's
---edges, a triangle's 3, a mesh's or heightfield's triangle edges, a plane
---as a square of side 10, a ray as one segment).
---@param shape collide.shape|collide.mesh|collide.heightfield
---@return number[]
function collide.lines(shape) end

-- ------------------------------------------------------------ narrow phase

---@param a collide.shape|collide.mesh|collide.heightfield
---@param b collide.shape|collide.mesh|collide.heightfield
---@return boolean
function collide.intersects(a, b) end
---`ray:cast(shape, [cull])` as a function: t, point, normal; triangles and
---meshes add u, v, and a mesh (or a heightfield) the triangle's index.
---@param ray collide.ray
---@param shape collide.aabb|collide.obb|collide.sphere|collide.triangle|collide.plane|collide.capsule|collide.hull|collide.compound|collide.mesh|collide.heightfield
---@param cull_backfaces? boolean
---@return number? t, number px, number py, number pz, number nx, number ny, number nz, number u, number v, integer index, integer? material
---@overload fun(ray: collide.ray, shape: collide.shape|collide.mesh|collide.heightfield, cull_backfaces: boolean?, out: collide.named_hit): collide.named_hit?
function collide.cast(ray, shape, cull_backfaces) end
---The minimum translation: move b by n * depth (or a by -n * depth); with a
---mesh (or a heightfield), the index of the triangle of the deepest
---contact comes fifth; with a compound, the index of its deepest child
---(two compounds: a's child fifth, b's sixth).
---@param a collide.solid|collide.plane|collide.mesh|collide.heightfield
---@param b collide.solid|collide.plane|collide.mesh|collide.heightfield
---@return number? nx, number ny, number nz, number depth, integer? index, integer? index_b
function collide.contact(a, b) end
---A contact point of collide.manifold: where, and how far behind the other
---shape's face along the normal.
---@class collide.contact_point
---@field x number
---@field y number
---@field z number
---@field depth number
---The contact as collide.contact's normal and one to four points spanning
---the touching region (the deepest first, then counter-clockwise seen from
---the tip of the normal); nil when they do not touch.
---@param a collide.solid|collide.plane|collide.mesh|collide.heightfield
---@param b collide.solid|collide.plane|collide.mesh|collide.heightfield
---@return number? nx, number ny, number nz, collide.contact_point[] points
function collide.manifold(a, b) end
---The least distance and a closest point on each; with a compound, then
---the index of its nearest child (two compounds: a's child, then b's).
---@param a collide.solid
---@param b collide.solid
---@return number d, number ax, number ay, number az, number bx, number by, number bz, integer? index_a, integer? index_b
function collide.distance(a, b) end
---Shape cast: mover translated by t * (dx, dy, dz), t in [0, 1].
---@param mover collide.sphere|collide.capsule|collide.aabb|collide.obb|collide.hull|collide.compound
---@param target collide.aabb|collide.obb|collide.plane|collide.triangle|collide.sphere|collide.capsule|collide.hull|collide.compound|collide.mesh|collide.heightfield
---@return number? t, number px, number py, number pz, number nx, number ny, number nz, integer index, integer? material
---@overload fun(mover: collide.shape, d: collide.vec3, target: collide.shape|collide.mesh|collide.heightfield): number?, number, number, number, number, number, number, integer, integer?
function collide.sweep(mover, dx, dy, dz, target) end

-- ------------------------------------------------------------ broad phase

---@class collide.tree
local tree = {}
---@param box collide.aabb
---@param id? integer
---@return integer proxy
function tree:insert(box, id) end
---@param proxy integer
---@param box collide.aabb
---@return boolean moved
function tree:move(proxy, box) end
---@param proxy integer
function tree:remove(proxy) end
---The leaf follows the shape: refitted now and by tree:sync() after each
---change to it; nil stops that.
---@param proxy integer
---@param shape collide.shape?
---@return boolean moved
function tree:track(proxy, shape) end
---Refits every leaf whose tracked shape changed since its last refit.
---@return integer refitted
---@return integer[]? lost proxies whose shapes have no bounds now
function tree:sync() end
---@param shape collide.shape
---@return integer[] proxies
function tree:query(shape) end
---Proxies whose fat boxes touch the convex region inside every plane.
---@param planes collide.plane[]
---@return integer[] proxies
function tree:query_convex(planes) end
---The leaves the ray's segment enters, nearest first; with fn, a best-first
---walk where fn(proxy, tenter) returns the exact t and anything else (the
---nearest hit's proxy and fn's results come back); with shapes (shapes[proxy]
---is each leaf's shape), the exact cast done in C: the proxy and ray:cast's
---results.
---@param ray collide.ray
---@return integer[] proxies nearest first
---@overload fun(self: collide.tree, ray: collide.ray, fn: collide.tree_raycast_fn): integer?, ...
---@overload fun(self: collide.tree, ray: collide.ray, shapes: table<integer, collide.shape|collide.mesh>, filter?: collide.filter, items?: table): integer?, number, number, number, number, number, number, number, number, number, integer
function tree:raycast(ray) end

---@alias collide.tree_raycast_fn fun(proxy: integer, tenter: number): any

---@return integer[] pairs flat array of proxy pairs
function tree:pairs() end
---@return integer
function tree:count() end
---@return integer
function tree:height() end
---@return number
function tree:margin() end
---@param out? collide.aabb
---@return collide.aabb?
function tree:bounds(out) end
---@param proxy integer
---@param out? collide.aabb
---@return collide.aabb
function tree:fat(proxy, out) end
---@param proxy integer
---@return integer
function tree:id(proxy) end
---Checks the tree's invariants: true, or false and the reason.
---@return boolean ok, string? reason
function tree:validate() end
---@param margin? number
---@return collide.tree
function collide.tree(margin) end

---@class collide.mesh
local mesh = {}
---@return integer
function mesh:count() end
---@param i integer
---@param out? collide.triangle
---@return collide.triangle
function mesh:triangle(i, out) end
---Triangle i's material (1-based i), nil for a mesh made without materials.
---@param i integer
---@return integer?
function mesh:material(i) end
---@param out? collide.aabb
---@return collide.aabb?
function mesh:bounds(out) end
---The triangles that intersect shape, in increasing index; written into out
---(cleared past the result) when given.
---@param shape collide.shape
---@param out? integer[]
---@return integer[] indices
function mesh:query(shape, out) end
---@param shape collide.shape|collide.mesh|collide.heightfield
---@return boolean
function mesh:intersects(shape) end
---@param shape collide.solid
---@return {index: integer, nx: number, ny: number, nz: number, depth: number}[]
function mesh:contacts(shape) end
---The deepest of the triangles' contacts with shape.
---@param shape collide.solid|collide.plane
---@return number? nx, number ny, number nz, number depth, integer index
function mesh:contact(shape) end
---@return integer bytes
function mesh:memory() end
---@return "mesh"
function mesh:type() end
---@param vertices number[]|collide.vec3[]
---@param indices? integer[]
---@param options? {materials?: integer[]} an integer (0 .. 2^31-1) per triangle
---@return collide.mesh
function collide.mesh(vertices, indices, options) end
---@param path_or_text string
---@return number[] vertices, integer[] indices
function collide.load_obj(path_or_text) end

---A terrain: a grid of heights answering as collide.mesh of its cells' triangles.
---@class collide.heightfield
local heightfield = {}
---The number of triangle indices, holes included: 2 (columns - 1) (rows - 1).
---@return integer
function heightfield:count() end
---Triangle i (1-based), or nil when it lies in a hole.
---@param i integer
---@param out? collide.triangle
---@return collide.triangle?
function heightfield:triangle(i, out) end
---@param out? collide.aabb
---@return collide.aabb?
function heightfield:bounds(out) end
---@param shape collide.shape
---@param out? integer[]
---@return integer[] indices
function heightfield:query(shape, out) end
---@param shape collide.shape|collide.mesh|collide.heightfield
---@return boolean
function heightfield:intersects(shape) end
---@param shape collide.solid
---@return {index: integer, nx: number, ny: number, nz: number, depth: number}[]
function heightfield:contacts(shape) end
---The deepest of the triangles' contacts with shape.
---@param shape collide.solid|collide.plane
---@return number? nx, number ny, number nz, number depth, integer index
function heightfield:contact(shape) end
---The height at column i, row j (0-based); NaN in a hole.
---@param i integer
---@param j integer
---@return number
function heightfield:height(i, j) end
---Sets the height at column i, row j (0-based); NaN makes a hole.
---@param i integer
---@param j integer
---@param h number
---@return collide.heightfield self
function heightfield:set_height(i, j, h) end
---Cell (i, j)'s material (0-based), nil for a heightfield made without materials.
---@param i integer
---@param j integer
---@return integer?
function heightfield:material(i, j) end
---Sets cell (i, j)'s material (0-based) of a heightfield made with materials.
---@param i integer
---@param j integer
---@param m integer
---@return collide.heightfield self
function heightfield:set_material(i, j, m) end
---@return integer columns, integer rows
function heightfield:dimensions() end
---@return number sx, number sz
function heightfield:spacing() end
---@return number x, number y, number z
function heightfield:origin() end
---@return integer bytes
function heightfield:memory() end
---@return "heightfield"
function heightfield:type() end
---Vertex (i, j) is (ox + i*sx, oy + heights[j*columns + i + 1], oz + j*sz).
---@param heights number[]
---@param columns integer
---@param rows integer
---@param sx? number
---@param sz? number
---@param origin? collide.vec3
---@param options? {materials?: integer[]} an integer (0 .. 2^31-1) per cell, row by row
---@return collide.heightfield
---@overload fun(heights: number[], columns: integer, rows: integer, origin: collide.vec3, options: {materials?: integer[]}?): collide.heightfield
---@overload fun(heights: number[], columns: integer, rows: integer, options: {materials?: integer[]}): collide.heightfield
---@overload fun(heights: number[], columns: integer, rows: integer, sx: number, sz: number, options: {materials?: integer[]}): collide.heightfield
---@overload fun(heights: number[], columns: integer, rows: integer, sx: number, sz: number, ox: number, oy: number, oz: number, options: {materials?: integer[]}?): collide.heightfield
function collide.heightfield(heights, columns, rows, sx, sz, origin, options) end

---@class collide.filter_table
---@field mask? integer the layers met (bits)
---@field exclude? any an item, or an array of items, skipped
---@field filter? fun(item: any): boolean asked last, about the items left
---@field sensors? boolean find sensors too (raycasts, sweeps, queries; default false)

---@alias collide.filter (fun(item: any): boolean)|integer|collide.filter_table

---@class collide.named_hit
---@field item? any the item hit (scene:raycast, scene:sweep)
---@field t number
---@field x number
---@field y number
---@field z number
---@field nx number
---@field ny number
---@field nz number
---@field u? number triangles, meshes, heightfields
---@field v? number
---@field index? integer the triangle or child hit
---@field material? integer the triangle's material, when it has one

---@class collide.event
---@field type "enter"|"exit"|"begin"|"end"
---@field sensor? any enter, exit: the sensor
---@field item? any enter, exit: the item inside it
---@field a any the sensor (enter, exit) or the item added first (begin, end)
---@field b any the item inside the sensor, or the other

---@class collide.hit
---@field item any
---@field t number
---@field x number
---@field y number
---@field z number
---@field nx number
---@field ny number
---@field nz number
---@field u? number triangles and meshes (raycast_all)
---@field v? number triangles and meshes (raycast_all)
---@field index? integer meshes: the triangle
---@field material? integer the triangle's material, when it has one

---@class collide.scene
local scene = {}
---@class collide.item_options
---@field layer? integer what the item is (bits; default 1)
---@field mask? integer what it meets (bits; default all)
---@field static? boolean never scanned by sync, never paired with another static item
---@field sensor? boolean never blocks; reports the items inside it (scene:events)
---@field events? boolean reports when it begins and ends touching another item
---@field one_way? collide.vec3|false blocks moving shapes only from the side it points to (false in set: both ways)
---@field mass? number|false > 0: a character with push moves it (false in set: none, immovable)

---@param item any
---@param shape collide.shape|collide.mesh|collide.heightfield
---@param options? collide.item_options
---@return any item
function scene:add(item, shape, options) end
---Changes an item's layer, mask or static flag.
---@param item any
---@param options collide.item_options
function scene:set(item, options) end
---@param item any
---@return integer layer, integer mask, boolean static
function scene:options(item) end
---The item's mass (the option mass), nil when it has none.
---@param item any
---@return number?
function scene:mass(item) end
---Re-reads the item's bounds, or gives it a new shape.
---@param item any
---@param shape? collide.shape|collide.mesh|collide.heightfield
---@return any item
function scene:update(item, shape) end
---@param item any
---@return any item
function scene:remove(item) end
---Refits, in one call, every item whose shape changed in place since it
---was added, updated or last synced.
---@return integer refitted
function scene:sync() end
---@param item any
---@return boolean
function scene:has(item) end
---The options sensor and events, and the one-way direction (a unit vector;
---nil when the item blocks both ways).
---@param item any
---@return boolean sensor
---@return boolean events
---@return number[]? one_way
function scene:roles(item) end
---Everything that began or ended since the previous call: exits and ends
---first, then enters and begins, in add order.
---@return collide.event[]
function scene:events() end
---@return integer
function scene:count() end
---The bytes of the scene's storage in C that collectgarbage("count") does
---not include (its items' records and lists).
---@return number bytes
function scene:memory() end
---@param item any
---@return (collide.shape|collide.mesh|collide.heightfield)?
function scene:shape(item) end
---@return collide.tree
function scene:tree() end
---The nearest hit: the item and ray:cast's results for it (u, v for a
---triangle; u, v, index for a mesh, then its material when it has one).
---@param ray collide.ray
---@param filter? collide.filter
---@return any item, number t, number px, number py, number pz, number nx, number ny, number nz, number u, number v, integer index, integer? material
---@overload fun(self: collide.scene, ray: collide.ray, filter: collide.filter?, out: collide.named_hit): collide.named_hit?
function scene:raycast(ray, filter) end
---@param ray collide.ray
---@param filter? collide.filter
---@return collide.hit[]
function scene:raycast_all(ray, filter) end
---@param shape collide.shape|collide.mesh|collide.heightfield
---@param filter? collide.filter
---@return any[]
function scene:query(shape, filter) end
---@param frustum collide.frustum
---@param filter? collide.filter
---@return any[]
function scene:query_frustum(frustum, filter) end
---The item nearest the point (ties in d to the earlier added), its
---distance and its closest point (the point itself at d = 0), within
---max_distance (inclusive; nil: math.huge); nil when none.
---@param x number
---@param y number
---@param z number
---@param max_distance? number
---@param filter? collide.filter
---@return any item, number d, number px, number py, number pz
function scene:nearest(x, y, z, max_distance, filter) end
---@param filter? collide.filter
---@return {[1]: any, [2]: any}[]
function scene:pairs(filter) end
---The outlines of the items (collide.lines) the filter keeps, in add order,
---as one flat array {x1, y1, z1, x2, y2, z2, ...}; with bounds, only the
---items whose bounds meet it, and of a mesh or a heightfield only the
---triangles whose bounds meet it; then the item of each segment.
---@param filter? fun(item: any): any
---@param bounds? collide.aabb
---@return number[] lines
---@return any[] owners
function scene:lines(filter, bounds) end
---@return fun(): any, collide.shape
function scene:items() end
---The first item the moving shape touches.
---@param shape collide.aabb|collide.obb|collide.sphere|collide.capsule
---@param dx number
---@param dy number
---@param dz number
---@param filter? collide.filter
---@return any item, number t, number px, number py, number pz, number nx, number ny, number nz, integer index, integer? material
---@overload fun(self: collide.scene, shape: collide.shape, d: collide.vec3, filter?: collide.filter): any, number, number, number, number, number, number, number, integer, integer?
---@overload fun(self: collide.scene, shape: collide.shape, dx: number, dy: number, dz: number, filter: collide.filter?, out: collide.named_hit): collide.named_hit?
function scene:sweep(shape, dx, dy, dz, filter) end
---Every item the moving shape touches, sorted by t.
---@param shape collide.aabb|collide.obb|collide.sphere|collide.capsule
---@param dx number
---@param dy number
---@param dz number
---@param filter? collide.filter
---@return collide.hit[]
---@overload fun(self: collide.scene, shape: collide.shape, d: collide.vec3, filter?: collide.filter): collide.hit[]
function scene:sweep_all(shape, dx, dy, dz, filter) end
---bump.lua's world:move in 3D.
---@param item any
---@param dx number
---@param dy number
---@param dz number
---@param filter? collide.move_filter
---@return number mx, number my, number mz, collide.collision[] collisions
---@overload fun(self: collide.scene, item: any, d: collide.vec3, filter?: collide.move_filter): number, number, number, collide.collision[]
function scene:move(item, dx, dy, dz, filter) end

---@alias collide.move_response fun(item: any, other: any): ("slide"|"touch"|"cross"|"bounce"|false|nil)

---@class collide.move_filter_table: collide.filter_table
---@field response? collide.move_response the response to each item left (default "slide")

---@alias collide.move_filter collide.move_response|integer|collide.move_filter_table

---@param margin? number
---@return collide.scene
function collide.scene(margin) end

---The scene's whole collision state, for rollback (doc/rollback.md)
---@class collide.snapshot
local snapshot = {}
---@return integer bytes its own state takes
---@return integer shared the bytes of the item records it shares with the snapshots taken while no item was added, removed or reconfigured
function snapshot:memory() end

---@return collide.snapshot
function scene:snapshot() end
---Puts the scene back as the snapshot holds it: items, shapes (written in place), options, roles, events, characters
---@param snap collide.snapshot a snapshot of this scene
function scene:restore(snap) end
---@return integer hash below 2^53 over the scene's state, the same on every build
function scene:hash() end

---@class collide.collision
---@field item any
---@field other any
---@field type "slide"|"touch"|"cross"|"bounce"
---@field t number
---@field nx number
---@field ny number
---@field nz number
---@field x number
---@field y number
---@field z number
---@field material? integer a mesh's or heightfield's triangle nearest the contact, when it has materials
---@field pushed? number[] a character's collisions: {dx, dy, dz}, what it pushed other by (nil: not pushed)

---@class collide.character
local character = {}
---Moves by at most the frame's displacement; returns what was applied.
---@param dx number|collide.vec3 the displacement (a vector, or x of three numbers)
---@param dy? number
---@param dz? number
---@return number mx, number my, number mz
function character:move(dx, dy, dz) end
---@return boolean
function character:on_floor() end
---@return boolean
function character:on_wall() end
---@return boolean
function character:on_ceiling() end
---@return number? x, number y, number z
function character:floor_normal() end
---@return collide.collision[]
function character:collisions() end
---The item stood on after the last move (or since it was made), or nil.
---@return any
function character:floor_item() end
---The carry the last move applied: the floor's translation and its turn
---about up, after sliding; zeros when the floor did not move. angle: the
---turn about up it applied in radians, counter-clockwise seen from above
---(positive about up by the right-hand rule), 0 when the floor did not
---turn or did not carry.
---@return number dx, number dy, number dz, number angle
function character:floor_motion() end
---The material of the floor's triangle (a mesh or heightfield made with
---materials), or nil.
---@return integer?
function character:floor_material() end
---@return any
function character:item() end
---@return collide.scene
function character:scene() end
---@class collide.character_options
---@field up? collide.vec3
---@field step_height? number
---@field max_slope? number degrees
---@field skin? number
---@field snap? number
---@field mask? integer the layers it meets (0..0xffffffff)
---@field filter? fun(other: any): boolean meets the items for which it is true
---@field push? number >= 0: moves the items with a mass it walks into (default 0: none)

---@param scene collide.scene
---@param item any
---@param options? collide.character_options
---@return collide.character
function collide.character(scene, item, options) end

---@class collide.frustum
local frustum = {}
---1 inside, 0 crossing, -1 outside: exact, or plane by plane with "planes".
---@param x collide.shape|collide.vec3|number a shape, or a point (a vector, or x of three numbers)
---@param y? number|"planes"
---@param z? number
---@param mode? "planes"
---@return -1|0|1
function frustum:classify(x, y, z, mode) end
---@param x collide.shape|collide.vec3|number a shape, or a point (a vector, or x of three numbers)
---@param y? number
---@param z? number
---@return boolean
function frustum:intersects(x, y, z) end
---@return number ... 24 numbers, near plane first
function frustum:corners() end
---@param i integer 1..8
---@return number x, number y, number z
function frustum:corner(i) end
---@param i integer 1..6
---@param out? collide.plane
---@return collide.plane
function frustum:plane(i, out) end
---@return collide.plane ...
function frustum:planes() end
---@param p1 collide.plane left
---@param p2 collide.plane right
---@param p3 collide.plane bottom
---@param p4 collide.plane top
---@param p5 collide.plane near
---@param p6 collide.plane far
---@return collide.frustum
function frustum:set(p1, p2, p3, p4, p5, p6) end
---@param m number[] 16 numbers
---@param order? "column"|"row"
---@return collide.frustum
function frustum:set_matrix(m, order) end
---Six planes whose normals point inwards, copied.
---@param left collide.plane
---@param right collide.plane
---@param bottom collide.plane
---@param top collide.plane
---@param near collide.plane
---@param far collide.plane
---@return collide.frustum
function collide.frustum(left, right, bottom, top, near, far) end
---@param m number[] 16 numbers
---@param order? "column"|"row"
---@return collide.frustum
function collide.frustum_from_matrix(m, order) end

return collide
