#!/usr/bin/env node
// Plays the page in headless Chromium against a server (catmouse serve, or the mock):
//
//   node tests/browser/play.mjs SERVER_URL [--expect FILE.json] [--expect-grid FILE.json]
//                               [--screenshot FILE] [--timeout MS]
//
// 1. pastes LeetCode 913's example 2, [[1,3],[0],[3],[0,2]], and plays it as the mouse against
//    the engine by clicking on the board, always the best move (green, fewest moves);
// 2. does the same with the LeetCode 1728 map {"grid": ["####F", "#C...", "M...."], ...};
// 3. checks at each of the mouse's turns the value shown (#status) against the optimal line of
//    --expect / --expect-grid, then the whole game record and the game-over message;
// 4. generates a random 200-node graph and prints "first drawing of a 200-node graph: N ms".
// The expected lines are `catmouse explain --json` output (an object with "line", or the bare
// array): positions {mouse, cat (or cats), turn, value, remoteness}. By default they are
// tests/browser/expect/leetcode2.json and grid1728.json. Any console error or warning fails.
// Exit 0: passed; 1: failed, with the reason on stderr; 2: usage.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { openBrowser, watchConsole } from './lib/browser.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const LEETCODE2 = '[[1,3],[0],[3],[0,2]]';
const GRID = '{"grid": ["####F", "#C...", "M...."], "catJump": 1, "mouseJump": 2}';

function usage(message) {
  if (message) console.error(`play.mjs: ${message}`);
  console.error('usage: play.mjs SERVER_URL [--expect FILE.json] [--expect-grid FILE.json] [--screenshot FILE] [--timeout MS]');
  process.exit(2);
}

function parseArgs(argv) {
  const out = {
    url: null,
    expect: join(here, 'expect', 'leetcode2.json'),
    expectGrid: join(here, 'expect', 'grid1728.json'),
    screenshot: null,
    timeout: 20000,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => (i + 1 < argv.length ? argv[++i] : usage(`${a} needs a value`));
    if (a === '--expect') out.expect = value();
    else if (a === '--expect-grid') out.expectGrid = value();
    else if (a === '--screenshot') out.screenshot = value();
    else if (a === '--timeout') out.timeout = Number(value());
    else if (a === '--help' || a === '-h') usage();
    else if (a.startsWith('--')) usage(`unknown option ${a}`);
    else if (!out.url) out.url = a;
    else usage(`unexpected argument ${a}`);
  }
  if (!out.url) usage('SERVER_URL is missing');
  return out;
}

class Failure extends Error {}
const fail = (message) => {
  throw new Failure(message);
};

// An expected line: positions {mouse, cats, turn, value, remoteness}, and how it ends.
function readExpected(file) {
  let doc;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    usage(`cannot read ${file}: ${e.message}`);
  }
  const line = Array.isArray(doc) ? doc : doc.line;
  if (!Array.isArray(line) || line.length === 0) usage(`${file}: no "line" array of positions`);
  return {
    end: Array.isArray(doc) ? null : doc.end ?? null,
    positions: line.map((p, i) => {
      const cats = Array.isArray(p.cats) ? [...p.cats].sort((a, b) => a - b) : [p.cat];
      if (!Number.isInteger(p.mouse) || !cats.every(Number.isInteger) || !['mouse', 'cat'].includes(p.turn)) {
        usage(`${file}: position ${i} needs mouse, cat (or cats) and turn`);
      }
      return { mouse: p.mouse, cats, turn: p.turn, value: p.value, remoteness: p.remoteness ?? null };
    }),
  };
}

const show = (p) => `mouse ${p.mouse}, cats ${p.cats.join(',')}, ${p.turn} to move: ${p.value}${p.remoteness === null ? '' : ` in ${p.remoteness}`}`;

async function waitReady(page, timeout) {
  await page.waitForSelector('#app[data-ready="true"]', { timeout });
}

async function statusOf(page) {
  return page.$eval('#status', (s) => ({
    mouse: Number(s.dataset.mouse),
    cats: s.dataset.cats.split(',').map(Number),
    turn: s.dataset.turn,
    value: s.dataset.value,
    remoteness: s.dataset.remoteness === '' ? null : Number(s.dataset.remoteness),
    finished: s.dataset.finished,
    played: Number(s.dataset.played),
    text: s.textContent,
  }));
}

// Pastes a text into the input panel and loads it; waits for the new game's first position.
async function loadText(page, text, timeout) {
  const loads = await page.$eval('#app', (a) => Number(a.dataset.loads ?? 0));
  await page.fill('#paste-input', text);
  await page.selectOption('#format', 'auto');
  await page.click('#load-button');
  await page.waitForFunction((n) => Number(document.getElementById('app').dataset.loads ?? 0) > n, loads, { timeout });
  await waitReady(page, timeout);
  const message = await page.$eval('#message', (m) => (m.hidden ? '' : m.textContent.trim()));
  if (message) fail(`loading ${text} showed the message: ${message}`);
}

// Plays the loaded game as the mouse, clicking the best move each turn, and checks every shown
// value against the expected line.
async function playAsMouse(page, name, expected, timeout) {
  const line = expected.positions;
  for (let guard = 0; guard < 4 * line.length + 10; guard++) {
    await waitReady(page, timeout);
    const s = await statusOf(page);
    const k = s.played;
    if (s.finished) break;
    if (k >= line.length) fail(`${name}: the game goes on past the expected line (${line.length} positions) at ${show(s)}`);
    const want = line[k];
    if (s.mouse !== want.mouse || s.cats.join() !== want.cats.join() || s.turn !== want.turn) {
      fail(`${name}: position ${k} is ${show(s)}, expected ${show(want)}`);
    }
    if (s.value !== want.value || s.remoteness !== want.remoteness) {
      fail(`${name}: position ${k} shows ${s.value}/${s.remoteness} ("${s.text}"), expected ${want.value}/${want.remoteness}`);
    }
    if (s.turn !== 'mouse') fail(`${name}: position ${k} waits with the cat to move while the engine plays the cat`);
    // The best move on the board: a win of fewest moves, else a draw, else the slowest loss;
    // ties to the smallest node.
    const moves = await page.$$eval('#board [data-node][data-move]', (gs) =>
      gs.map((g) => ({ node: Number(g.dataset.node), kind: g.dataset.move, remoteness: g.dataset.remoteness === '' ? null : Number(g.dataset.remoteness) })));
    if (moves.length === 0) fail(`${name}: no move is marked on the board at position ${k}`);
    const rank = (m) => (m.kind === 'win' ? [0, m.remoteness] : m.kind === 'draw' ? [1, 0] : [2, -m.remoteness]);
    moves.sort((a, b) => rank(a)[0] - rank(b)[0] || rank(a)[1] - rank(b)[1] || a.node - b.node);
    const best = moves[0];
    const next = line[k + 1];
    if (next) {
      if (best.node !== next.mouse) fail(`${name}: the best move shown at position ${k} goes to ${best.node}, the expected line to ${next.mouse}`);
      const kind = next.value === 'draw' ? 'draw' : next.value === 'mouse' ? 'win' : 'loss';
      if (best.kind !== kind || best.remoteness !== next.remoteness) {
        fail(`${name}: the move to ${best.node} is marked ${best.kind} in ${best.remoteness}, expected ${kind} in ${next.remoteness}`);
      }
    }
    await page.click(`#board g[data-node="${best.node}"]`);
    await page.waitForFunction((p) => Number(document.getElementById('status').dataset.played) > p, k, { timeout });
  }
  await waitReady(page, timeout);
  const s = await statusOf(page);
  if (!s.finished) fail(`${name}: the game did not end`);
  // The game record holds every position played, with the values shown.
  const record = await page.$$eval('#record li', (lis) =>
    lis.map((li) => ({
      mouse: Number(li.dataset.mouse),
      cats: li.dataset.cats.split(',').map(Number),
      turn: li.dataset.turn,
      value: li.dataset.value,
      remoteness: li.dataset.remoteness === '' || li.dataset.remoteness === undefined ? null : Number(li.dataset.remoteness),
    })));
  const last = expected.end === 'repetition' ? line.length + 1 : line.length;
  if (record.length !== last) fail(`${name}: the game record has ${record.length} positions, the expected line ${last}`);
  line.forEach((want, k) => {
    const got = record[k];
    if (show(got) !== show(want)) fail(`${name}: record position ${k} is ${show(got)}, expected ${show(want)}`);
  });
  const result = await page.$eval('#result', (r) => ({ hidden: r.hidden, text: r.textContent, winner: r.dataset.winner }));
  const winner = expected.end === 'repetition' ? 'draw' : line[line.length - 1].value;
  if (result.hidden || !result.text.startsWith('Game over')) fail(`${name}: no game-over message`);
  if (result.winner !== winner) fail(`${name}: the game-over message says ${result.winner} ("${result.text}"), expected ${winner}`);
  console.log(`ok: ${name}: ${record.length} positions as expected; "${result.text}"`);
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const expected = readExpected(opts.expect);
  const expectedGrid = readExpected(opts.expectGrid);
  const browser = await openBrowser({ width: 1280, height: 800 });
  let page;
  let problems = [];
  try {
    page = await browser.context.newPage();
    problems = watchConsole(page);
    await page.goto(opts.url, { timeout: opts.timeout });
    await waitReady(page, opts.timeout);
    await page.click('#side-mouse');
    await waitReady(page, opts.timeout);

    await loadText(page, LEETCODE2, opts.timeout);
    await playAsMouse(page, 'LeetCode 913 example 2', expected, opts.timeout);
    // Keyboard: u takes the move back, r plays it again.
    await page.focus('body');
    await page.keyboard.press('u');
    await page.waitForFunction(() => document.getElementById('status').dataset.played === '0' && document.getElementById('result').hidden, null, { timeout: opts.timeout });
    await page.keyboard.press('r');
    await page.waitForFunction(() => !document.getElementById('result').hidden, null, { timeout: opts.timeout });
    console.log('ok: undo and redo with the keys u and r');

    await loadText(page, GRID, opts.timeout);
    await playAsMouse(page, 'LeetCode 1728 map', expectedGrid, opts.timeout);
    if (opts.screenshot) {
      await page.screenshot({ path: opts.screenshot });
      console.log(`screenshot: ${opts.screenshot}`);
    }

    // First drawing of a 200-node graph: from navigation, then from pressing Generate.
    const big = new URL('/?generate=random&nodes=200&seed=1', opts.url).href;
    await page.goto(big, { timeout: opts.timeout });
    const fromNavigation = await page.evaluate(() => new Promise((resolve) => {
      const check = () => {
        if (document.querySelectorAll('#board svg g[data-node]').length === 200) resolve(performance.now());
        else requestAnimationFrame(check);
      };
      check();
    }));
    await waitReady(page, opts.timeout);
    await page.fill('#gen-seed', '2');
    const fromSubmit = await page.evaluate(() => new Promise((resolve) => {
      const before = document.querySelector('#board svg');
      const t0 = performance.now();
      document.getElementById('generate-button').click();
      const check = () => {
        const svg = document.querySelector('#board svg');
        const fresh = document.getElementById('app').dataset.game;
        if (svg && svg.querySelectorAll('g[data-node]').length === 200 && fresh !== before.dataset.game && svg.querySelector('.pieces')) resolve(performance.now() - t0);
        else requestAnimationFrame(check);
      };
      before.dataset.game = document.getElementById('app').dataset.game;
      check();
    }));
    await waitReady(page, opts.timeout);
    console.log(`first drawing of a 200-node graph: ${Math.round(fromNavigation)} ms from navigation, ${Math.round(fromSubmit)} ms from pressing Generate`);
    const message = await page.$eval('#message', (m) => (m.hidden ? '' : m.textContent.trim()));
    if (message) fail(`the 200-node graph showed the message: ${message}`);
    if (problems.length) fail(`the console reported:\n  ${problems.join('\n  ')}`);
  } catch (e) {
    if (page && opts.screenshot) await page.screenshot({ path: opts.screenshot }).catch(() => {});
    const reason = e instanceof Failure ? e.message : `${e.name}: ${e.message}`;
    console.error(`FAIL: ${reason}`);
    if (problems.length && !(e instanceof Failure && reason.includes('console'))) console.error(`console:\n  ${problems.join('\n  ')}`);
    await browser.close();
    process.exit(1);
  }
  await browser.close();
  console.log('PASS');
}

main();
