// The mock's graph generators: random, grid, tree, cycle, complete, path and maze. Every graph is
// connected and meets LeetCode 913's guarantees (node 1 has a neighbour, node 2 has a neighbour
// other than the hole 0). A seed gives the same graph on every run; the graphs are the mock's
// own, not those of `catmouse gen`.
import { ApiError } from './parse.mjs';

export const FAMILIES = ['random', 'grid', 'tree', 'cycle', 'complete', 'path', 'maze'];

// splitmix64 as a stream of 64-bit values, and uniform integers below a bound.
export class SplitMix {
  constructor(seed) {
    this.state = BigInt.asUintN(64, BigInt(seed));
  }
  next() {
    this.state = BigInt.asUintN(64, this.state + 0x9e3779b97f4a7c15n);
    let z = this.state;
    z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n);
    z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94d049bb133111ebn);
    return z ^ (z >> 31n);
  }
  below(bound) {
    return Number(this.next() % BigInt(bound));
  }
}

function shuffle(list, rng) {
  for (let i = list.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

// Rows of ceil(sqrt(n)) nodes, the last row possibly partial.
export function gridShape(n) {
  const columns = Math.ceil(Math.sqrt(n));
  return { columns, rows: Math.ceil(n / columns) };
}

function gridEdges(n) {
  const { columns } = gridShape(n);
  const edges = [];
  for (let v = 0; v < n; v++) {
    if ((v % columns) + 1 < columns && v + 1 < n) edges.push([v, v + 1]);
    if (v + columns < n) edges.push([v, v + columns]);
  }
  return edges;
}

function key(u, v) {
  return u < v ? `${u},${v}` : `${v},${u}`;
}

// Node 2 needs a neighbour other than the hole: otherwise swap its label with a node that has one.
function fixStart(n, edges, layout) {
  const ok = (v) => edges.some(([a, b]) => (a === v && b !== 0) || (b === v && a !== 0));
  const swapped = (x, v) => (x === 2 ? v : x === v ? 2 : x);
  if (ok(2)) return edges;
  for (let v = 3; v < n; v++) {
    const fine = edges.some(([a, b]) => (a === v && swapped(b, v) !== 0) || (b === v && swapped(a, v) !== 0));
    if (fine) {
      if (layout) [layout[2], layout[v]] = [layout[v], layout[2]];
      return edges.map(([a, b]) => [swapped(a, v), swapped(b, v)]);
    }
  }
  return edges;
}

// Returns {n, edges, layout|null}: layout only for the grid-shaped families.
export function generate({ family = 'random', nodes, seed = 1, degree = 4 } = {}) {
  if (!FAMILIES.includes(family)) {
    throw new ApiError(400, `unknown family "${family}" (expected ${FAMILIES.join(', ')})`, 'generate.family');
  }
  const n = nodes;
  if (!Number.isInteger(n) || n < 3) throw new ApiError(400, 'nodes must be a whole number, at least 3', 'generate.nodes');
  if (n > 2000) throw new ApiError(413, `${n} nodes; this server generates at most 2000`, 'generate.nodes');
  if (!Number.isInteger(seed) || seed < 0) throw new ApiError(400, 'seed must be a whole number, at least 0', 'generate.seed');
  if (family === 'random' && (typeof degree !== 'number' || degree < (2 * (n - 1)) / n - 1e-9 || degree > n - 1)) {
    throw new ApiError(400, `degree must be between ${((2 * (n - 1)) / n).toFixed(2)} and ${n - 1}`, 'generate.degree');
  }
  const rng = new SplitMix(seed);
  let edges = [];
  let layout = null;
  if (family === 'grid' || family === 'maze') {
    const { columns, rows } = gridShape(n);
    const span = Math.max(columns, rows);
    layout = [];
    for (let v = 0; v < n; v++) {
      layout.push([((v % columns) + 0.5) / span, (Math.floor(v / columns) + 0.5) / span]);
    }
    const all = gridEdges(n);
    if (family === 'grid') {
      edges = all;
    } else {
      // A random spanning tree (Kruskal over shuffled grid edges), then a tenth of the rest back.
      const parent = [...Array(n).keys()];
      const find = (x) => (parent[x] === x ? x : (parent[x] = find(parent[x])));
      const rest = [];
      for (const [a, b] of shuffle(all, rng)) {
        const ra = find(a);
        const rb = find(b);
        if (ra !== rb) {
          parent[ra] = rb;
          edges.push([a, b]);
        } else {
          rest.push([a, b]);
        }
      }
      edges.push(...rest.slice(0, Math.floor(n / 10)));
    }
  } else if (family === 'cycle' || family === 'path') {
    const order = family === 'cycle' ? [...Array(n).keys()] : shuffle([...Array(n).keys()], rng);
    for (let i = 0; i + 1 < n; i++) edges.push([order[i], order[i + 1]]);
    if (family === 'cycle') edges.push([n - 1, 0]);
  } else if (family === 'complete') {
    for (let u = 0; u < n; u++) for (let v = u + 1; v < n; v++) edges.push([u, v]);
  } else {
    // A random recursive tree on a random labelling; the random family adds edges up to the degree.
    const perm = shuffle([...Array(n).keys()], rng);
    const have = new Set();
    for (let i = 1; i < n; i++) {
      const j = rng.below(i);
      edges.push([perm[i], perm[j]]);
      have.add(key(perm[i], perm[j]));
    }
    if (family === 'random') {
      const target = Math.min(Math.round((n * degree) / 2), (n * (n - 1)) / 2);
      while (edges.length < target) {
        const u = rng.below(n);
        const v = rng.below(n);
        if (u === v || have.has(key(u, v))) continue;
        have.add(key(u, v));
        edges.push([u, v]);
      }
    }
  }
  edges = fixStart(n, edges, layout);
  edges = edges.map(([a, b]) => (a < b ? [a, b] : [b, a])).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return { n, edges, layout };
}
