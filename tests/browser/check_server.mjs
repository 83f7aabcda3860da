#!/usr/bin/env node
// Compares the mock's API (tests/browser/mock/) with a real server, answer by answer, on random
// games and rule variants (one and two cats, holes, stays, who moves first, the stuck rule,
// LeetCode 1728's food, move limits): the game object (but its id, title, layout and time), and
// for random positions with random moves made, `position`, `line` and `valuemap`.
//
//   node tests/browser/check_server.mjs SERVER_URL [--games 200] [--seed 1]
//
// Exit 0 when every answer agrees, 1 on the first difference (printed with the request).
import { Api } from './mock/api.mjs';
import { ApiError } from './mock/parse.mjs';
import { randomCheckArgs, randomGraph, randomRules } from './lib/run.mjs';

const { first: url, games, rng, pick } = randomCheckArgs('check_server.mjs SERVER_URL', 200);
const mock = new Api({ maxGames: 4 });

function mockCall(method, path, query = {}, body = undefined) {
  try {
    const [status, out] = mock.handle(method, path, new URLSearchParams(query), () => body);
    return { status, out };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return { status: e.status, out: { error: e.message, where: e.where ?? '' } };
  }
}

async function serverCall(method, path, query = {}, body = undefined) {
  const q = new URLSearchParams(query).toString();
  const res = await fetch(new URL(path.slice(1) + (q ? `?${q}` : ''), url), {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, out: res.status === 204 ? null : await res.json() };
}

function differ(what, request, mine, theirs) {
  console.error(`difference in ${what} for ${JSON.stringify(request)}`);
  console.error(`mock:   ${JSON.stringify(mine)}`);
  console.error(`server: ${JSON.stringify(theirs)}`);
  process.exit(1);
}

function randomGame() {
  if (rng.below(8) === 0) {
    // A small 1728 map: walls, one of each letter.
    const rows = 2 + rng.below(3);
    const columns = 2 + rng.below(3);
    const cells = Array.from({ length: rows * columns }, () => (rng.below(5) === 0 ? '#' : '.'));
    const free = [...cells.keys()];
    for (const letter of ['M', 'C', 'F']) cells[free.splice(rng.below(free.length), 1)[0]] = letter;
    const grid = Array.from({ length: rows }, (_, r) => cells.slice(r * columns, (r + 1) * columns).join(''));
    return { text: JSON.stringify({ grid, catJump: 1 + rng.below(2), mouseJump: 1 + rng.below(3) }) };
  }
  const { n, edges } = randomGraph(rng, ['random', 'random', 'tree', 'cycle', 'grid']);
  const rules = randomRules(rng, n, { twoCats: 3 });
  return { text: `nodes ${n}\n${edges.map((e) => e.join(' ')).join('\n')}\n`, rules };
}

const strip = (game) => {
  const { id, title, layout, seconds, ...rest } = game;
  return rest;
};

let compared = 0;
let requests = 0;
for (let g = 0; g < games; g++) {
  const body = randomGame();
  const mine = mockCall('POST', '/api/games', {}, body);
  const theirs = await serverCall('POST', '/api/games', {}, body);
  requests++;
  if (mine.status !== theirs.status) differ('status of POST /api/games', body, mine, theirs);
  if (mine.status !== 201) continue;
  if (JSON.stringify(strip(mine.out)) !== JSON.stringify(strip(theirs.out))) differ('the game', body, strip(mine.out), strip(theirs.out));
  const game = mine.out;
  const cats = game.cats;
  const allowed = [...Array(game.nodes).keys()].filter((v) => !game.cat_forbidden.includes(v));
  const limit = game.rules.move_limit;
  for (let q = 0; q < 12; q++) {
    const position = q === 0
      ? { mouse: game.start.mouse, cats: game.start.cats.join(','), turn: game.start.turn }
      : {
          mouse: rng.below(game.nodes),
          cats: Array.from({ length: cats }, () => pick(allowed)).join(','),
          turn: pick(['mouse', 'cat']),
        };
    const query = { ...position, played: limit ? rng.below(limit + 2) : rng.below(3) };
    for (const what of ['position', 'line', 'valuemap']) {
      const a = mockCall('GET', `/api/games/${game.id}/${what}`, query);
      const b = await serverCall('GET', `/api/games/${theirs.out.id}/${what}`, query);
      requests++;
      if (a.status !== b.status) differ(`status of ${what}`, { body, query }, a, b);
      if (a.status === 200 && JSON.stringify(a.out) !== JSON.stringify(b.out)) differ(what, { body, query }, a.out, b.out);
    }
  }
  await serverCall('DELETE', `/api/games/${theirs.out.id}`);
  compared++;
}
console.log(`${compared} games and ${requests} requests: the mock and ${url} agree`);
