// Readers of the mock server's input formats: LeetCode JSON adjacency lists, edge lists, graph6 and
// LeetCode 1728 grid maps. Each returns a plain description of the board, or throws an ApiError
// (status 400) whose `where` names the line and column, node or member at fault.

export class ApiError extends Error {
  constructor(status, message, where = '') {
    super(message);
    this.status = status;
    this.where = where;
  }
}

const bad = (message, where = '') => new ApiError(400, message, where);

// Line and column (1-based) of a character offset.
function lineColumn(text, offset) {
  let line = 1;
  let column = 1;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      column = 1;
    } else {
      column++;
    }
  }
  return `line ${line}, column ${column}`;
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch (e) {
    const match = /position (\d+)/.exec(e.message);
    const where = match ? lineColumn(text, Number(match[1])) : '';
    throw bad('not valid JSON', where);
  }
}

const isNode = (x) => Number.isInteger(x) && x >= 0 && x < 2 ** 32;

// LeetCode writes problem 913's input as `graph = [[2,5],[3],...]`: the prefix before the lists,
// blanked so that positions stay those of the text given; null without it.
const LEETCODE_LINE = /^(\uFEFF?\s*)graph\s*=\s*(?=\[)/;
function leetcodeLine(text) {
  const m = LEETCODE_LINE.exec(text);
  return m ? m[1] + m[0].slice(m[1].length).replace(/[^\n\r]/g, ' ') + text.slice(m[0].length) : null;
}

// Which format a text is in, when the client says "auto".
export function detectFormat(text) {
  if (leetcodeLine(text) !== null) return 'leetcode';
  const t = text.replace(/^\uFEFF/, '').trim();
  if (t.startsWith('{')) {
    try {
      const doc = JSON.parse(t);
      if (doc && typeof doc === 'object' && !Array.isArray(doc) && 'grid' in doc) return 'grid';
    } catch {
      // reported by the LeetCode reader
    }
    return 'leetcode';
  }
  if (t.startsWith('[')) return 'leetcode';
  if (t.startsWith('>>graph6<<')) return 'graph6';
  if (t.length > 0 && !/\s/.test(t) && [...t].every((ch) => ch >= '?' && ch <= '~')) return 'graph6';
  // The first meaningful character of an edge list after comments.
  for (const line of t.split('\n')) {
    const body = line.replace(/#.*/, '').trim();
    if (body.startsWith('[') || body.startsWith('{')) return 'leetcode';
    if (body) break;
  }
  return 'edges';
}

// LeetCode 913: [[1,3],[0],[3],[0,2]] or {"graph": [...], "rules": {...}}.
export function parseLeetcode(text) {
  const doc = parseJson(leetcodeLine(text) ?? text);
  let lists = doc;
  let fileRules = null;
  if (doc && typeof doc === 'object' && !Array.isArray(doc)) {
    if ('grid' in doc) throw bad('this is a grid map; choose the format "grid" or "auto"', 'grid');
    lists = doc.graph;
    if (lists === undefined) throw bad('expected a "graph" member holding adjacency lists', 'graph');
    if (doc.rules !== undefined) {
      if (!doc.rules || typeof doc.rules !== 'object' || Array.isArray(doc.rules)) {
        throw bad('"rules" must be an object', 'rules');
      }
      fileRules = doc.rules;
    }
  }
  if (!Array.isArray(lists)) throw bad('expected an array of adjacency lists', 'graph');
  const n = lists.length;
  if (n < 3) throw bad(`${n} nodes; a board needs at least 3`, 'graph');
  const sets = [];
  lists.forEach((list, a) => {
    if (!Array.isArray(list)) throw bad(`the list of node ${a} is not an array`, `node ${a}`);
    const seen = new Set();
    list.forEach((b, i) => {
      const where = `node ${a}, neighbour ${i}`;
      if (!isNode(b)) throw bad(`${JSON.stringify(b)} is not a node id`, where);
      if (b >= n) throw bad(`node ${b} is out of range (nodes are 0..${n - 1})`, where);
      if (b === a) throw bad(`node ${a} lists itself`, where);
      if (seen.has(b)) throw bad(`node ${b} is listed twice`, where);
      seen.add(b);
    });
    sets.push(seen);
  });
  const edges = [];
  sets.forEach((seen, a) => {
    for (const b of seen) {
      if (!sets[b].has(a)) {
        throw bad(`asymmetric lists: node ${a} lists ${b}, but node ${b} does not list ${a}`, `node ${a}`);
      }
      if (a < b) edges.push([a, b]);
    }
  });
  return { n, edges, directed: false, fileRules, grid: null };
}

// "u v" per line, '#' comments, an optional "nodes N" line.
export function parseEdges(text, directed = false) {
  let n = null;
  const edges = [];
  const seen = new Set();
  let largest = -1;
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/\r$/, '').replace(/#.*/, '');
    const tokens = [];
    const re = /\S+/g;
    let m;
    while ((m = re.exec(line))) tokens.push({ text: m[0], column: m.index + 1 });
    if (tokens.length === 0) return;
    const at = (t) => `line ${index + 1}, column ${t.column}`;
    const id = (t) => {
      if (!/^\d+$/.test(t.text) || Number(t.text) >= 2 ** 32) {
        throw bad(`"${t.text}" is not a node id`, at(t));
      }
      return Number(t.text);
    };
    if (tokens[0].text === 'nodes') {
      if (n !== null) throw bad('a second "nodes" line', at(tokens[0]));
      if (tokens.length !== 2) throw bad('expected "nodes N"', at(tokens[0]));
      n = id(tokens[1]);
      return;
    }
    if (tokens.length !== 2) throw bad(`expected two node ids, found ${tokens.length} tokens`, at(tokens[0]));
    const u = id(tokens[0]);
    const v = id(tokens[1]);
    if (u === v) throw bad(`a self-loop on node ${u}`, at(tokens[0]));
    const key = directed ? `${u},${v}` : `${Math.min(u, v)},${Math.max(u, v)}`;
    if (seen.has(key)) throw bad(`the edge ${u} ${v} is repeated`, at(tokens[0]));
    seen.add(key);
    largest = Math.max(largest, u, v);
    edges.push({ u, v, where: at(tokens[0]) });
  });
  if (n === null) n = largest + 1;
  for (const e of edges) {
    if (Math.max(e.u, e.v) >= n) throw bad(`node ${Math.max(e.u, e.v)} is out of range (nodes are 0..${n - 1})`, e.where);
  }
  if (n < 3) throw bad(`${n} nodes; a board needs at least 3`);
  const list = edges.map((e) => (directed || e.u < e.v ? [e.u, e.v] : [e.v, e.u]));
  return { n, edges: list, directed, fileRules: null, grid: null };
}

// nauty's graph6, one graph.
export function parseGraph6(text) {
  let lines = text.replace(/^\uFEFF/, '').split('\n').map((l) => l.replace(/\r$/, ''));
  if (lines.length && lines[0].startsWith('>>graph6<<')) lines[0] = lines[0].slice(10);
  const graphs = lines.map((l, i) => ({ text: l, line: i + 1 })).filter((l) => l.text.trim() !== '');
  if (graphs.length === 0) throw bad('no graph in the graph6 input');
  if (graphs.length > 1) throw bad(`${graphs.length} graphs in graph6 input; one graph is read`);
  const { text: g, line } = graphs[0];
  const at = (i) => `line ${line}, column ${i + 1}`;
  for (let i = 0; i < g.length; i++) {
    const c = g.charCodeAt(i);
    if (c < 63 || c > 126) {
      if (i === 0 && (g[0] === ':' || g[0] === ';')) throw bad('sparse6 is not read; give graph6', at(0));
      if (i === 0 && g[0] === '&') throw bad('digraph6 is not read; give graph6', at(0));
      throw bad(`byte ${JSON.stringify(g[i])} is not graph6 (bytes are '?'..'~')`, at(i));
    }
  }
  const bytes = [...g].map((ch) => ch.charCodeAt(0) - 63);
  let pos = 0;
  let n;
  if (bytes[0] !== 63) {
    n = bytes[0];
    pos = 1;
  } else if (bytes[1] !== 63) {
    if (bytes.length < 4) throw bad('the node count is cut short', at(0));
    n = (bytes[1] << 12) | (bytes[2] << 6) | bytes[3];
    pos = 4;
  } else {
    if (bytes.length < 8) throw bad('the node count is cut short', at(0));
    n = 0;
    for (let i = 2; i < 8; i++) n = n * 64 + bytes[i];
    pos = 8;
    if (n >= 2 ** 32) throw bad('the node count is beyond 2^32-1', at(0));
  }
  const bits = (n * (n - 1)) / 2;
  const need = Math.ceil(bits / 6);
  if (bytes.length - pos !== need) {
    throw bad(`expected ${need} bytes of edges for ${n} nodes, got ${bytes.length - pos}`, at(pos));
  }
  const edges = [];
  let k = 0;
  for (let v = 1; v < n; v++) {
    for (let u = 0; u < v; u++, k++) {
      if ((bytes[pos + Math.floor(k / 6)] >> (5 - (k % 6))) & 1) edges.push([u, v]);
    }
  }
  if (need > 0 && bits % 6 !== 0) {
    const pad = 6 - (bits % 6);
    if (bytes[pos + need - 1] & ((1 << pad) - 1)) throw bad('nonzero padding bits', at(pos + need - 1));
  }
  if (n < 3) throw bad(`${n} nodes; a board needs at least 3`, at(0));
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return { n, edges, directed: false, fileRules: null, grid: null };
}

export const MAX_JUMP = 1000;

// LeetCode 1728: {"grid": ["####F", "#C...", "M...."], "catJump": 1, "mouseJump": 2}.
export function parseGrid(text) {
  const doc = parseJson(text);
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
    throw bad('expected an object {"grid": [...], "catJump": J, "mouseJump": J} (LeetCode 1728)');
  }
  for (const key of Object.keys(doc)) {
    if (!['grid', 'catJump', 'mouseJump'].includes(key)) {
      throw bad(`unknown member "${key}" (expected grid, catJump, mouseJump)`, key);
    }
  }
  const rows = doc.grid;
  if (!Array.isArray(rows) || rows.length === 0) throw bad('"grid" must be a non-empty array of strings', 'grid');
  rows.forEach((row, r) => {
    if (typeof row !== 'string' || row.length === 0) throw bad('each row must be a non-empty string', `grid row ${r}`);
    if (row.length !== rows[0].length) {
      throw bad(`${row.length} cells where row 0 has ${rows[0].length}; rows must be equally long`, `grid row ${r}`);
    }
    const c = row.search(/[^#.MCF]/);
    if (c >= 0) throw bad(`'${row[c]}' is not a cell (expected '#', '.', 'M', 'C' or 'F')`, `grid row ${r}, column ${c}`);
  });
  for (const [letter, name] of [['M', 'mouse'], ['C', 'cat'], ['F', 'food']]) {
    const count = rows.join('').split(letter).length - 1;
    if (count !== 1) throw bad(`the map needs exactly one '${letter}' (${name}), found ${count}`, 'grid');
  }
  const jumps = {};
  for (const key of ['catJump', 'mouseJump']) {
    if (!(key in doc)) throw bad('missing', key);
    const j = doc[key];
    if (!Number.isInteger(j) || j < 0 || j > MAX_JUMP) {
      throw bad(`${JSON.stringify(j)} is out of range (a jump is 0..${MAX_JUMP} cells)`, key);
    }
    jumps[key] = j;
  }
  return { rows: [...rows], mouseJump: jumps.mouseJump, catJump: jumps.catJump };
}

export function parseText(text, format = 'auto', directed = false) {
  if (typeof text !== 'string') throw bad('"text" must be a string', 'text');
  const f = format === 'auto' ? detectFormat(text) : format;
  if (directed && f !== 'edges') throw bad('"directed" applies to edge lists only', 'directed');
  switch (f) {
    case 'leetcode':
      return parseLeetcode(text);
    case 'edges':
      return parseEdges(text, directed);
    case 'graph6':
      return parseGraph6(text);
    case 'grid':
      return { grid: parseGrid(text) };
    default:
      throw bad(`unknown format "${format}" (expected auto, leetcode, edges, graph6 or grid)`, 'format');
  }
}
