#!/usr/bin/env node
// Starts the mock server on a free port, runs the browser tests against it, stops it.
//   node tests/browser/run_with_mock.mjs [ARGS for play.mjs...]
// Exit status: that of the first test that fails, else 0.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

const mock = spawn(process.execPath, [join(here, 'mock_server.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolve, reject) => {
  let out = '';
  mock.stdout.on('data', (chunk) => {
    out += chunk;
    const m = /listening on (\S+)/.exec(out);
    if (m) resolve(m[1]);
  });
  mock.on('exit', (code) => reject(new Error(`the mock server exited (${code})`)));
  setTimeout(() => reject(new Error('the mock server did not start within 10 s')), 10000);
}).catch((e) => {
  console.error(`run_with_mock: ${e.message}`);
  mock.kill();
  process.exit(1);
});

const run = (script, args) => new Promise((resolve) => {
  const child = spawn(process.execPath, [join(here, script), url, ...args], { stdio: 'inherit' });
  child.on('exit', (code) => resolve(code ?? 1));
});

let status = await run('play.mjs', process.argv.slice(2));
if (status === 0) status = await run('interact.mjs', []);
mock.kill();
process.exit(status);
