#!/usr/bin/env node
// The browser tests against the real server, as ctest runs them:
//
//   node tests/browser/run_with_server.mjs CATMOUSE OUT_DIR play|interact|widths|mock
//
// Starts `CATMOUSE serve --port 0` (the page and examples it serves are those of its build or
// install tree), then
//   play:     writes the expected lines of both games with `CATMOUSE explain --json`, runs
//             play.mjs with them and saves the screenshot of the board at the end as
//             OUT_DIR/play.png;
//   interact: runs interact.mjs;
//   widths:   runs widths.mjs at 1200 and 390 px wide, its screenshots in OUT_DIR;
//   mock:     runs check_server.mjs: the mock's answers against the server's (no browser);
// and stops the server with SIGTERM, which must end it with status 0.
// Exit status: the test's, 1 when the server misbehaves, 77 (skipped) when Chromium or the npm
// packages are missing (scripts/setup-browser installs them).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { listeningUrl, runScript } from './lib/run.mjs';

const [program, outDir, which] = process.argv.slice(2);
const scripts = { play: 'play.mjs', interact: 'interact.mjs', widths: 'widths.mjs', mock: 'check_server.mjs' };
if (!program || !outDir || !(which in scripts)) {
  console.error('usage: run_with_server.mjs CATMOUSE OUT_DIR play|interact|widths|mock');
  process.exit(2);
}

const chromium = process.env.CHROMIUM || '/usr/bin/chromium';
let playwright = true;
try {
  createRequire(import.meta.url).resolve('playwright-core');
} catch {
  playwright = false;
}
if (which !== 'mock' && (!existsSync(chromium) || !playwright)) {
  console.log(`SKIP: ${!existsSync(chromium) ? `no Chromium at ${chromium}` : 'playwright-core is not installed in tests/browser'}; run scripts/setup-browser`);
  process.exit(77);
}
mkdirSync(outDir, { recursive: true });

const args = [];
if (which === 'play') {
  // The boards play.mjs pastes, and their optimal lines from catmouse explain --json.
  const boards = {
    leetcode2: ['leetcode2.json', '[[1,3],[0],[3],[0,2]]'],
    grid1728: ['grid1728.json', '{"grid": ["####F", "#C...", "M...."], "catJump": 1, "mouseJump": 2}'],
  };
  for (const [name, [file, text]] of Object.entries(boards)) {
    writeFileSync(join(outDir, file), text);
    const line = execFileSync(program, ['explain', '--json', join(outDir, file)], { encoding: 'utf8' });
    writeFileSync(join(outDir, `expect-${name}.json`), line);
  }
  args.push('--expect', join(outDir, 'expect-leetcode2.json'), '--expect-grid', join(outDir, 'expect-grid1728.json'));
  args.push('--screenshot', join(outDir, 'play.png'));
}
if (which === 'mock') args.push('--games', '150');
if (which === 'widths') args.push(outDir);

const server = spawn(program, ['serve', '--port', '0', '--memory', '1G'], { stdio: ['ignore', 'pipe', 'inherit'] });
let exited = null;
const serverExit = new Promise((resolve) => server.on('exit', (code, signal) => resolve((exited = { code, signal }))));
const url = await listeningUrl(
  server,
  serverExit.then(({ code }) => Promise.reject(new Error(`catmouse serve exited (${code}) before listening`))),
).catch((e) => {
  console.error(`run_with_server: ${e.message}`);
  process.exit(1);
});
console.log(`catmouse serve: ${url}`);

const status = await runScript(scripts[which], url, args);
if (exited) {
  console.error(`FAIL: catmouse serve stopped during the test (${JSON.stringify(exited)})`);
  process.exit(1);
}
server.kill('SIGTERM');
const { code, signal } = await serverExit;
if (code !== 0) {
  console.error(`FAIL: catmouse serve ended with ${code ?? signal} on SIGTERM, not 0`);
  process.exit(1);
}
console.log('catmouse serve stopped cleanly on SIGTERM');
process.exit(status);
