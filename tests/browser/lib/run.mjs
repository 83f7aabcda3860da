// What the test scripts share: the command line of a random check and its random games, the URL a
// server prints when it listens, and running another script of this folder against it.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { SplitMix, generate } from '../mock/generate.mjs';

const here = join(dirname(fileURLToPath(import.meta.url)), '..');

// `SCRIPT FIRST [--games N] [--seed S]`: exits 2 with `usage` when FIRST is missing; returns FIRST,
// the number of games (`games` unless given), the random source (seed 1 unless given) and a pick
// from a list by it.
export function randomCheckArgs(usage, games) {
  const args = process.argv.slice(2);
  if (!args[0]) {
    console.error(`usage: ${usage} [--games N] [--seed S]`);
    process.exit(2);
  }
  const flag = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 ? Number(args[i + 1]) : fallback;
  };
  const rng = new SplitMix(flag('--seed', 1));
  return { first: args[0], games: flag('--games', games), rng, pick: (list) => list[rng.below(list.length)] };
}

// A random graph of 4 to 9 nodes of one of `families`: {n, edges}.
export function randomGraph(rng, families) {
  const n = 4 + rng.below(6);
  const family = families[rng.below(families.length)];
  const { edges } = generate({ family, nodes: n, seed: rng.below(1e6), degree: family === 'random' ? Math.min(n - 1, 2 + rng.below(3)) : 4 });
  return { n, edges };
}

// Random rule variants for an n-node graph: holes, stays, who moves first, the stuck rule, the
// cat winning in a hole, two cats (one time in `twoCats`), a move limit, and with `catForbidden`
// the nodes the cat may not enter.
export function randomRules(rng, n, { catForbidden = false, twoCats = 4 } = {}) {
  const rules = {};
  if (rng.below(3) === 0) rules.holes = rng.below(4) === 0 ? [] : [0, 3 + rng.below(n - 3)].filter((v, i, a) => a.indexOf(v) === i);
  if (catForbidden && rng.below(4) === 0) rules.cat_forbidden = [0];
  if (rng.below(3) === 0) rules.mouse_stays = true;
  if (rng.below(3) === 0) rules.cat_stays = true;
  if (rng.below(3) === 0) rules.first = 'cat';
  if (rng.below(5) === 0) rules.stuck = 'draw';
  if (rng.below(5) === 0) {
    rules.cat_wins_in_hole = true;
    rules.cat_forbidden = [];
  }
  if (rng.below(twoCats) === 0) rules.cat = [2, 3 + rng.below(n - 3)];
  if (rng.below(4) === 0) {
    rules.move_limit = 1 + rng.below(8);
    if (rng.below(2) === 0 && rules.stuck !== 'draw') rules.limit_outcome = 'cat';
  }
  return rules;
}

// The URL a started server prints as "listening on URL"; rejects when `ended` (a promise of the
// server's end) settles first.
export function listeningUrl(server, ended) {
  return new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    ended.then(reject, reject);
  });
}

// Runs this folder's `script` with `url` and `args`, its output shown; its exit status.
export function runScript(script, url, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(here, script), url, ...args], { stdio: 'inherit' });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}
