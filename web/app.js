// The page: loads games through the API, keeps the game record (history of positions), lets a
// person play either side against the engine or watch both sides play perfectly, and shows the
// value of every position and of every legal move.
import { Api, ApiFailure } from './api.js';
import { Board } from './board.js';

const $ = (id) => document.getElementById(id);
const ENGINE_DELAY = 450; // ms before the engine's reply, so that a person sees it happen
const AUTO_DELAY = 700;
// A touch screen has no hover: its words say "tap", and what a desktop shows on hover goes
// into the text.
const TOUCH = matchMedia('(hover: none), (pointer: coarse)').matches || navigator.maxTouchPoints > 0;
const CLICK = TOUCH ? 'tap' : 'click';

const api = new Api();
api.onRepost = (game) => {
  $('app').dataset.game = game.id;
};
const board = new Board($('board'), { onNodeClick, onPieceDrop });

const state = {
  source: null, // what the game was made from: {text, format, directed} | {generate} | {example}
  sourceName: '', // the Example menu's words for a source that is not an example
  rules: {}, // the rules form as a rules object
  game: null, // the server's game object
  history: [], // positions {mouse, cats, turn}; history[j] has j moves played
  cur: 0,
  side: 'mouse', // 'mouse' | 'cat' | 'watch'
  pos: null, // the server's answer for history[cur]
  over: null, // null, or {reason, value, sentence}
  token: 0, // increases on every new showing; stale answers are dropped
  timer: null,
  auto: false,
  valueMap: { on: false, mouse: 1, turn: 'mouse' },
};

// ---------- small helpers ----------

const same = (a, b) => a.mouse === b.mouse && a.turn === b.turn && a.cats.join(',') === b.cats.join(',');
const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

function nodeName(v) {
  return board.nodeName(v);
}

function catsText(cats) {
  return cats.map(nodeName).join(', ');
}

function describe(p) {
  const cats = p.cats.length > 1 ? `cats ${catsText(p.cats)}` : `cat ${nodeName(p.cats[0])}`;
  return `mouse ${nodeName(p.mouse)}, ${cats}, ${p.turn} to move`;
}

function setReady(ready) {
  $('app').dataset.ready = ready ? 'true' : 'false';
  $('board').setAttribute('aria-busy', ready ? 'false' : 'true');
}

function showError(e) {
  const message = e instanceof ApiFailure || e instanceof Error ? e.message : String(e);
  const where = e && e.where ? ` (${e.where})` : '';
  $('message-text').textContent = `${message}${where}`;
  $('message').hidden = false;
}

function clearError() {
  $('message').hidden = true;
  $('message-text').textContent = '';
}

function stopTimer() {
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
}

function setAuto(on) {
  state.auto = on;
  $('autoplay').setAttribute('aria-pressed', on ? 'true' : 'false');
  $('autoplay').classList.toggle('active', on);
}

// ---------- loading games ----------

// name: the Example menu's words for a source that is not an example ('pasted graph', a file's
// name, the generated family).
async function loadGame(source, name = '') {
  stopTimer();
  setAuto(false);
  setReady(false);
  let rules;
  try {
    rules = readRulesForm();
  } catch (e) {
    showError(e);
    setReady(true);
    return;
  }
  const body = { ...source };
  if (Object.keys(rules).length) body.rules = rules;
  document.body.classList.add('loading');
  state.token++; // answers for the game on show are of no use any more
  try {
    const game = await api.createGame(body);
    clearError();
    state.source = source;
    state.sourceName = name;
    state.rules = rules;
    state.game = game;
    $('app').dataset.game = game.id;
    $('app').dataset.loads = String(Number($('app').dataset.loads ?? 0) + 1);
    state.history = [{ mouse: game.start.mouse, cats: [...game.start.cats], turn: game.start.turn }];
    state.cur = 0;
    state.valueMap.mouse = game.start.mouse;
    $('valuemap-mouse').value = game.start.mouse;
    $('valuemap-mouse').max = game.nodes - 1;
    $('valuemap-toggle').disabled = game.cats !== 1;
    if (game.cats !== 1) {
      $('valuemap-toggle').checked = false;
      state.valueMap.on = false;
    }
    board.setGame(game);
    board.setPosition(state.history[0]);
    describeGame(game);
    showSource();
    renderLegend();
    await show({ engine: true });
  } catch (e) {
    if (e instanceof ApiFailure && e.status === -1) return; // a later load took over
    showError(e);
    if (state.game) show({ engine: true }).catch(() => {});
    else setReady(true);
  } finally {
    document.body.classList.remove('loading');
  }
}

function describeGame(game) {
  const what = game.grid
    ? `${game.grid.rows.length}×${game.grid.rows[0].length} map · mouse jumps up to ${game.grid.mouse_jump}, cat up to ${game.grid.cat_jump}`
    : `${plural(game.nodes, 'node')}, ${plural(game.edges.length, game.directed ? 'arc' : 'edge')}`;
  state.titleParts = [what, `${game.states.toLocaleString('en')} positions solved in ${(game.seconds * 1000).toFixed(game.seconds < 0.01 ? 1 : 0)} ms`];
  showTitle();
  const r = game.rules;
  const parts = [
    `holes ${r.holes.length ? r.holes.join(', ') : 'none'}`,
    `the cat may not enter ${r.cat_forbidden.length ? r.cat_forbidden.join(', ') : 'anywhere (no node barred)'}`,
    `mouse starts on ${r.mouse}`,
    `${r.cats > 1 ? `${r.cats} cats start on` : 'cat starts on'} ${r.cat.join(', ')}`,
    `${r.first} moves first`,
  ];
  if (r.mouse_stays) parts.push('the mouse may stay');
  if (r.cat_stays) parts.push('the cat may stay');
  if (r.stuck === 'draw') parts.push('a stuck player draws');
  if (r.cat_wins_in_hole) parts.push('the cat wins in a hole');
  if (r.move_limit) parts.push(`${r.move_limit}-move limit (${r.limit_outcome === 'cat' ? 'cat wins' : 'draw'} at the limit)`);
  $('rules-summary').textContent = `In force: ${parts.join('; ')}.`;
  $('pos-cats').previousElementSibling.textContent = game.cats > 1 ? `Cats (${game.cats})` : 'Cat';
}

// The header: the game's name, the value of its start under the rules in force, the board and
// the solve. The value is the server's sentence for the start ("LeetCode 913, example 1: draw"),
// the words catmouse play and Python use, never words of the page's own.
function showTitle() {
  const game = state.game;
  const start = game.start;
  const label = [game.title, Object.keys(state.rules).length ? 'your rules' : ''].filter(Boolean).join(', ');
  const name = label ? `${label}: ${start.sentence}` : capital(start.sentence);
  const title = $('game-title');
  title.dataset.value = start.value;
  title.dataset.remoteness = start.remoteness ?? '';
  title.textContent = [name, ...state.titleParts].filter(Boolean).join(' · ');
}

// The Example menu names what is on the board: the example, or else an entry for the pasted
// graph, the file or the generated graph.
function showSource() {
  const select = $('example-select');
  let other = select.querySelector('option[value=""]');
  if (state.source?.example) {
    other?.remove();
    select.value = state.source.example;
    select.title = select.selectedOptions[0]?.textContent ?? '';
    return;
  }
  if (!other) {
    other = document.createElement('option');
    other.value = '';
    select.prepend(other);
  }
  other.textContent = state.sourceName || 'pasted graph';
  select.value = '';
  select.title = other.textContent; // a long file name is cut in the closed menu
}

// ---------- showing a position ----------

function repeatedAt() {
  if (state.game.rules.move_limit > 0) return -1;
  const here = state.history[state.cur];
  for (let j = 0; j < state.cur; j++) if (same(state.history[j], here)) return j;
  return -1;
}

function engineSide(turn) {
  return state.side !== 'watch' && turn !== state.side;
}

// Fetches and draws history[cur]. engine: let the engine reply if it is its turn.
async function show({ engine = false } = {}) {
  stopTimer();
  const token = ++state.token;
  setReady(false);
  const here = state.history[state.cur];
  let pos;
  try {
    pos = await api.position(here, state.cur);
  } catch (e) {
    if (token === state.token) {
      showError(e);
      setReady(true);
    }
    throw e;
  }
  if (token !== state.token) return;
  state.pos = pos;
  const again = repeatedAt();
  if (pos.finished) {
    state.over = { reason: pos.finished, value: pos.value, sentence: pos.sentence };
  } else if (again >= 0) {
    state.over = { reason: 'repetition', value: 'draw', sentence: `draw: the position of move ${again} repeated` };
  } else {
    state.over = null;
  }
  render();
  refreshLine(token);
  if (state.valueMap.on) refreshValueMap();
  if (state.over) {
    setAuto(false);
  } else if (state.auto) {
    state.timer = setTimeout(() => stepOptimal(true), AUTO_DELAY);
    return;
  } else if (engine && engineSide(pos.turn) && pos.best !== null) {
    state.timer = setTimeout(() => {
      state.timer = null;
      if (token === state.token) play(state.pos.best, { engine: false });
    }, ENGINE_DELAY);
    $('turn-note').textContent = `${capital(pos.turn)} to move: the engine is thinking…`;
    return;
  }
  setReady(true);
}

function render() {
  const pos = state.pos;
  const over = state.over;
  const status = $('status');
  const value = over ? over.value : pos.value;
  const remoteness = over && over.reason === 'repetition' ? null : pos.remoteness;
  const sentence = over ? over.sentence : pos.sentence;
  status.dataset.value = value;
  status.dataset.remoteness = remoteness ?? '';
  status.dataset.turn = pos.turn;
  status.dataset.finished = over ? over.reason : '';
  status.dataset.mouse = pos.mouse;
  status.dataset.cats = pos.cats.join(',');
  status.dataset.played = state.cur;
  status.replaceChildren();
  const chip = document.createElement('span');
  chip.className = `value-chip v-${value}`;
  chip.textContent = value === 'draw' ? '=' : value === 'mouse' ? 'M' : 'C';
  chip.setAttribute('aria-hidden', 'true');
  status.append(chip, document.createTextNode(capital(sentence)));

  const limit = state.game.rules.move_limit;
  const limitNote = limit ? ` · move ${state.cur} of ${limit}` : '';
  let note;
  if (over) note = `Game over after ${plural(state.cur, 'move')}`;
  else if (state.auto) note = `${capital(pos.turn)} to move · auto-play`;
  else if (state.side === 'watch') note = `${capital(pos.turn)} to move · ${CLICK} a move, or Step ▶`;
  else if (pos.turn === state.side) note = `${capital(pos.turn)} to move · your turn`;
  else note = `${capital(pos.turn)} to move · the engine's turn: Step ▶ (n) lets it move`;
  $('turn-note').textContent = note + limitNote;

  const result = $('result');
  if (over) {
    let tail = '';
    if (state.side !== 'watch') {
      // The sentence already says a draw; only a win or a loss is news to the player.
      if (over.value !== 'draw') tail = over.value === state.side ? ' You win!' : ' You lose.';
    }
    result.textContent = `Game over: ${sentence}.${tail}`;
    result.dataset.winner = over.value;
    result.hidden = false;
  } else {
    result.hidden = true;
    result.textContent = '';
    delete result.dataset.winner;
  }

  // The board: pieces and moves.
  const hadFocus = board.svg.contains(document.activeElement);
  const playable = !over && !state.auto && !state.valueMap.on && (state.side === 'watch' || pos.turn === state.side);
  if (!state.valueMap.on) {
    board.setPosition(pos);
    const marks = [];
    if (!over) {
      pos.moves.forEach((m) => {
        const node = moveNode(m, pos.turn);
        if (node !== null) marks.push({ node, kind: m.for_mover, remoteness: m.remoteness, text: m.sentence });
      });
    }
    const from = pos.turn === 'mouse' ? pos.mouse : pos.cats.length === 1 ? pos.cats[0] : null;
    board.setMoves(marks, from, playable);
    if (hadFocus && playable) board.moveNodes()[0]?.focus();
  }
  renderMoveList(playable);
  renderRecord();
  fillPositionForm(pos);
  $('undo').disabled = undoTarget() === null;
  $('redo').disabled = redoTarget() === null;
  $('step-back').disabled = state.cur === 0;
  $('step').disabled = !!over || pos.best === null;
  $('restart').disabled = state.cur === 0;
}

// The node a move goes to on the board: null for the joint moves of several cats.
function moveNode(m, turn) {
  if (turn === 'mouse') return m.mouse;
  return m.cats.length === 1 ? m.cats[0] : null;
}

function renderMoveList(playable) {
  const pos = state.pos;
  const list = $('moves');
  list.replaceChildren();
  const hint = $('moves-hint');
  if (state.over) {
    hint.textContent = 'The game is over.';
    return;
  }
  if (pos.moves.length === 0) {
    hint.textContent = 'No legal move.';
    return;
  }
  hint.textContent = `${capital(pos.turn)}'s moves, coloured by what they mean for the ${pos.turn}: green wins, yellow draws, red loses.`;
  pos.moves.forEach((m, i) => {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.move = m.for_mover;
    button.dataset.index = i;
    button.dataset.remoteness = m.remoteness ?? '';
    const node = moveNode(m, pos.turn);
    if (node !== null) button.dataset.to = node;
    button.disabled = !playable;
    const stay = pos.turn === 'mouse' ? m.mouse === pos.mouse : m.cats.length === 1 && m.cats[0] === pos.cats[0];
    const where = pos.turn === 'mouse' ? nodeName(m.mouse) : m.cats.length > 1 ? catsText(m.cats) : nodeName(m.cats[0]);
    const mark = document.createElement('span');
    mark.className = `mark mark-${m.for_mover}`;
    mark.setAttribute('aria-hidden', 'true');
    const label = document.createElement('span');
    label.className = 'move-to';
    label.textContent = stay ? `stay on ${where}` : m.cats.length > 1 && pos.turn === 'cat' ? `cats to ${where}` : `to ${where}`;
    const words = document.createElement('span');
    words.className = 'move-value';
    words.textContent = m.sentence;
    button.append(mark, label, words);
    if (i === pos.best) {
      const best = document.createElement('span');
      best.className = 'best';
      best.textContent = 'best';
      button.append(best);
    }
    button.addEventListener('click', () => play(i, { engine: state.side !== 'watch' }));
    li.append(button);
    list.append(li);
  });
}

function renderRecord() {
  const list = $('record');
  list.replaceChildren();
  state.history.forEach((p, j) => {
    const li = document.createElement('li');
    li.dataset.mouse = p.mouse;
    li.dataset.cats = p.cats.join(',');
    li.dataset.turn = p.turn;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'linkish';
    button.textContent = describe(p);
    if (j === state.cur) {
      li.classList.add('current');
      button.setAttribute('aria-current', 'step');
    }
    button.addEventListener('click', () => {
      state.cur = j;
      setAuto(false);
      show().catch(() => {});
    });
    li.append(button);
    if (p.value) {
      li.dataset.value = p.value;
      li.dataset.remoteness = p.remoteness ?? '';
      const v = document.createElement('span');
      v.className = `value-text v-${p.value}`;
      v.textContent = p.sentence;
      li.append(v);
    }
    list.append(li);
  });
  // Remember the values shown, for the record.
  const here = state.history[state.cur];
  here.value = state.pos.value;
  here.remoteness = state.pos.remoteness;
  here.sentence = state.pos.sentence;
  const cur = list.children[state.cur];
  if (cur && !cur.dataset.value) {
    cur.dataset.value = here.value;
    cur.dataset.remoteness = here.remoteness ?? '';
    const v = document.createElement('span');
    v.className = `value-text v-${here.value}`;
    v.textContent = here.sentence;
    cur.append(v);
  }
}

async function refreshLine(token) {
  const here = state.history[state.cur];
  let line;
  try {
    line = await api.line(here, state.cur);
  } catch (e) {
    if (token === state.token) showError(e);
    return;
  }
  if (token !== state.token) return;
  const list = $('line');
  list.replaceChildren();
  const shown = line.positions.slice(0, 200);
  shown.forEach((p, k) => {
    const li = document.createElement('li');
    li.dataset.mouse = p.mouse;
    li.dataset.cats = p.cats.join(',');
    li.dataset.turn = p.turn;
    li.dataset.value = p.value;
    li.dataset.remoteness = p.remoteness ?? '';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'linkish';
    button.textContent = describe(p);
    button.title = k === 0 ? 'the current position' : `play the first ${plural(k, 'move')} of this line`;
    button.addEventListener('click', () => followLine(line.positions.slice(1, k + 1)));
    const v = document.createElement('span');
    v.className = `value-text v-${p.value}`;
    v.textContent = p.sentence;
    li.append(button, v);
    list.append(li);
  });
  const ends = {
    hole: state.game?.grid ? 'the mouse reaches the food' : 'the mouse reaches the hole',
    capture: 'the cat wins',
    stuck: 'a player cannot move',
    repetition: `the next move returns to position ${line.cycle_start}: play repeats, a draw`,
    'move limit': 'the move limit is reached',
    cut: 'the line is too long to show whole',
  };
  const more = line.positions.length > shown.length ? ` (${line.positions.length - shown.length} more positions not shown)` : '';
  $('line-end').textContent = `End: ${ends[line.end] ?? line.end}${more}.`;
}

function followLine(positions) {
  if (!positions.length) return;
  setAuto(false);
  state.history = state.history.slice(0, state.cur + 1).concat(positions.map((p) => ({ mouse: p.mouse, cats: [...p.cats], turn: p.turn })));
  state.cur = state.history.length - 1;
  show().catch(() => {});
}

// ---------- playing ----------

function play(index, { engine }) {
  const m = state.pos?.moves[index];
  if (!m || state.over) return;
  stopTimer();
  state.history = state.history.slice(0, state.cur + 1);
  state.history.push({ mouse: m.mouse, cats: [...m.cats], turn: m.turn });
  state.cur++;
  show({ engine }).catch(() => {});
}

function stepOptimal(fromAuto = false) {
  if (!state.pos || state.over || state.pos.best === null) {
    if (fromAuto) setAuto(false);
    return;
  }
  play(state.pos.best, { engine: false });
}

function undoTarget() {
  if (state.side === 'watch') return state.cur > 0 ? state.cur - 1 : null;
  for (let j = state.cur - 1; j >= 0; j--) if (state.history[j].turn === state.side) return j;
  return null;
}

function redoTarget() {
  const last = state.history.length - 1;
  if (state.cur >= last) return null;
  if (state.side === 'watch') return state.cur + 1;
  for (let j = state.cur + 1; j <= last; j++) if (state.history[j].turn === state.side) return j;
  return last;
}

function go(target) {
  if (target === null || !state.game) return;
  setAuto(false);
  state.cur = target;
  show().catch(() => {});
}

function onNodeClick(v) {
  if (!state.game) return;
  if (state.valueMap.on) {
    state.valueMap.mouse = v;
    $('valuemap-mouse').value = v;
    refreshValueMap();
    return;
  }
  const pos = state.pos;
  if (!pos || state.over || state.auto || state.timer) return;
  if (!(state.side === 'watch' || pos.turn === state.side)) return;
  const i = pos.moves.findIndex((m) => moveNode(m, pos.turn) === v);
  if (i >= 0) play(i, { engine: state.side !== 'watch' });
}

// A new game record that starts at p (dragged pieces, or the position form).
async function startAt(p) {
  const before = { history: state.history, cur: state.cur };
  setAuto(false);
  state.history = [{ mouse: p.mouse, cats: [...p.cats].sort((a, b) => a - b), turn: p.turn }];
  state.cur = 0;
  try {
    await show();
    clearError();
  } catch {
    state.history = before.history;
    state.cur = before.cur;
    show().catch(() => {});
  }
}

function onPieceDrop(piece, index, node) {
  if (!state.game) return;
  if (state.valueMap.on) {
    if (piece === 'mouse') onNodeClick(node);
    return;
  }
  const here = state.history[state.cur];
  const p = { mouse: here.mouse, cats: [...here.cats], turn: here.turn };
  if (piece === 'mouse') p.mouse = node;
  else p.cats[index] = node;
  startAt(p);
}

function setSide(side) {
  state.side = side;
  for (const s of ['mouse', 'cat', 'watch']) $(`side-${s}`).setAttribute('aria-pressed', s === side ? 'true' : 'false');
  setAuto(false);
  if (state.game) show({ engine: true }).catch(() => {});
}

// ---------- the value map ----------

async function refreshValueMap() {
  const vm = state.valueMap;
  const token = state.token;
  if (!vm.on) {
    board.setValueMap(null);
    $('valuemap-summary').textContent = '';
    renderLegend();
    if (state.pos) render();
    return;
  }
  try {
    const answer = await api.valueMap(vm.mouse, vm.turn, 0);
    if (token !== state.token || !vm.on) return;
    board.setMoves([], null, false);
    board.setPosition({ mouse: vm.mouse, cats: [] });
    board.setValueMap(answer.cats, vm.turn);
    const count = { mouse: 0, cat: 0, draw: 0 };
    for (const e of answer.cats) if (e) count[e.value]++;
    $('valuemap-summary').textContent = `Mouse on ${nodeName(vm.mouse)}, ${vm.turn} to move: the mouse wins with the cat on ${plural(count.mouse, 'node')}, the cat on ${count.cat}, a draw on ${count.draw}.`;
    renderLegend();
  } catch (e) {
    showError(e);
  }
}

// ---------- the legend ----------

const SWATCH = {
  win: '<svg viewBox="0 0 24 24" class="sw"><circle cx="12" cy="12" r="6" class="sw-disc"/><circle cx="12" cy="12" r="9.5" class="sw-ring win"/></svg>',
  draw: '<svg viewBox="0 0 24 24" class="sw"><circle cx="12" cy="12" r="6" class="sw-disc"/><circle cx="12" cy="12" r="9.5" class="sw-ring draw"/></svg>',
  loss: '<svg viewBox="0 0 24 24" class="sw"><circle cx="12" cy="12" r="6" class="sw-disc"/><circle cx="12" cy="12" r="9.5" class="sw-ring loss"/></svg>',
  hole: '<svg viewBox="0 0 24 24" class="sw"><circle cx="12" cy="12" r="9" class="sw-hole"/><circle cx="12" cy="12" r="5" class="sw-hole-in"/></svg>',
  barred: '<svg viewBox="0 0 24 24" class="sw"><circle cx="12" cy="12" r="9" class="sw-barred"/></svg>',
  wall: '<svg viewBox="0 0 24 24" class="sw"><rect x="3" y="3" width="18" height="18" rx="2" class="sw-wall"/></svg>',
  food: '<svg viewBox="-50 -50 100 100" class="sw"><path d="M-38,24 L38,24 L38,-4 L-38,10 Z" class="cheese-side"/><path d="M-38,10 L38,-4 L14,-26 Z" class="cheese-top"/></svg>',
  mouse: '<svg viewBox="-50 -50 100 100" class="sw"><circle cx="-25" cy="-25" r="17" class="mouse-ear"/><circle cx="25" cy="-25" r="17" class="mouse-ear"/><ellipse cx="0" cy="7" rx="35" ry="31" class="mouse-head"/><circle cx="0" cy="15" r="6" class="mouse-nose"/></svg>',
  cat: '<svg viewBox="-50 -50 100 100" class="sw"><path d="M-33,-4 L-30,-46 L-4,-27 Z M33,-4 L30,-46 L4,-27 Z" class="cat-ear"/><circle cx="0" cy="5" r="35" class="cat-head"/><ellipse cx="-13" cy="-1" rx="7" ry="8" class="cat-eye"/><ellipse cx="13" cy="-1" rx="7" ry="8" class="cat-eye"/></svg>',
  'vm-win': '<svg viewBox="0 0 24 24" class="sw"><circle cx="12" cy="12" r="8.5" class="sw-vm win"/></svg>',
  'vm-draw': '<svg viewBox="0 0 24 24" class="sw"><circle cx="12" cy="12" r="8.5" class="sw-vm draw"/></svg>',
  'vm-loss': '<svg viewBox="0 0 24 24" class="sw"><circle cx="12" cy="12" r="8.5" class="sw-vm loss"/></svg>',
};

function renderLegend() {
  const game = state.game;
  if (!game) return;
  const items = [];
  const add = (swatch, text) => items.push(`<span class="legend-item">${SWATCH[swatch]}<span>${text}</span></span>`);
  if (state.valueMap.on) {
    const mover = state.valueMap.turn;
    add('vm-win', `${mover} to move wins with the cat here`);
    add('vm-draw', 'draw');
    add('vm-loss', `${mover} to move loses`);
    items.push(`<span class="legend-item legend-note">${TOUCH ? 'tap a node to put the mouse there' : 'hover a node for its number of moves'}</span>`);
  } else {
    add('win', 'the mover wins');
    add('draw', 'draw');
    add('loss', 'the mover loses');
    items.push(`<span class="legend-item legend-note">${TOUCH ? 'tap a move to play it; the Moves list gives its number of moves' : 'hover a move for its number of moves'}</span>`);
  }
  add('mouse', 'mouse');
  add('cat', game.cats > 1 ? `${game.cats} cats` : 'cat');
  if (game.grid) {
    add('food', 'food');
    add('wall', 'wall');
  } else {
    if (game.holes.length) add('hole', game.holes.length > 1 ? 'holes' : 'hole');
    if (game.cat_forbidden.some((v) => !game.holes.includes(v))) add('barred', 'the cat may not enter');
  }
  $('legend').innerHTML = items.join('');
}

// ---------- forms ----------

function nodeList(text, name) {
  const t = text.trim();
  if (t === '') return undefined;
  if (/^(none|-)$/i.test(t)) return [];
  return t.split(/[\s,]+/).filter(Boolean).map((x) => {
    if (!/^\d+$/.test(x)) throw new Error(`${name}: “${x}” is not a node number`);
    return Number(x);
  });
}

function wholeNumber(text, name) {
  const t = text.trim();
  if (t === '') return undefined;
  if (!/^\d+$/.test(t)) throw new Error(`${name}: “${t}” is not a whole number`);
  return Number(t);
}

function readRulesForm() {
  const rules = {};
  const set = (key, value) => {
    if (value !== undefined && value !== '') rules[key] = value;
  };
  set('holes', nodeList($('rule-holes').value, 'Holes'));
  set('cat_forbidden', nodeList($('rule-cat-forbidden').value, 'Cat may not enter'));
  set('mouse', wholeNumber($('rule-mouse').value, 'Mouse starts on'));
  set('cats', wholeNumber($('rule-cats').value, 'Number of cats'));
  const cat = nodeList($('rule-cat').value, 'Cats start on');
  if (cat && cat.length) set('cat', cat.length === 1 ? cat[0] : cat);
  set('first', $('rule-first').value);
  set('stuck', $('rule-stuck').value);
  set('limit_outcome', $('rule-limit-outcome').value);
  set('move_limit', wholeNumber($('rule-move-limit').value, 'Move limit'));
  for (const [id, key] of [['rule-mouse-stays', 'mouse_stays'], ['rule-cat-stays', 'cat_stays'], ['rule-cat-wins-in-hole', 'cat_wins_in_hole']]) {
    const v = $(id).value;
    if (v) rules[key] = v === 'true';
  }
  return rules;
}

function fillPositionForm(pos) {
  if (document.activeElement?.closest?.('#position-card')) return;
  $('pos-mouse').value = pos.mouse;
  $('pos-cats').value = pos.cats.join(',');
  $('pos-turn').value = pos.turn;
}

function readPositionForm() {
  const mouse = wholeNumber($('pos-mouse').value, 'Mouse');
  const cats = nodeList($('pos-cats').value, 'Cat');
  if (mouse === undefined) throw new Error('Mouse: give a node number');
  if (!cats || !cats.length) throw new Error('Cat: give a node number (one per cat)');
  return { mouse, cats, turn: $('pos-turn').value };
}

const EXTENSIONS = { g6: 'graph6', graph6: 'graph6', txt: 'edges', edges: 'edges', el: 'edges', json: 'auto' };

function wire() {
  $('message-close').addEventListener('click', clearError);
  $('side-mouse').addEventListener('click', () => setSide('mouse'));
  $('side-cat').addEventListener('click', () => setSide('cat'));
  $('side-watch').addEventListener('click', () => setSide('watch'));
  $('undo').addEventListener('click', () => go(undoTarget()));
  $('redo').addEventListener('click', () => go(redoTarget()));
  $('step-back').addEventListener('click', () => go(state.cur > 0 ? state.cur - 1 : null));
  $('step').addEventListener('click', () => {
    setAuto(false);
    stepOptimal();
  });
  $('restart').addEventListener('click', () => {
    setAuto(false);
    state.cur = 0;
    if (state.game) show({ engine: true }).catch(() => {});
  });
  $('autoplay').addEventListener('click', toggleAuto);
  $('zoom-in').addEventListener('click', () => board.zoom(1.4));
  $('zoom-out').addEventListener('click', () => board.zoom(1 / 1.4));
  $('zoom-fit').addEventListener('click', () => board.fit());

  $('example-button').addEventListener('click', () => {
    const name = $('example-select').value;
    if (name) loadGame({ example: name });
  });
  $('load-button').addEventListener('click', () => {
    const text = $('paste-input').value;
    if (!text.trim()) {
      showError(new Error('Paste a graph or a map first, or open a file.'));
      return;
    }
    const source = { text, format: $('format').value };
    if ($('directed').checked) source.directed = true;
    loadGame(source, state.fileName ?? 'pasted graph');
    state.fileName = null;
  });
  $('file-input').addEventListener('change', async () => {
    const file = $('file-input').files[0];
    if (!file) return;
    if (file.size > 1 << 20) {
      showError(new Error(`${file.name} is over 1 MiB`));
      return;
    }
    $('paste-input').value = await file.text();
    const ext = file.name.split('.').pop().toLowerCase();
    $('format').value = EXTENSIONS[ext] ?? 'auto';
    state.fileName = `file ${file.name}`;
    $('load-button').click();
  });
  $('generate-button').addEventListener('click', () => {
    try {
      const nodes = wholeNumber($('gen-nodes').value, 'Nodes');
      const seed = wholeNumber($('gen-seed').value, 'Seed') ?? 1;
      if (nodes === undefined) throw new Error('Nodes: give a number of nodes');
      const family = $('gen-family').value;
      loadGame({ generate: { family, nodes, seed } }, `${family}, ${plural(nodes, 'node')}, seed ${seed}`);
    } catch (e) {
      showError(e);
    }
  });
  $('apply-rules').addEventListener('click', () => {
    if (state.source) loadGame(state.source, state.sourceName);
  });
  $('clear-rules').addEventListener('click', () => {
    $('rules-form').reset();
    if (state.source) loadGame(state.source, state.sourceName);
  });
  $('rules-form').addEventListener('submit', (e) => {
    e.preventDefault();
    if (state.source) loadGame(state.source, state.sourceName);
  });
  $('set-position').addEventListener('click', () => {
    try {
      startAt(readPositionForm());
    } catch (e) {
      showError(e);
    }
  });
  $('valuemap-toggle').addEventListener('change', () => {
    state.valueMap.on = $('valuemap-toggle').checked;
    if (state.valueMap.on) {
      stopTimer();
      setAuto(false);
    }
    refreshValueMap();
  });
  const vmInputs = () => {
    const m = Number($('valuemap-mouse').value);
    if (Number.isInteger(m) && m >= 0 && state.game && m < state.game.nodes) state.valueMap.mouse = m;
    state.valueMap.turn = $('valuemap-turn').value;
    if (state.valueMap.on) refreshValueMap();
  };
  $('valuemap-mouse').addEventListener('change', vmInputs);
  $('valuemap-turn').addEventListener('change', vmInputs);

  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    if (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement || t.isContentEditable) return;
    const keys = {
      u: () => go(undoTarget()),
      r: () => go(redoTarget()),
      n: () => {
        setAuto(false);
        stepOptimal();
      },
      p: () => go(state.cur > 0 ? state.cur - 1 : null),
      a: toggleAuto,
    };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  });
}

function toggleAuto() {
  if (!state.game) return;
  if (state.auto) {
    setAuto(false);
    stopTimer();
    render();
    setReady(true);
    return;
  }
  if (state.over) return;
  if (state.side !== 'watch') {
    state.side = 'watch';
    for (const s of ['mouse', 'cat', 'watch']) $(`side-${s}`).setAttribute('aria-pressed', s === 'watch' ? 'true' : 'false');
  }
  setAuto(true);
  setReady(false);
  render();
  stepOptimal(true);
}

// ---------- start ----------

async function main() {
  wire();
  if (TOUCH) $('valuemap-hint').textContent = $('valuemap-hint').textContent.replace('Click a node', 'Tap a node');
  const params = new URLSearchParams(location.search);
  const side = params.get('side');
  if (['mouse', 'cat', 'watch'].includes(side)) {
    state.side = side;
    for (const s of ['mouse', 'cat', 'watch']) $(`side-${s}`).setAttribute('aria-pressed', s === side ? 'true' : 'false');
  }
  // The examples list loads beside the first game.
  const select = $('example-select');
  const listed = api.examples().then(
    (examples) => {
      for (const ex of examples) {
        const option = document.createElement('option');
        option.value = ex.name;
        option.textContent = ex.title || ex.name;
        select.append(option);
      }
      return examples;
    },
    (e) => {
      showError(e);
      return [];
    },
  );
  if (params.has('generate')) {
    $('gen-family').value = params.get('generate');
    $('gen-nodes').value = params.get('nodes') ?? '30';
    $('gen-seed').value = params.get('seed') ?? '1';
    $('generate-button').click();
    await listed;
    return;
  }
  if (params.has('text')) {
    $('paste-input').value = params.get('text');
    $('format').value = params.get('format') ?? 'auto';
    $('load-button').click();
    await listed;
    return;
  }
  const examples = await listed;
  if (examples.length) {
    const wanted = params.get('example');
    const ex = examples.find((e) => e.name === wanted) ?? examples.find((e) => e.name === 'leetcode1') ?? examples[0];
    select.value = ex.name;
    await loadGame({ example: ex.name });
  } else {
    setReady(true);
  }
}

main();
