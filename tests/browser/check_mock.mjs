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
import { randomCheckArgs, randomGraph, randomRules } from './lib/run.mjs';

const { first: program, games, rng } = randomCheckArgs('check_mock.mjs CATMOUSE', 300);
const dir = mkdtempSync(join(tmpdir(), 'check-mock-'));

let checked = 0;
try {
  for (let g = 0; g < games; g++) {
    const { n, edges } = randomGraph(rng, ['random', 'random', 'tree', 'cycle', 'grid', 'maze']);
    const adj = Array.from({ length: n }, () => []);
    for (const [u, v] of edges) adj[u].push(v), adj[v].push(u);
    const rules = randomRules(rng, n, { catForbidden: true });
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
