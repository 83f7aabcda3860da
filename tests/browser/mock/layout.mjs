// Force-directed layout (Fruchterman and Reingold 1991) with a fixed start, so that one graph always
// gets one drawing. docs/server.md gives the same steps for the server to implement.
//
// Start: node i on a sunflower spiral, at radius 0.45 * sqrt((i + 0.5) / n) and angle i times the
// golden angle around (0.5, 0.5). k = sqrt(1 / n) is the ideal edge length in the unit square.
// Each iteration adds up, per node:
//   repulsion from every other node: k^2 / d along the line between them (d at least k / 100);
//   attraction along each edge (an edge given twice, or as two arcs, counts once): d^2 / k;
//   gravity towards (0.5, 0.5): k * d, which keeps separate components together;
// then moves each node along its total by at most t = 0.1 * (1 - iteration / iterations).
// iterations = min(300, max(10, floor(3e8 / n^2))). Last, the drawing is scaled by one factor and
// centred so that its bounding box spans 0.9 of the unit square in its longer direction.

export const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

export function iterationsFor(n) {
  return Math.min(300, Math.max(10, Math.floor(3e8 / (n * n))));
}

export function forceLayout(n, edges) {
  if (n === 0) return [];
  if (n === 1) return [[0.5, 0.5]];
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const r = 0.45 * Math.sqrt((i + 0.5) / n);
    x[i] = 0.5 + r * Math.cos(i * GOLDEN_ANGLE);
    y[i] = 0.5 + r * Math.sin(i * GOLDEN_ANGLE);
  }
  const pairs = new Map();
  for (const [a, b] of edges) {
    if (a === b) continue;
    const u = Math.min(a, b);
    const v = Math.max(a, b);
    pairs.set(u * n + v, [u, v]);
  }
  const links = [...pairs.values()];
  const k = Math.sqrt(1 / n);
  const k2 = k * k;
  const dmin = k / 100;
  const dx = new Float64Array(n);
  const dy = new Float64Array(n);
  const iterations = iterationsFor(n);
  for (let it = 0; it < iterations; it++) {
    const t = 0.1 * (1 - it / iterations);
    dx.fill(0);
    dy.fill(0);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const ex = x[i] - x[j];
        const ey = y[i] - y[j];
        const d = Math.max(Math.sqrt(ex * ex + ey * ey), dmin);
        const f = k2 / (d * d);
        dx[i] += ex * f;
        dy[i] += ey * f;
        dx[j] -= ex * f;
        dy[j] -= ey * f;
      }
    }
    for (const [u, v] of links) {
      const ex = x[u] - x[v];
      const ey = y[u] - y[v];
      const d = Math.max(Math.sqrt(ex * ex + ey * ey), dmin);
      const f = d / k;
      dx[u] -= ex * f;
      dy[u] -= ey * f;
      dx[v] += ex * f;
      dy[v] += ey * f;
    }
    for (let i = 0; i < n; i++) {
      dx[i] -= k * (x[i] - 0.5);
      dy[i] -= k * (y[i] - 0.5);
      const len = Math.sqrt(dx[i] * dx[i] + dy[i] * dy[i]);
      if (len > 0) {
        const step = Math.min(len, t) / len;
        x[i] += dx[i] * step;
        y[i] += dy[i] * step;
      }
    }
  }
  separate(x, y);
  return normalise(x, y);
}

// Pairs closer than 0.8 of the median nearest-neighbour distance pushed apart, each node half
// the shortfall, for min(60, floor(1e8 / n^2)) rounds or until none is that close.
function separate(x, y) {
  const n = x.length;
  const rounds = Math.min(60, Math.floor(1e8 / (n * n)));
  if (n < 3 || rounds === 0) return;
  const nearest = new Float64Array(n).fill(Infinity);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const d = Math.hypot(x[i] - x[j], y[i] - y[j]);
      nearest[i] = Math.min(nearest[i], d);
      nearest[j] = Math.min(nearest[j], d);
    }
  }
  nearest.sort();
  const want = 0.8 * nearest[Math.floor(n / 2)];
  if (!(want > 0)) return;
  for (let round = 0; round < rounds; round++) {
    let moved = false;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        let ex = x[i] - x[j];
        let ey = y[i] - y[j];
        const gap = Math.hypot(ex, ey);
        if (gap >= want) continue;
        let d = gap;
        if (d === 0) {
          ex = Math.cos(i + j);
          ey = Math.sin(i + j);
          d = 1;
        }
        const push = (want - gap) / 2 / d;
        x[i] += ex * push;
        y[i] += ey * push;
        x[j] -= ex * push;
        y[j] -= ey * push;
        moved = true;
      }
    }
    if (!moved) break;
  }
}

function normalise(x, y) {
  const n = x.length;
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < n; i++) {
    x0 = Math.min(x0, x[i]);
    x1 = Math.max(x1, x[i]);
    y0 = Math.min(y0, y[i]);
    y1 = Math.max(y1, y[i]);
  }
  const span = Math.max(x1 - x0, y1 - y0);
  const s = span > 0 ? 0.9 / span : 1;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const out = [];
  for (let i = 0; i < n; i++) {
    out.push([round(0.5 + (x[i] - cx) * s), round(0.5 + (y[i] - cy) * s)]);
  }
  return out;
}

const round = (v) => Math.round(v * 1e4) / 1e4;
