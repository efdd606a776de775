// Generates ../honeycomb.json.gz: hex grid test vectors from honeycomb-grid
// (pinned in package.json), read by content/grid's Go tests.
// Re-run: cd content/grid/testdata/honeycomb && npm ci && node gen.mjs
import { defineHex, Grid, spiral, line, ring, neighborOf, distance, Direction, Orientation } from 'honeycomb-grid'
import { writeFileSync, readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

const RADIUS = 12 // cells: a hexagon of this radius around (0,0)
const HEX_RADIUS = 20 // honeycomb "dimensions": circumradius; across flats = 20*sqrt(3)
const ORIGIN = { x: -100, y: -50 } // honeycomb subtracts it: centre of (0,0) is at (100,50)

// Deterministic PRNG (mulberry32).
function rng(seed) {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const version = JSON.parse(readFileSync('node_modules/honeycomb-grid/package.json', 'utf8')).version
const out = { honeycomb: version, radius: RADIUS, hexRadius: HEX_RADIUS, origin: { x: -ORIGIN.x, y: -ORIGIN.y }, configs: [] }

for (const orientation of [Orientation.FLAT, Orientation.POINTY]) {
  for (const offset of [-1, 1]) { // honeycomb: -1 = odd-q/odd-r, 1 = even-q/even-r
    const Hex = defineHex({ dimensions: HEX_RADIUS, orientation, origin: ORIGIN, offset })
    const grid = new Grid(Hex, spiral({ start: [0, 0], radius: RADIUS }))
    const cells = []
    const neighbours = []
    const dirs = orientation === Orientation.POINTY
      ? [Direction.NE, Direction.E, Direction.SE, Direction.SW, Direction.W, Direction.NW]
      : [Direction.N, Direction.NE, Direction.SE, Direction.S, Direction.SW, Direction.NW]
    for (const h of grid) {
      const row = [h.q, h.r, h.col, h.row, h.x, h.y]
      for (const c of h.corners) row.push(c.x, c.y)
      cells.push(row)
      const nrow = [h.q, h.r]
      for (const d of dirs) { const n = neighborOf(h, d); nrow.push(n.q, n.r) }
      neighbours.push(nrow)
    }
    // point -> hex, leaving out points within 1e-6 of a hexside (ties).
    const rand = rng(orientation === Orientation.FLAT ? 11 + offset : 23 + offset)
    const pixels = []
    const span = HEX_RADIUS * 2 * (RADIUS + 1)
    while (pixels.length < 2000) {
      const p = { x: -ORIGIN.x + (rand() * 2 - 1) * span, y: -ORIGIN.y + (rand() * 2 - 1) * span }
      const h = grid.pointToHex(p)
      let tie = false
      for (const [dx, dy] of [[1e-6, 0], [-1e-6, 0], [0, 1e-6], [0, -1e-6]]) {
        const o = grid.pointToHex({ x: p.x + dx, y: p.y + dy })
        if (o.q !== h.q || o.r !== h.r) tie = true
      }
      if (!tie) pixels.push([p.x, p.y, h.q, h.r])
    }
    out.configs.push({ orientation, offset, cells, neighbours, pixels })
  }
}

// Lines and distances: cube geometry, the same for every layout.
const Hex = defineHex({ dimensions: HEX_RADIUS })
const create = (c) => new Hex(c)
const all = [...new Grid(Hex, spiral({ start: [0, 0], radius: RADIUS }))].map((h) => [h.q, h.r])
const near = all.filter(([q, r]) => Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) <= 5)
const pairs = []
for (const a of near) for (const b of near) pairs.push([a, b])
const rand = rng(4242)
for (let i = 0; i < 3000; i++) pairs.push([all[Math.floor(rand() * all.length)], all[Math.floor(rand() * all.length)]])
out.lines = pairs.map(([a, b]) => {
  const row = [a[0], a[1], b[0], b[1], distance(Hex.prototype, a, b)]
  for (const h of line({ start: a, stop: b })(create)) row.push(h.q, h.r)
  return row
})
out.rings = []
for (const c of [[0, 0], [2, -3], [-4, 1]]) {
  for (let n = 1; n <= 6; n++) {
    const row = [c[0], c[1], n]
    for (const h of ring({ center: c, radius: n })(create)) row.push(h.q, h.r)
    out.rings.push(row)
  }
}
writeFileSync('../honeycomb.json.gz', gzipSync(JSON.stringify(out)))
