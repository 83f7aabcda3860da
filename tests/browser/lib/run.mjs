// What the test scripts share: the command line of a random check, the URL a server prints when
// it listens, and running another script of this folder against it.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { SplitMix } from '../mock/generate.mjs';

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
