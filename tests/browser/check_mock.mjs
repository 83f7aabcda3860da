#!/usr/bin/env node
// Compares the mock's solver with the catmouse program on random small games and rule variants:
// the value and remoteness of the start, and (one cat, no move limit) the optimal line.
//
//   node tests/browser/check_mock.mjs path/to/catmouse [--games 300] [--seed 1]
//
// Exit 0 when every game agrees, 1 on the first disagreement (printed with its input).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Game, DEFAULT_RULES, mergeRules, validateRules } from './mock/game.mjs';
import { generate } from './mock/generate.mjs';
import { randomCheckArgs } from './lib/run.mjs';

const { first: program, games, rng, pick } = randomCheckArgs('check_mock.mjs CATMOUSE', 300);
const dir = mkdtempSync(join(tmpdir(), 'check-mock-'));

let checked = 0;
try {
  for (let g = 0; g < games; g++) {
    const n = 4 + rng.below(6);
    const family = pick(['random', 'random', 'tree', 'cycle', 'grid', 'maze']);
    const { edges } = generate({ family, nodes: n, seed: rng.below(1e6), degree: family === 'random' ? Math.min(n - 1, 2 + rng.below(3)) : 4 });
    const adj = Array.from({ length: n }, () => []);
    for (const [u, v] of edges) adj[u].push(v), adj[v].push(u);
    const rules = {};
    if (rng.below(3) === 0) rules.holes = rng.below(4) === 0 ? [] : [0, 3 + rng.below(n - 3)].filter((v, i, a) => a.indexOf(v) === i);
    if (rng.below(4) === 0) rules.cat_forbidden = [0];
    if (rng.below(3) === 0) rules.mouse_stays = true;
    if (rng.below(3) === 0) rules.cat_stays = true;
    if (rng.below(3) === 0) rules.first = 'cat';
    if (rng.below(5) === 0) rules.stuck = 'draw';
    if (rng.below(5) === 0) {
      rules.cat_wins_in_hole = true;
      rules.cat_forbidden = [];
    }
    if (rng.below(4) === 0) rules.cat = [2, 3 + rng.below(n - 3)];
    if (rng.below(4) === 0) {
      rules.move_limit = 1 + rng.below(8);
      if (rng.below(2) === 0 && rules.stuck !== 'draw') rules.limit_outcome = 'cat';
    }
    let game;
    let valid;
    try {
      valid = validateRules(mergeRules(DEFAULT_RULES, rules), n);
      game = new Game({ n, edges, directed: false }, valid);
    } catch {
      continue; // rules that do not fit this graph
    }
    const file = join(dir, 'game.json');
    writeFileSync(file, JSON.stringify({ graph: adj, rules }));
    let out;
    try {
      out = JSON.parse(execFileSync(program, ['explain', '--json', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    } catch {
      out = null;
    }
    if (out === null && valid.cats > 1) {
      // explain --json answers in text for several cats; solve --json has the value.
      out = JSON.parse(execFileSync(program, ['solve', '--json', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    }
    const start = { mouse: valid.mouse, cats: valid.cat, turn: valid.first };
    const mine = game.valueOf(start, 0);
    const fail = (what) => {
      console.error(`disagreement (${what}) on ${JSON.stringify({ graph: adj, rules })}`);
      console.error(`mock: ${JSON.stringify(mine)}; catmouse: ${JSON.stringify({ winner: out.winner, remoteness: out.remoteness })}`);
      process.exit(1);
    };
    if (mine.value !== out.winner || mine.remoteness !== out.remoteness) fail('start value');
    if (valid.cats === 1 && valid.move_limit === 0 && out.line) {
      const line = game.line(start, 0);
      const theirs = out.line.map((p) => `${p.mouse},${p.cat},${p.turn}`).join(' ');
      const ours = line.positions.map((p) => `${p.mouse},${p.cats[0]},${p.turn}`).join(' ');
      if (theirs !== ours || line.end !== out.end || line.cycle_start !== out.cycle_start) fail(`line ${ours} vs ${theirs}`);
    }
    checked++;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${checked} games agree with ${program}`);
