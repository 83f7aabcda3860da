#!/usr/bin/env node
// Starts the mock server on a free port, runs the browser tests against it, stops it.
//   node tests/browser/run_with_mock.mjs [ARGS for play.mjs...]
// Exit status: that of the first test that fails, else 0.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { listeningUrl, runScript } from './lib/run.mjs';

const here = dirname(fileURLToPath(import.meta.url));

const mock = spawn(process.execPath, [join(here, 'mock_server.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const ended = new Promise((resolve, reject) => {
  mock.on('exit', (code) => reject(new Error(`the mock server exited (${code})`)));
  setTimeout(() => reject(new Error('the mock server did not start within 10 s')), 10000);
});
const url = await listeningUrl(mock, ended).catch((e) => {
  console.error(`run_with_mock: ${e.message}`);
  mock.kill();
  process.exit(1);
});

let status = await runScript('play.mjs', url, process.argv.slice(2));
if (status === 0) status = await runScript('interact.mjs', url, []);
mock.kill();
process.exit(status);
