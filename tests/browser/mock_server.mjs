#!/usr/bin/env node
// A mock of `catmouse serve` for developing and testing the web page: it serves web/ and the whole
// JSON API of docs/server.md, with its own small solver in JavaScript (tests/browser/mock/).
//
//   node tests/browser/mock_server.mjs [--port 8913] [--host 127.0.0.1] [--max-games 16]
//                                      [--max-states 400000] [--delay MS]
//
// --port 0 picks a free port. The first line on stdout is "listening on http://HOST:PORT/".
// --delay answers every API request that many milliseconds late (to see the page's busy states).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { Api, loadExamples } from './mock/api.mjs';
import { ApiError } from './mock/parse.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const webDir = join(root, 'web');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

function options(argv) {
  const out = { port: 8913, host: '127.0.0.1', maxGames: 16, maxStates: 400000, delay: 0 };
  for (let i = 0; i < argv.length; i++) {
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${argv[i]} needs a value`);
      return argv[++i];
    };
    switch (argv[i]) {
      case '--port':
        out.port = Number(value());
        break;
      case '--host':
        out.host = value();
        break;
      case '--max-games':
        out.maxGames = Number(value());
        break;
      case '--max-states':
        out.maxStates = Number(value());
        break;
      case '--delay':
        out.delay = Number(value());
        break;
      case '--help':
        console.log('usage: mock_server.mjs [--port N] [--host H] [--max-games N] [--max-states N] [--delay MS]');
        process.exit(0);
        break;
      default:
        throw new Error(`unknown option ${argv[i]}`);
    }
  }
  return out;
}

function send(res, status, body, type = 'application/json', extra = {}) {
  const text = body === null ? '' : type === 'application/json' ? JSON.stringify(body) : body;
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...extra,
  });
  res.end(text);
}

// A path under /static/ names a file of web/: segments of letters, digits, '.', '_' and '-', none
// starting with '.'.
function staticFile(path) {
  if (path === '/') return join(webDir, 'index.html');
  if (!path.startsWith('/static/')) return null;
  const segments = path.slice('/static/'.length).split('/');
  if (!segments.every((s) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(s))) return null;
  return join(webDir, ...segments);
}

async function serveStatic(req, res, path) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed\n', 'text/plain', { Allow: 'GET, HEAD' });
  const file = staticFile(path);
  const ext = file && file.slice(file.lastIndexOf('.'));
  if (!file || !(ext in TYPES)) return send(res, 404, 'not found\n', 'text/plain');
  try {
    const data = await readFile(file);
    res.writeHead(200, { 'Content-Type': TYPES[ext], 'Content-Length': data.length, 'Cache-Control': 'no-cache' });
    res.end(req.method === 'HEAD' ? undefined : data);
  } catch {
    send(res, 404, 'not found\n', 'text/plain');
  }
}

function readBody(req, limit) {
  return new Promise((resolveBody, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > limit) {
        reject(new ApiError(413, `the body is over ${limit} bytes`, ''));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function startServer(opts) {
  const api = new Api({ examples: loadExamples(join(root, 'examples')), maxGames: opts.maxGames, maxStates: opts.maxStates });
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const path = url.pathname;
    if (path !== '/api' && !path.startsWith('/api/')) return serveStatic(req, res, path);
    try {
      if (opts.delay) await new Promise((r) => setTimeout(r, opts.delay));
      let text = '';
      if (req.method === 'POST') text = await readBody(req, api.maxBody);
      const body = () => {
        try {
          return JSON.parse(text);
        } catch (e) {
          throw new ApiError(400, `malformed JSON: ${e.message}`, 'body');
        }
      };
      const [status, out] = api.handle(req.method, path, url.searchParams, body);
      send(res, status, out);
    } catch (e) {
      if (e instanceof ApiError) {
        send(res, e.status, { error: e.message, where: e.where ?? '' }, 'application/json', e.allow ? { Allow: e.allow } : {});
      } else {
        console.error(e);
        send(res, 500, { error: `internal error: ${e.message}`, where: '' });
      }
    }
  });
  return new Promise((resolveStart) => {
    server.listen(opts.port, opts.host, () => resolveStart(server));
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let opts;
  try {
    opts = options(process.argv.slice(2));
  } catch (e) {
    console.error(`mock_server: ${e.message}`);
    process.exit(2);
  }
  const server = await startServer(opts);
  const { port } = server.address();
  console.log(`listening on http://${opts.host}:${port}/`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
}
