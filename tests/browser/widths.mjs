#!/usr/bin/env node
// The page at a desktop width (1200 x 800) and a phone's (390 x 844, touch), in headless Chromium
// against a server:
//
//   node tests/browser/widths.mjs SERVER_URL OUT_DIR
//
// At each width: no node disc overlaps another, no control covers the board, and no node or piece
// lies under a control, on
// LeetCode 913's example 1 and on random graphs of 30 (both widths), 100 and 200 nodes (desktop),
// whose drawings must also fill the board; the header reads the server's sentence for the start,
// and follows the rules after a change; the
// value map keeps the node numbers and takes the moves' colours, with a legend; the Example menu
// names the source on show; the file button shows its whole label; a touch screen reads "tap",
// not "hover". Screenshots go to OUT_DIR/widths-<width>-<step>.png.
// Exit 0: passed; 1: failed, with the reason on stderr.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { openBrowser, watchConsole } from './lib/browser.mjs';

const [url, out] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: widths.mjs SERVER_URL OUT_DIR');
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const TIMEOUT = 30000;

class Failure extends Error {}
const check = (ok, message) => {
  if (!ok) throw new Failure(message);
};

const loads = (page) => page.$eval('#app', (a) => Number(a.dataset.loads ?? 0));
const ready = (page) => page.waitForSelector('#app[data-ready="true"]', { timeout: TIMEOUT });

async function open(page, query) {
  await page.goto(new URL(`/?${query}`, url).href, { timeout: TIMEOUT });
  await page.waitForFunction(() => Number(document.getElementById('app').dataset.loads ?? 0) > 0, null, { timeout: TIMEOUT });
  await ready(page);
}

// Runs `act` and waits for the game it loads.
async function reload(page, act) {
  const before = await loads(page);
  await act();
  await page.waitForFunction((n) => Number(document.getElementById('app').dataset.loads ?? 0) > n, before, { timeout: TIMEOUT });
  await ready(page);
}

// Discs that overlap, nodes or pieces under a visible control, and nodes outside the board; and
// the share of the board's width and height that the node centres span.
function measure() {
  const board = document.querySelector('#board svg').getBoundingClientRect();
  const circle = (c) => {
    const r = c.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2, r: r.width / 2, what: c.closest('[data-node]')?.dataset.node ?? c.closest('[data-piece]')?.dataset.piece };
  };
  const discs = [...document.querySelectorAll('#board .node .disc')].map(circle);
  const pieces = [...document.querySelectorAll('#board .piece-halo')].map(circle);
  // A control scrolled under the board's sticky stage (wide screens) is hidden by it, not over it.
  const underStage = (e, r) => {
    const y = r.top + r.height / 2;
    if (y < 0 || y > innerHeight || e.closest('.stage')) return false;
    const top = document.elementFromPoint(r.left + r.width / 2, y);
    return !!top && !e.contains(top) && !!top.closest('.stage');
  };
  const controls = [...document.querySelectorAll('button, select, input, textarea, label, summary')]
    .filter((e) => !e.closest('#board') && !underStage(e, e.getBoundingClientRect()))
    .map((e) => ({ rect: e.getBoundingClientRect(), name: e.id || e.textContent.trim().slice(0, 20) }))
    .filter(({ rect }) => rect.width > 1 && rect.height > 1);
  const problems = [];
  for (let i = 0; i < discs.length; i++) {
    for (let j = i + 1; j < discs.length; j++) {
      const a = discs[i];
      const b = discs[j];
      if (Math.hypot(a.x - b.x, a.y - b.y) < a.r + b.r - 0.5) problems.push(`node ${a.what} overlaps node ${b.what}`);
    }
  }
  // A control over the drawing hides whatever panning or zooming brings under it.
  for (const { rect, name } of controls) {
    const across = Math.min(rect.right, board.right) - Math.max(rect.left, board.left);
    const down = Math.min(rect.bottom, board.bottom) - Math.max(rect.top, board.top);
    if (across > 0.5 && down > 0.5) problems.push(`the control "${name}" covers the board`);
  }
  for (const c of [...discs, ...pieces]) {
    for (const { rect, name } of controls) {
      const nx = Math.max(rect.left, Math.min(c.x, rect.right));
      const ny = Math.max(rect.top, Math.min(c.y, rect.bottom));
      if (Math.hypot(nx - c.x, ny - c.y) < c.r - 0.5) problems.push(`${/^\d+$/.test(c.what) ? 'node ' : 'the '}${c.what} lies under the control "${name}"`);
    }
    if (c.x - c.r < board.left - 0.5 || c.x + c.r > board.right + 0.5 || c.y - c.r < board.top - 0.5 || c.y + c.r > board.bottom + 0.5) {
      problems.push(`${c.what} is cut by the edge of the board`);
    }
  }
  const radii = discs.map((d) => d.r).sort((a, b) => a - b);
  const xs = discs.map((d) => d.x);
  const ys = discs.map((d) => d.y);
  return {
    problems,
    spanX: (Math.max(...xs) - Math.min(...xs)) / board.width,
    spanY: (Math.max(...ys) - Math.min(...ys)) / board.height,
    // The median radius against the side of the board's share per node.
    size: radii[Math.floor(radii.length / 2)] / Math.sqrt((board.width * board.height) / discs.length),
  };
}

async function noOverlap(page, what, { fill = false } = {}) {
  const m = await page.evaluate(measure);
  check(m.problems.length === 0, `${what}: ${m.problems.slice(0, 5).join('; ')}${m.problems.length > 5 ? `; and ${m.problems.length - 5} more` : ''}`);
  if (fill) {
    // Separate means apart at a size one can see and tap, not shrunk to dots.
    check(m.size >= 0.1, `${what}: the discs are ${(m.size * 100).toFixed(1)}% of the board's side per node across, under 10%: nodes are not kept apart`);
    check(m.spanX >= 0.7 && m.spanY >= 0.7, `${what}: the nodes span ${Math.round(m.spanX * 100)}% of the board's width and ${Math.round(m.spanY * 100)}% of its height, not 70% of both`);
  }
}

// Whether the value (#status), its reason (#reason) and the board lie within the window, as the
// page is first shown (a teacher's first screen) or after a step. `reason`: whether the reason
// must be there (it is empty once the game is over).
async function inView(page, what, { reason = true } = {}) {
  const boxes = await page.evaluate(() => {
    const box = (sel) => {
      const e = document.querySelector(sel);
      if (!e || e.hidden) return null;
      const r = e.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, text: e.textContent.trim() };
    };
    return { width: innerWidth, height: innerHeight, status: box('#status'), reason: box('#reason'), board: box('#board svg') };
  });
  for (const name of ['status', 'reason', 'board']) {
    const b = boxes[name];
    if (name === 'reason' && !reason) continue;
    check(b, `${what}: #${name} is not shown`);
    check(b.top >= -0.5 && b.left >= -0.5 && b.bottom <= boxes.height + 0.5 && b.right <= boxes.width + 0.5,
      `${what}: #${name} lies at ${Math.round(b.left)},${Math.round(b.top)} to ${Math.round(b.right)},${Math.round(b.bottom)}, not within the window of ${boxes.width} x ${boxes.height}`);
  }
  if (reason) check(boxes.reason.text.length > 20, `${what}: the reason reads "${boxes.reason.text}"`);
  return boxes;
}

// For each piece, the number of the node it stands on is shown and nothing of the piece covers
// it: the label's box looks the same with the pieces hidden, and a point in it reaches the node,
// not the piece.
async function numbersUnderPieces(page, what) {
  const labels = await page.evaluate(() => {
    const s = document.getElementById('status').dataset;
    const nodes = [s.mouse, ...s.cats.split(',')];
    return {
      on: document.querySelector('#board svg').dataset.labels,
      pieces: document.querySelectorAll('#board [data-piece]').length,
      nodes: nodes.map((v) => {
        const label = document.querySelector(`#board g[data-node="${v}"] .label`);
        const r = label.getBoundingClientRect();
        const inside = [[0.5, 0.5], [0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]].map(([fx, fy]) => {
          const hit = document.elementFromPoint(r.left + fx * r.width, r.top + fy * r.height);
          return hit?.closest('[data-piece]') ? 'a piece' : hit?.closest(`g[data-node="${v}"]`) ? 'the node' : hit?.tagName ?? 'nothing';
        });
        return { node: v, text: label.textContent, shown: getComputedStyle(label).display !== 'none', box: { x: r.left, y: r.top, width: r.width, height: r.height }, inside };
      }),
    };
  });
  check(labels.on === 'on', `${what}: the node numbers are hidden (data-labels="${labels.on}")`);
  check(labels.pieces === labels.nodes.length, `${what}: ${labels.pieces} pieces for ${labels.nodes.length} positions`);
  for (const n of labels.nodes) {
    check(n.shown && n.text === n.node, `${what}: node ${n.node} under a piece is labelled "${n.text}"${n.shown ? '' : ' (hidden)'}`);
    check(n.box.height >= 8, `${what}: the number of node ${n.node} is ${n.box.height.toFixed(1)} px high`);
    check(n.inside.every((x) => x === 'the node'), `${what}: within the number of node ${n.node} a point reaches ${n.inside.join(', ')}`);
    const clip = { x: Math.floor(n.box.x), y: Math.floor(n.box.y), width: Math.ceil(n.box.width) + 1, height: Math.ceil(n.box.height) + 1 };
    const withPieces = await page.screenshot({ clip });
    await page.addStyleTag({ content: '#board .pieces { visibility: hidden; }' });
    const without = await page.screenshot({ clip });
    await page.evaluate(() => document.head.lastElementChild.remove());
    check(withPieces.equals(without), `${what}: the piece on node ${n.node} covers part of its number`);
  }
}

const WIDTHS = [
  { name: '1200', size: { width: 1200, height: 800 } },
  { name: '390', size: { width: 390, height: 844, mobile: true } },
];

// Each step opens the page afresh, so that every check runs (and can fail) on its own.
async function run(width, page, problems) {
  const shot = (step) => page.screenshot({ path: join(out, `widths-${width.name}-${step}.png`), fullPage: width.size.mobile });
  const phone = !!width.size.mobile;
  const failures = [];
  const step = async (name, fn) => {
    try {
      await open(page, 'example=leetcode1');
      await fn();
      check(problems.length === 0, `console:\n  ${problems.splice(0).join('\n  ')}`);
      console.log(`ok: ${width.name} px: ${name}`);
    } catch (e) {
      failures.push(`${name}: ${e instanceof Failure ? e.message : `${e.name}: ${e.message}`}`);
      await page.screenshot({ path: join(out, `widths-${width.name}-failure-${failures.length}.png`) }).catch(() => {});
    }
  };

  await step('nodes apart and clear of the controls', async () => {
  await shot('leetcode1');
  await noOverlap(page, 'LeetCode 913 example 1');
  });

  await step('the value, its reason and the board in the first screen; numbers under the pieces', async () => {
    await inView(page, 'LeetCode 913 example 1');
    const reason = await page.$eval('#reason', (r) => r.textContent);
    check(/returns to position 1\b.*cycle of 4 moves/.test(reason), `example 1 is a draw by repetition, but the reason reads "${reason}"`);
    await numbersUnderPieces(page, 'LeetCode 913 example 1');
    if (!phone) {
      // A window as tall as a classroom projector's, too.
      await page.setViewportSize({ width: 1200, height: 900 });
      await open(page, 'example=leetcode1');
      await inView(page, 'LeetCode 913 example 1 at 1200 x 900');
      await page.setViewportSize(width.size);
    }
  });

  await step('the long example: its heading says the win\'s length', async () => {
    await open(page, 'example=long50');
    const head = await page.evaluate(async () => {
      const game = await (await fetch(`/api/games/${document.getElementById('app').dataset.game}`)).json();
      return { start: game.start, title: document.getElementById('game-title').textContent };
    });
    check(head.start.value !== 'draw' && head.start.remoteness >= 100, `the long example's start is ${head.start.sentence}, not a forced win of 100 moves or more`);
    check(new RegExp(`\\b${head.start.remoteness}\\b`).test(head.title.split(' · ')[0]) && head.title.includes(head.start.sentence),
      `the long example's heading reads "${head.title}", without its win "${head.start.sentence}"`);
    await shot('long50');
    await inView(page, 'the long example');
    await numbersUnderPieces(page, 'the long example');
  });

  await step('words for the screen', async () => {
  const legend = await page.$eval('#legend', (l) => l.textContent);
  if (phone) check(!/hover/i.test(legend) && /tap/i.test(legend), `on a touch screen the legend reads "${legend}"`);
  else check(/hover/i.test(legend), `with a mouse the legend reads "${legend}"`);
  });

  // The file input's native "No file chosen" is cut on narrow cards: a whole label stands in.
  await step('the file button', async () => {
  const file = await page.evaluate(() => {
    const input = document.getElementById('file-input').getBoundingClientRect();
    const label = document.querySelector('label[for="file-input"]');
    return { input: input.width, label: label.getBoundingClientRect().width, text: label.scrollWidth, client: label.clientWidth };
  });
  check(file.input <= 2, `the native file input shows, ${Math.round(file.input)} px wide`);
  check(file.label > 20 && file.text <= file.client + 1, `the file button's label is cut (${file.text} px of text in ${file.client} px)`);
  });

  // The header's value is the server's sentence for the start (the library's value_sentence, as
  // catmouse play and Python word it), word for word: no words of the page's own.
  await step('the header reads the sentence and follows the rules', async () => {
  const header = () => page.evaluate(async () => {
    const game = await (await fetch(`/api/games/${document.getElementById('app').dataset.game}`)).json();
    const s = document.getElementById('status').dataset;
    return { start: game.start, value: s.value, played: s.played, title: document.getElementById('game-title').textContent };
  });
  const before = await header();
  const name = (h) => h.title.split(' · ')[0];
  check(name(before) === `LeetCode 913, example 1: ${before.start.sentence}`, `the header reads "${name(before)}", not the example's name and the sentence "${before.start.sentence}"`);
  await page.click('#rules-card summary');
  await page.selectOption('#rule-mouse-stays', 'true');
  await page.fill('#rule-holes', '0,4');
  await reload(page, () => page.click('#apply-rules'));
  const after = await header();
  check(after.played === '0', `after applying the rules ${after.played} moves are played`);
  check(after.start.sentence !== before.start.sentence, `the rules leave the start's value as it was ("${after.start.sentence}"): the step shows nothing`);
  check(after.value === after.start.value, `the status says ${after.value} but the start is worth ${after.start.value}`);
  check(name(after) === `LeetCode 913, example 1, your rules: ${after.start.sentence}`, `after applying the rules the header reads "${name(after)}", not the sentence "${after.start.sentence}"`);
  await shot('rules');
  // The button is at the foot of the panels; the board the rules changed is what one sees next.
  await inView(page, 'after applying the rules');
  });

  await step('the value map', async () => {
  await page.click('#valuemap-card summary');
  await page.check('#valuemap-toggle');
  await page.waitForFunction(() => document.querySelectorAll('#board [data-node][data-value]').length > 0, null, { timeout: TIMEOUT });
  await ready(page);
  const map = await page.evaluate(() => {
    const turn = document.getElementById('valuemap-turn').value;
    const hex = (name) => {
      const h = getComputedStyle(document.documentElement).getPropertyValue(name).trim().slice(1);
      return `rgb(${[0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)).join(', ')})`;
    };
    const colours = { win: hex('--win-soft'), draw: hex('--draw-soft'), loss: hex('--loss-soft') };
    const nodes = [...document.querySelectorAll('#board [data-node]')].map((g) => {
      const value = g.dataset.value;
      const kind = !value ? null : value === 'draw' ? 'draw' : value === turn ? 'win' : 'loss';
      return { node: g.dataset.node, label: g.querySelector('.label').textContent, fill: getComputedStyle(g.querySelector('.disc')).fill, kind };
    });
    return { nodes, colours, legend: document.getElementById('legend').textContent, swatches: document.querySelectorAll('#legend .sw-vm').length };
  });
  for (const n of map.nodes) {
    check(n.label === n.node, `with the value map on, node ${n.node} is labelled "${n.label}"`);
    if (n.kind) check(n.fill === map.colours[n.kind], `node ${n.node} (${n.kind} for the side to move) is filled ${n.fill}, not the moves' ${map.colours[n.kind]}`);
  }
  check(map.swatches === 3 && /wins/.test(map.legend) && /draw/.test(map.legend) && /loses/.test(map.legend), `the value map's legend reads "${map.legend}"`);
  await shot('valuemap');
  await noOverlap(page, 'the value map');
  });

  // On a grid map the value map names cells as (row, col), in its field and its summary, and its
  // counts leave out the cat on the mouse's own cell (a capture, which says nothing).
  await step('the value map of a grid map in (row, col)', async () => {
    await open(page, 'example=grid1728');
    await page.click('#valuemap-card summary');
    await page.check('#valuemap-toggle');
    await page.waitForFunction(() => document.querySelectorAll('#board [data-node][data-value]').length > 0, null, { timeout: TIMEOUT });
    await ready(page);
    const read = () => page.evaluate(() => ({
      field: document.getElementById('valuemap-mouse').value,
      summary: document.getElementById('valuemap-summary').textContent,
      valued: document.querySelectorAll('#board [data-node][data-value]').length,
      titles: [...document.querySelectorAll('#board [data-node][data-value] title')].map((t) => t.textContent),
    }));
    const counted = (m) => {
      const found = /the mouse wins with the cat on (\d+) cells?, the cat on (\d+), a draw on (\d+)/.exec(m.summary);
      check(found, `the value map's summary reads "${m.summary}"`);
      return found.slice(1).reduce((a, b) => a + Number(b), 0);
    };
    let m = await read();
    check(m.field === '(2, 0)' && m.summary.startsWith('Mouse on (2, 0), '), `the mouse starts on (2, 0), but the field reads "${m.field}" and the summary "${m.summary}"`);
    check(counted(m) === m.valued - 1 && /own cell, a capture, is not counted/.test(m.summary), `the summary counts ${counted(m)} cells of ${m.valued} with a value: "${m.summary}"`);
    check(m.titles.every((t) => /^cat on \(\d+, \d+\): /.test(t)), `a cell of the value map is titled "${m.titles.find((t) => !/^cat on \(\d+, \d+\): /.test(t))}"`);
    await page.fill('#valuemap-mouse', '(1, 3)');
    await page.press('#valuemap-mouse', 'Enter');
    await page.waitForFunction(() => document.getElementById('valuemap-summary').textContent.startsWith('Mouse on (1, 3), '), null, { timeout: TIMEOUT });
    await ready(page);
    m = await read();
    check(counted(m) === m.valued - 1, `with the mouse on (1, 3) the summary counts ${counted(m)} cells of ${m.valued}: "${m.summary}"`);
    await shot('valuemap-grid');
  });

  await step('the Example menu', async () => {
  // The selected entry's text, and whether it fits the menu's box: its width in the menu's font
  // against the box less its padding and the arrow (a closed <select> cuts its text silently).
  const menu = () => page.$eval('#example-select', (s) => {
    const text = s.selectedOptions[0]?.textContent ?? '';
    const style = getComputedStyle(s);
    const context = document.createElement('canvas').getContext('2d');
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    return { value: s.value, text, width: Math.ceil(context.measureText(text).width), room: Math.floor(room) };
  });
  const fits = (m, when) => check(m.width <= m.room, `${when} the Example menu cuts "${m.text}": ${m.width} px of text in ${m.room} px`);
  fits(await menu(), 'at the start');
  if (!(await page.$eval('#load-card', (d) => d.open))) await page.click('#load-card summary');
  await page.selectOption('#gen-family', 'random');
  await page.fill('#gen-nodes', '30');
  await page.fill('#gen-seed', '1');
  await reload(page, () => page.click('#generate-button'));
  let m = await menu();
  check(m.value === '' && /random/.test(m.text) && /30/.test(m.text), `after generating a random graph the Example menu shows "${m.text}" (${m.value})`);
  fits(m, 'after generating a random graph');

  await page.fill('#paste-input', '[[1,3],[0],[3],[0,2]]');
  await reload(page, () => page.click('#load-button'));
  m = await menu();
  check(m.value === '' && /pasted/.test(m.text), `after a paste the Example menu shows "${m.text}" (${m.value})`);
  fits(m, 'after a paste');

  await page.selectOption('#example-select', 'leetcode2');
  await reload(page, () => page.click('#example-button'));
  m = await menu();
  check(m.value === 'leetcode2', `after loading example 2 the Example menu shows "${m.text}" (${m.value})`);
  });

  for (const nodes of phone ? [30] : [30, 100, 200]) {
    await step(`a random graph of ${nodes} nodes`, async () => {
      await open(page, `generate=random&nodes=${nodes}&seed=1`);
      await shot(`random${nodes}`);
      await noOverlap(page, `a random graph of ${nodes} nodes`, { fill: true });
    });
  }
  check(failures.length === 0, failures.join('\n  '));
}

let failed = false;
for (const width of WIDTHS) {
  const browser = await openBrowser(width.size);
  const page = await browser.context.newPage();
  const problems = watchConsole(page);
  try {
    await run(width, page, problems);
    console.log(`ok: ${width.name} px wide`);
  } catch (e) {
    failed = true;
    console.error(`FAIL at ${width.name} px: ${e instanceof Failure ? e.message : `${e.name}: ${e.message}`}`);
  } finally {
    await browser.close();
  }
}
console.log(failed ? 'FAIL' : 'PASS');
process.exit(failed ? 1 : 0);
