// The HTTP API of docs/server.md over the mock's parsers, generators and solver.
import { readFileSync, readdirSync } from 'node:fs';
import { basename, extname, join } from 'node:path';

import { Game, DEFAULT_RULES, gridJumps, gridRules, mergeRules, validateRules } from './game.mjs';
import { generate } from './generate.mjs';
import { forceLayout } from './layout.mjs';
import { ApiError, detectFormat, parseText } from './parse.mjs';

const bad = (message, where = '') => new ApiError(400, message, where);

const TITLES = {
  leetcode1: 'LeetCode 913, example 1',
  leetcode2: 'LeetCode 913, example 2',
  grid1728: 'LeetCode 1728 map',
  petersen: 'The Petersen graph',
  long50: 'A long forced win (50 nodes)',
};
const FORMATS = { '.json': 'leetcode', '.g6': 'graph6', '.txt': 'edges', '.edges': 'edges' };

// The example files of the repository's examples/ folder.
export function loadExamples(dir) {
  const out = [];
  for (const file of readdirSync(dir).sort()) {
    const ext = extname(file);
    if (!(ext in FORMATS)) continue;
    const name = basename(file, ext);
    const text = readFileSync(join(dir, file), 'utf8');
    let format = FORMATS[ext];
    if (format === 'leetcode' && detectFormat(text) === 'grid') format = 'grid';
    out.push({ name, title: TITLES[name] ?? name, format, text });
  }
  return out;
}

export function valueSentence(value, remoteness) {
  if (value === 'draw') return 'draw';
  return `${value} wins in ${remoteness} move${remoteness === 1 ? '' : 's'}`;
}

// A node as the server names it: its id, or its cell "(r, c)" on a grid map.
function nodeName(entry, v) {
  if (!entry.grid) return String(v);
  const columns = entry.grid.rows[0].length;
  return `(${Math.floor(v / columns)}, ${v % columns})`;
}

// Why the game ends at s, as the server's clause (end_clause of solve/play.hpp); `named`: with
// the nodes named, as in a line's reason, or not, as in a position's sentence.
function endClause(entry, s, end, named) {
  const { game } = entry;
  const catWord = game.k > 1 ? 'a cat' : 'the cat';
  const at = (before, v) => (named ? `${before}${nodeName(entry, v)}` : '');
  if (end === 'hole') return `the mouse is ${entry.grid ? 'on the food' : 'in the hole'}${at(' ', s.mouse)}`;
  if (end === 'capture') {
    if (s.cats.includes(s.mouse)) return `${catWord} caught the mouse${at(' on ', s.mouse)}`;
    const inHole = s.cats.find((c) => game.hole[c]);
    return `${catWord} reached the ${entry.grid ? 'food' : 'hole'}${inHole === undefined ? '' : at(' ', inHole)} first`;
  }
  if (end === 'stuck') return s.turn === 'cat' && game.k > 1 ? 'the cats have no legal move' : `the ${s.turn} has no legal move`;
  if (end === 'repetition') return 'a position repeats';
  return `the move limit of ${game.rules.move_limit} moves is reached`;
}

const outcome = (value) => (value === 'draw' ? 'draw' : `${value} wins`);

// What a finished position means, in words (finished_sentence).
function finishedSentence(entry, s, end, value) {
  return `${outcome(value)}: ${endClause(entry, s, end, false)}`;
}

// Why a line ends (line_end_sentence): the page's reason for a value.
function lineReason(entry, line, played) {
  if (line.end === 'cut') return null;
  if (line.end === 'repetition') {
    const cycle = line.positions.length - line.cycle_start;
    return `the next optimal move returns to position ${line.cycle_start}: play repeats a cycle of ${cycle} move${cycle === 1 ? '' : 's'}, a draw`;
  }
  const last = line.positions[line.positions.length - 1];
  const { value } = entry.game.valueOf(last, played + line.positions.length - 1);
  return `${endClause(entry, last, line.end, true)}: ${value === 'draw' ? 'a draw' : outcome(value)}`;
}

function positionJson(entry, s, played) {
  const { value, remoteness } = entry.game.valueOf(s, played);
  const end = entry.game.finished(s, played);
  const sentence = end ? finishedSentence(entry, s, end, value) : valueSentence(value, remoteness);
  return { mouse: s.mouse, cats: s.cats, turn: s.turn, value, remoteness, sentence, finished: end };
}

// Reads mouse, cats, turn and played from a query string and checks them against the game.
function readPosition(entry, query) {
  const { game } = entry;
  const n = game.n;
  const int = (name, text) => {
    if (!/^\d+$/.test(text ?? '')) throw bad(`"${name}" must be a node id`, name);
    return Number(text);
  };
  const mouse = int('mouse', query.get('mouse'));
  if (mouse >= n) throw bad(`node ${mouse} is out of range (nodes are 0..${n - 1})`, 'mouse');
  const catsText = query.get('cats');
  if (!catsText) throw bad('"cats" must list one node per cat, comma-separated', 'cats');
  const cats = catsText.split(',').map((t) => int('cats', t));
  if (cats.length !== game.k) throw bad(`${cats.length} cat nodes given for ${game.k} cat${game.k === 1 ? '' : 's'}`, 'cats');
  for (const c of cats) {
    if (c >= n) throw bad(`node ${c} is out of range (nodes are 0..${n - 1})`, 'cats');
    if (game.barred[c]) throw bad(`a cat may not stand on node ${c}`, 'cats');
  }
  const turn = query.get('turn') ?? 'mouse';
  if (turn !== 'mouse' && turn !== 'cat') throw bad('"turn" must be "mouse" or "cat"', 'turn');
  const playedText = query.get('played') ?? '0';
  if (!/^\d+$/.test(playedText)) throw bad('"played" must be a number of moves', 'played');
  return { s: { mouse, cats: cats.sort((a, b) => a - b), turn }, played: Number(playedText) };
}

export class Api {
  constructor({ examples = [], maxGames = 16, maxStates = 400000, maxBody = 1 << 20 } = {}) {
    this.examples = examples;
    this.games = new Map(); // id -> entry, in least-recently-used order
    this.maxGames = maxGames;
    this.maxStates = maxStates;
    this.maxBody = maxBody;
    this.nextId = 1;
  }

  lookup(id) {
    const entry = this.games.get(id);
    if (!entry) throw new ApiError(404, `no game "${id}" (it may have expired; post it again)`, 'id');
    this.games.delete(id);
    this.games.set(id, entry);
    return entry;
  }

  // POST /api/games
  createGame(body) {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw bad('the body must be a JSON object');
    for (const key of Object.keys(body)) {
      if (!['text', 'format', 'directed', 'generate', 'example', 'rules'].includes(key)) {
        throw bad(`unknown member "${key}" (expected text, format, directed, generate, example, rules)`, key);
      }
    }
    const sources = ['text', 'generate', 'example'].filter((k) => k in body);
    if (sources.length !== 1) throw bad('give exactly one of "text", "generate" and "example"');
    if ('directed' in body && typeof body.directed !== 'boolean') throw bad('expected true or false', 'directed');
    if ('format' in body && !('text' in body)) throw bad('"format" goes with "text"', 'format');
    const started = process.hrtime.bigint();
    let board;
    let title = '';
    let layout = null;
    if ('example' in body) {
      const ex = this.examples.find((e) => e.name === body.example);
      if (!ex) throw bad(`no example "${body.example}"`, 'example');
      board = parseText(ex.text, ex.format);
      title = ex.title;
    } else if ('generate' in body) {
      const g = body.generate;
      if (!g || typeof g !== 'object' || Array.isArray(g)) throw bad('"generate" must be an object', 'generate');
      for (const key of Object.keys(g)) {
        if (!['family', 'nodes', 'seed', 'degree'].includes(key)) throw bad(`unknown member "${key}"`, `generate.${key}`);
      }
      const made = generate(g);
      board = { n: made.n, edges: made.edges, directed: false, fileRules: null, grid: null };
      layout = made.layout;
      title = `${g.family ?? 'random'}, ${made.n} nodes, seed ${g.seed ?? 1}`;
    } else {
      if (Buffer.byteLength(body.text) > this.maxBody) throw new ApiError(413, 'the text is over the size limit', 'text');
      board = parseText(body.text, body.format ?? 'auto', body.directed ?? false);
    }
    let rules;
    let grid = null;
    let catEdges;
    if (board.grid) {
      const map = board.grid;
      const rows = map.rows.length;
      const columns = map.rows[0].length;
      board = { n: rows * columns, edges: gridJumps(map, map.mouseJump), directed: false };
      catEdges = gridJumps(map, map.catJump);
      grid = { rows: map.rows, mouse_jump: map.mouseJump, cat_jump: map.catJump };
      rules = mergeRules(gridRules(map), body.rules);
      if (rules.cats !== 1) throw bad('grid maps have one cat', 'rules.cats');
      const span = Math.max(rows, columns);
      layout = [];
      for (let v = 0; v < board.n; v++) layout.push([((v % columns) + 0.5) / span, (Math.floor(v / columns) + 0.5) / span]);
    } else {
      rules = mergeRules(mergeRules(DEFAULT_RULES, board.fileRules, 'text.rules'), body.rules);
    }
    const n = board.n;
    const valid = validateRules(rules, n);
    if (n > 5000) throw new ApiError(413, `${n} nodes; this server takes at most 5000`, '');
    const game = new Game({ ...board, catEdges }, valid, { maxStates: this.maxStates });
    if (!layout) layout = forceLayout(n, board.edges);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const id = `g${this.nextId++}`;
    const entry = { id, game, grid };
    this.games.set(id, entry);
    while (this.games.size > this.maxGames) this.games.delete(this.games.keys().next().value);
    entry.info = {
      id,
      title,
      nodes: n,
      edges: grid ? [] : board.edges,
      directed: board.directed,
      holes: valid.holes,
      cat_forbidden: valid.cat_forbidden,
      cats: valid.cats,
      start: positionJson(entry, { mouse: valid.mouse, cats: valid.cat, turn: valid.first }, 0),
      rules: valid,
      layout,
      grid,
      states: game.states,
      seconds,
    };
    return entry.info;
  }

  // Routes one request; returns [status, object].
  handle(method, path, query, body) {
    const parts = path.split('/').filter(Boolean); // ['api', ...]
    const only = (allowed) => {
      if (method !== allowed) {
        const e = new ApiError(405, `${method} is not allowed here (use ${allowed})`, path);
        e.allow = allowed;
        throw e;
      }
    };
    if (parts.length === 2 && parts[1] === 'examples') {
      only('GET');
      return [200, this.examples];
    }
    if (parts.length === 2 && parts[1] === 'games') {
      only('POST');
      return [201, this.createGame(body())];
    }
    if (parts[1] === 'games' && parts.length === 3) {
      if (method !== 'GET' && method !== 'DELETE') {
        const e = new ApiError(405, `${method} is not allowed here (use GET or DELETE)`, path);
        e.allow = 'GET, DELETE';
        throw e;
      }
      if (method === 'DELETE') {
        this.lookup(parts[2]);
        this.games.delete(parts[2]);
        return [204, null];
      }
      only('GET');
      return [200, this.lookup(parts[2]).info];
    }
    if (parts[1] === 'games' && parts.length === 4) {
      const what = parts[3];
      if (!['position', 'line', 'valuemap'].includes(what)) throw new ApiError(404, `no such path ${path}`, path);
      only('GET');
      const entry = this.lookup(parts[2]);
      if (what === 'position') {
        const { s, played } = readPosition(entry, query);
        const { moves: found, best } = entry.game.moves(s, played);
        // The move's sentence goes before for_mover, as the server orders its members.
        const moves = found.map(({ for_mover: forMover, ...m }) => ({ ...m, sentence: valueSentence(m.value, m.remoteness), for_mover: forMover }));
        return [200, { mouse: s.mouse, cats: s.cats, turn: s.turn, played, ...positionJson(entry, s, played), moves, best }];
      }
      if (what === 'line') {
        const { s, played } = readPosition(entry, query);
        const line = entry.game.line(s, played);
        return [
          200,
          {
            positions: line.positions.map((p, i) => positionJson(entry, p, played + i)),
            cycle_start: line.cycle_start,
            end: line.end,
            reason: lineReason(entry, line, played),
          },
        ];
      }
      return [200, this.valueMap(entry, query)];
    }
    throw new ApiError(404, `no such path ${path}`, path);
  }

  valueMap(entry, query) {
    const { game } = entry;
    if (game.k !== 1) throw bad('the value map needs a game with one cat', 'cats');
    const text = query.get('mouse') ?? '';
    if (!/^\d+$/.test(text) || Number(text) >= game.n) throw bad(`"mouse" must be a node id below ${game.n}`, 'mouse');
    const mouse = Number(text);
    const turn = query.get('turn') ?? 'mouse';
    if (turn !== 'mouse' && turn !== 'cat') throw bad('"turn" must be "mouse" or "cat"', 'turn');
    const playedText = query.get('played') ?? '0';
    if (!/^\d+$/.test(playedText)) throw bad('"played" must be a number of moves', 'played');
    const cats = [];
    for (let c = 0; c < game.n; c++) {
      if (game.barred[c]) {
        cats.push(null);
        continue;
      }
      const { value, remoteness } = game.valueOf({ mouse, cats: [c], turn }, Number(playedText));
      cats.push({ node: c, value, remoteness, sentence: valueSentence(value, remoteness) });
    }
    return { mouse, turn, cats };
  }
}
