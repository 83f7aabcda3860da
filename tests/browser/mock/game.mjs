// The mock's game model and its retrograde solver: one or k cats, holes, nodes barred to the cat,
// stays, who moves first, the stuck rule, LeetCode 1728's food (the cat wins in a hole) and a move
// limit. Written for small games only; the C++ engine is the real thing.
import { ApiError } from './parse.mjs';

const bad = (message, where = '') => new ApiError(400, message, where);

export const DEFAULT_RULES = Object.freeze({
  holes: [0],
  cat_forbidden: null, // null: the holes
  mouse: 1,
  cat: [2],
  cats: 1,
  first: 'mouse',
  stuck: 'lose',
  mouse_stays: false,
  cat_stays: false,
  cat_wins_in_hole: false,
  move_limit: 0,
  limit_outcome: 'draw',
});

const RULE_KEYS = Object.keys(DEFAULT_RULES);
const isNode = (x) => Number.isInteger(x) && x >= 0 && x < 2 ** 32;

// Applies a rules object (as in the project's JSON "rules") over `base`, checking types only.
export function mergeRules(base, object, prefix = 'rules') {
  if (object === undefined || object === null) return { ...base };
  if (typeof object !== 'object' || Array.isArray(object)) throw bad('"rules" must be an object', prefix);
  const out = { ...base };
  for (const [key, value] of Object.entries(object)) {
    const where = `${prefix}.${key}`;
    const fail = (expected) => bad(`expected ${expected}, found ${JSON.stringify(value)?.slice(0, 40)}`, where);
    const nodes = () => Array.isArray(value) && value.every(isNode);
    switch (key) {
      case 'holes':
        if (!nodes()) throw fail('a list of node ids');
        out.holes = [...value];
        break;
      case 'cat_forbidden':
        if (!nodes()) throw fail('a list of node ids');
        out.cat_forbidden = [...value];
        break;
      case 'mouse':
        if (!isNode(value)) throw fail('a node id');
        out.mouse = value;
        break;
      case 'cat':
        if (isNode(value)) {
          out.cat = [value];
          out.catList = false;
        } else if (nodes() && value.length > 0) {
          out.cat = [...value];
          out.catList = value.length > 1;
          if (!('cats' in object)) out.cats = value.length;
        } else {
          throw fail('a node id, or a list of one per cat');
        }
        break;
      case 'cats':
        if (!Number.isInteger(value) || value < 0 || value > 64) throw fail('a number of cats (1..64)');
        out.cats = value;
        break;
      case 'first':
        if (value !== 'mouse' && value !== 'cat') throw fail('"mouse" or "cat"');
        out.first = value;
        break;
      case 'stuck':
        if (value !== 'lose' && value !== 'draw') throw fail('"lose" or "draw"');
        out.stuck = value;
        break;
      case 'limit_outcome':
        if (value !== 'draw' && value !== 'cat') throw fail('"draw" or "cat"');
        out.limit_outcome = value;
        break;
      case 'move_limit':
        if (!Number.isInteger(value) || value < 0 || value >= 2 ** 32) throw fail('a number of moves (0: none)');
        out.move_limit = value;
        break;
      case 'mouse_stays':
      case 'cat_stays':
      case 'cat_wins_in_hole':
        if (typeof value !== 'boolean') throw fail('true or false');
        out[key] = value;
        break;
      default:
        throw bad(`unknown rule (expected ${RULE_KEYS.join(', ')})`, where);
    }
  }
  return out;
}

// Checks merged rules against a board of n nodes and returns them complete: cat_forbidden
// resolved, one start per cat.
export function validateRules(rules, n) {
  const range = (v) => `node ${v} is out of range (nodes are 0..${n - 1})`;
  const holes = rules.holes;
  const forbidden = rules.cat_forbidden ?? holes;
  for (const [name, list] of [['holes', holes], ['cat_forbidden', forbidden]]) {
    const seen = new Set();
    for (const v of list) {
      if (v >= n) throw bad(range(v), `rules.${name}`);
      if (seen.has(v)) throw bad(`node ${v} is listed twice`, `rules.${name}`);
      seen.add(v);
    }
  }
  if (rules.mouse >= n) throw bad(range(rules.mouse), 'rules.mouse');
  if (holes.includes(rules.mouse)) throw bad(`the mouse may not start in the hole ${rules.mouse}`, 'rules.mouse');
  const cats = rules.cats;
  if (cats === 0) throw bad('there must be at least one cat', 'rules.cats');
  let starts = rules.cat;
  if (starts.length === 1) starts = Array(cats).fill(starts[0]);
  if (starts.length !== cats) throw bad(`${starts.length} starts for ${cats} cats`, 'rules.cat');
  for (const c of starts) {
    if (c >= n) throw bad(range(c), 'rules.cat');
    if (forbidden.includes(c)) throw bad(`a cat may not start on node ${c}, which it may not enter`, 'rules.cat');
  }
  if (rules.move_limit > 0 && rules.limit_outcome === 'cat' && rules.stuck === 'draw') {
    throw bad("a move limit the cat wins at needs the stuck rule 'lose', not 'draw'", 'rules.move_limit');
  }
  return {
    holes: [...holes].sort((a, b) => a - b),
    cat_forbidden: [...forbidden].sort((a, b) => a - b),
    mouse: rules.mouse,
    cat: [...starts].sort((a, b) => a - b),
    cats,
    first: rules.first,
    stuck: rules.stuck,
    mouse_stays: rules.mouse_stays,
    cat_stays: rules.cat_stays,
    cat_wins_in_hole: rules.cat_wins_in_hole,
    move_limit: rules.move_limit,
    limit_outcome: rules.limit_outcome,
  };
}

// The rules of a LeetCode 1728 map of n cells.
export function gridRules(map) {
  const columns = map.rows[0].length;
  const find = (letter) => {
    for (let r = 0; r < map.rows.length; r++) {
      const c = map.rows[r].indexOf(letter);
      if (c >= 0) return r * columns + c;
    }
    return -1;
  };
  const walls = [];
  map.rows.forEach((row, r) => [...row].forEach((ch, c) => ch === '#' && walls.push(r * columns + c)));
  return {
    ...DEFAULT_RULES,
    holes: [find('F')],
    cat_forbidden: walls,
    mouse: find('M'),
    cat: [find('C')],
    mouse_stays: true,
    cat_stays: true,
    cat_wins_in_hole: true,
    move_limit: 1000,
    limit_outcome: 'cat',
  };
}

// Jumps of 1..length cells right/down/left/up from every floor cell, not through walls.
export function gridJumps(map, length) {
  const rows = map.rows.length;
  const columns = map.rows[0].length;
  const wall = (r, c) => map.rows[r][c] === '#';
  const edges = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      if (wall(r, c)) continue;
      for (let k = 1; k <= length && c + k < columns && !wall(r, c + k); k++) edges.push([r * columns + c, r * columns + c + k]);
      for (let k = 1; k <= length && r + k < rows && !wall(r + k, c); k++) edges.push([r * columns + c, (r + k) * columns + c]);
    }
  }
  return edges;
}

function adjacency(n, edges, directed) {
  const adj = Array.from({ length: n }, () => []);
  for (const [u, v] of edges) {
    adj[u].push(v);
    if (!directed) adj[v].push(u);
  }
  for (const list of adj) list.sort((a, b) => a - b);
  return adj;
}

export class Game {
  // board: {n, edges, directed, catEdges?}; rules: validated.
  constructor(board, rules, { maxStates = 400000 } = {}) {
    this.n = board.n;
    this.rules = rules;
    this.k = rules.cats;
    const n = this.n;
    this.hole = new Uint8Array(n);
    this.barred = new Uint8Array(n);
    for (const v of rules.holes) this.hole[v] = 1;
    for (const v of rules.cat_forbidden) this.barred[v] = 1;
    const madj = adjacency(n, board.edges, board.directed);
    const cadj = adjacency(n, board.catEdges ?? board.edges, board.directed);
    // Move lists in increasing order, stays included.
    this.mouseMoves = madj.map((list, v) => (rules.mouse_stays ? [...list, v].sort((a, b) => a - b) : list));
    this.catMoves = cadj.map((list, v) => {
      const out = list.filter((w) => !this.barred[w]);
      if (rules.cat_stays) out.push(v);
      return out.sort((a, b) => a - b);
    });
    // Cat placements: sorted multisets of k nodes open to cats, in lexicographic order.
    this.open = [];
    this.openPos = new Int32Array(n).fill(-1);
    for (let v = 0; v < n; v++) {
      if (!this.barred[v]) {
        this.openPos[v] = this.open.length;
        this.open.push(v);
      }
    }
    this.placements = [];
    this.placementIndex = new Map();
    const count = multisets(this.open.length, this.k);
    this.states = 2 * n * count;
    if (this.states > maxStates) {
      throw new ApiError(422, `${this.states} states; this server solves at most ${maxStates}`, '');
    }
    const walk = (from, prefix) => {
      if (prefix.length === this.k) {
        this.placementIndex.set(prefix.join(','), this.placements.length);
        this.placements.push(prefix);
        return;
      }
      for (let i = from; i < this.open.length; i++) walk(i, [...prefix, this.open[i]]);
    };
    walk(0, []);
    this.solve();
  }

  index(mouse, cats, turn) {
    const p = this.k === 1 ? this.openPos[cats[0]] : this.placementIndex.get(cats.join(','));
    return ((turn === 'mouse' ? 0 : 1) * this.n + mouse) * this.placements.length + p;
  }
  stateAt(i) {
    const m = this.placements.length;
    const p = i % m;
    const rest = (i - p) / m;
    const mouse = rest % this.n;
    return { mouse, cats: this.placements[p], turn: rest >= this.n ? 'cat' : 'mouse' };
  }

  // 'mouse' or 'cat' when the position is over, else null.
  outcome(mouse, cats) {
    const onMouse = cats.includes(mouse);
    if (this.rules.cat_wins_in_hole && (onMouse || cats.some((c) => this.hole[c]))) return 'cat';
    if (this.hole[mouse]) return 'mouse';
    return onMouse ? 'cat' : null;
  }

  // The positions reachable in one move, in the order the tie rule uses (Solution::moves, in
  // increasing state index): the mover's destination increasing; for k cats, the distinct sorted
  // placements the joint moves lead to, in colex order (the last cat's node first, then the one
  // before, ...), as core/placement.hpp numbers them.
  children(s) {
    if (this.outcome(s.mouse, s.cats)) return [];
    if (s.turn === 'mouse') return this.mouseMoves[s.mouse].map((to) => ({ mouse: to, cats: s.cats, turn: 'cat' }));
    const options = s.cats.map((c) => this.catMoves[c]);
    if (options.some((o) => o.length === 0)) return [];
    const out = [];
    const seen = new Set();
    const at = new Array(s.cats.length).fill(0);
    for (;;) {
      const cats = at.map((j, i) => options[i][j]).sort((a, b) => a - b);
      const key = cats.join(',');
      if (!seen.has(key)) {
        seen.add(key);
        out.push({ mouse: s.mouse, cats, turn: 'mouse' });
      }
      let i = 0;
      while (i < at.length && ++at[i] === options[i].length) at[i++] = 0;
      if (i === at.length) break;
    }
    return out.sort((a, b) => colex(a.cats, b.cats));
  }

  // Retrograde analysis: value (0 draw, 1 mouse, 2 cat) and remoteness of every state, the winner
  // taking the fastest win and the loser the slowest loss.
  solve() {
    const S = this.states;
    const value = new Uint8Array(S);
    const rem = new Int32Array(S).fill(-1);
    const count = new Int32Array(S);
    const childStart = new Int32Array(S + 1);
    const childList = [];
    for (let i = 0; i < S; i++) {
      const s = this.stateAt(i);
      for (const c of this.children(s)) childList.push(this.index(c.mouse, c.cats, c.turn));
      childStart[i + 1] = childList.length;
    }
    const parentStart = new Int32Array(S + 1);
    for (const c of childList) parentStart[c + 1]++;
    for (let i = 0; i < S; i++) parentStart[i + 1] += parentStart[i];
    const parents = new Int32Array(childList.length);
    const fill = parentStart.slice(0, S);
    for (let i = 0; i < S; i++) {
      for (let j = childStart[i]; j < childStart[i + 1]; j++) parents[fill[childList[j]]++] = i;
    }
    const queue = new Int32Array(S);
    let head = 0;
    let tail = 0;
    for (let i = 0; i < S; i++) {
      const s = this.stateAt(i);
      const out = this.outcome(s.mouse, s.cats);
      count[i] = childStart[i + 1] - childStart[i];
      if (out) {
        value[i] = out === 'mouse' ? 1 : 2;
      } else if (count[i] === 0) {
        if (this.rules.stuck === 'draw') continue;
        value[i] = s.turn === 'mouse' ? 2 : 1;
      } else {
        continue;
      }
      rem[i] = 0;
      queue[tail++] = i;
    }
    const half = this.n * this.placements.length;
    while (head < tail) {
      const c = queue[head++];
      for (let j = parentStart[c]; j < parentStart[c + 1]; j++) {
        const p = parents[j];
        if (rem[p] >= 0) continue;
        const mine = p < half ? 1 : 2;
        if (value[c] === mine) {
          value[p] = mine;
          rem[p] = rem[c] + 1;
          queue[tail++] = p;
        } else if (--count[p] === 0) {
          value[p] = 3 - mine;
          rem[p] = rem[c] + 1;
          queue[tail++] = p;
        }
      }
    }
    this.value = value;
    this.rem = rem;
  }

  // The value of a position with `played` moves made: {value: 'mouse'|'cat'|'draw', remoteness}.
  valueOf(s, played = 0) {
    const i = this.index(s.mouse, s.cats, s.turn);
    const v = ['draw', 'mouse', 'cat'][this.value[i]];
    const r = this.rem[i] >= 0 ? this.rem[i] : null;
    const limit = this.rules.move_limit;
    if (limit === 0) return { value: v, remoteness: r };
    const left = Math.max(0, limit - played);
    if (v !== 'draw' && r <= left) return { value: v, remoteness: r };
    if (this.rules.limit_outcome === 'cat') return { value: 'cat', remoteness: left };
    return { value: 'draw', remoteness: null };
  }

  // How the game stands at s: null while it goes on, else 'hole', 'capture', 'stuck' or
  // 'move limit'.
  finished(s, played = 0) {
    const out = this.outcome(s.mouse, s.cats);
    if (out) return out === 'mouse' ? 'hole' : 'capture';
    if (this.children(s).length === 0) return 'stuck';
    if (this.rules.move_limit > 0 && played >= this.rules.move_limit) return 'move limit';
    return null;
  }

  // The legal moves with their values for the mover, and the index of the optimal one.
  moves(s, played = 0) {
    if (this.finished(s, played)) return { moves: [], best: null };
    const mover = s.turn;
    const moves = this.children(s).map((c) => {
      const { value, remoteness } = this.valueOf(c, played + 1);
      const forMover = value === 'draw' ? 'draw' : value === mover ? 'win' : 'loss';
      return { mouse: c.mouse, cats: c.cats, turn: c.turn, value, remoteness, for_mover: forMover };
    });
    // The optimal move (Solution::best_move) is chosen by the values of the game without its
    // move limit, which only cuts the line short: the fastest win, the slowest loss, the first
    // move that keeps a draw; ties to the first in move order.
    const unlimited = (p) => {
      const i = this.index(p.mouse, p.cats, p.turn);
      return { value: ['draw', 'mouse', 'cat'][this.value[i]], remoteness: this.rem[i] };
    };
    const here = unlimited(s).value;
    let best = null;
    let bestRemoteness = 0;
    moves.forEach((m, i) => {
      const child = unlimited(m);
      if (child.value !== here) return;
      if (best === null || (here === mover ? child.remoteness < bestRemoteness : here !== 'draw' && child.remoteness > bestRemoteness)) {
        best = i;
        bestRemoteness = child.remoteness;
      }
    });
    return { moves, best };
  }

  // The optimal line from s: best moves until the game ends, or (without a move limit) until the
  // next move would repeat a position; at most `cap` moves.
  line(s, played = 0, cap = 10000) {
    const positions = [];
    const seen = new Map();
    let cur = s;
    for (;;) {
      const key = `${cur.mouse}|${cur.cats.join(',')}|${cur.turn}`;
      seen.set(key, positions.length);
      positions.push(cur);
      const p = played + positions.length - 1;
      const end = this.finished(cur, p);
      if (end) return { positions, cycle_start: null, end };
      if (positions.length > cap) return { positions, cycle_start: null, end: 'cut' };
      const { moves, best } = this.moves(cur, p);
      const next = moves[best];
      const nextKey = `${next.mouse}|${next.cats.join(',')}|${next.turn}`;
      if (this.rules.move_limit === 0 && seen.has(nextKey)) {
        return { positions, cycle_start: seen.get(nextKey), end: 'repetition' };
      }
      cur = { mouse: next.mouse, cats: next.cats, turn: next.turn };
    }
  }
}

// Colex order of sorted placements: by the last node, then the one before, and so on.
function colex(a, b) {
  for (let i = a.length - 1; i >= 0; i--) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

function multisets(a, k) {
  // C(a + k - 1, k)
  let out = 1;
  for (let i = 1; i <= k; i++) out = (out * (a + i - 1)) / i;
  return Math.round(out);
}
