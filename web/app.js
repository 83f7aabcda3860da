// The page: loads games through the API, keeps the game record (history of positions), lets a
// person play either side against the engine or watch both sides play perfectly, and shows the
// value of every position and of every legal move.
import { Api, ApiFailure } from './api.js';
import { Board } from './board.js';
import { fillPositionForm, readNode, readPositionForm, readRulesForm, rulesText } from './forms.js';
import { legendHtml } from './legend.js';
import { lineReason, renderLine, renderRecord } from './lines.js';
import { moveNode, renderMoveList } from './moves.js';
import { listExamples, loadFromAddress, wireSources } from './sources.js';
import { capital, plural } from './words.js';

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
const nodeName = (v) => board.nodeName(v);

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
    board.setGame(game);
    board.setPosition(state.history[0]);
    state.valueMap.mouse = game.start.mouse;
    $('valuemap-toggle').disabled = game.cats !== 1;
    if (game.cats !== 1) {
      $('valuemap-toggle').checked = false;
      state.valueMap.on = false;
    }
    describeGame(game);
    showSource();
    renderLegend();
    await show({ engine: true });
    keepBoardInView();
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
  $('rules-summary').textContent = rulesText(game.rules);
  $('pos-cats').previousElementSibling.textContent = game.cats > 1 ? `Cats (${game.cats})` : 'Cat';
  // Nodes are typed as the board names them: numbers, or a map's cells as (row, col).
  for (const id of ['valuemap-mouse', 'pos-mouse', 'pos-cats']) $(id).placeholder = game.grid ? '(row, col)' : '';
  for (const id of ['valuemap-mouse', 'pos-mouse']) $(id).inputMode = game.grid ? 'text' : 'numeric';
  $('valuemap-mouse').value = nodeName(state.valueMap.mouse);
}

// After a new game, new rules or the value map turned on, the value, its reason and the board
// come into view (on a wide screen they stay there, style.css): what a panel changes at the
// foot of the page must not change a board out of sight.
function keepBoardInView() {
  const top = $('status').getBoundingClientRect().top;
  const bottom = $('board').getBoundingClientRect().bottom;
  if (top < 0 || bottom > window.innerHeight) document.querySelector('.play').scrollIntoView({ block: 'start' });
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
  let line;
  try {
    pos = await api.position(here, state.cur);
    // The optimal line comes with the position: how it ends is the reason shown under the value.
    line = await api.line(here, state.cur).catch((e) => e);
  } catch (e) {
    if (token === state.token) {
      showError(e);
      setReady(true);
    }
    throw e;
  }
  if (token !== state.token) return;
  if (line instanceof Error) {
    showError(line); // the position is shown all the same, without its line
    line = null;
  }
  state.pos = pos;
  state.line = line;
  const again = repeatedAt();
  if (pos.finished) {
    state.over = { reason: pos.finished, value: pos.value, sentence: pos.sentence };
  } else if (again >= 0) {
    state.over = { reason: 'repetition', value: 'draw', sentence: `draw: the position of move ${again} repeated` };
  } else {
    state.over = null;
  }
  render();
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
  // Why: how the optimal line from here ends; once the game is over its sentence says why.
  const reason = over || !state.line ? '' : lineReason(state.line);
  $('reason').textContent = reason;
  $('reason').hidden = !reason;

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
  const onPlay = (i) => play(i, { engine: state.side !== 'watch' });
  renderMoveList($('moves'), $('moves-hint'), pos, { over: !!over, playable, nodeName, onPlay });
  // The record keeps the values shown.
  Object.assign(state.history[state.cur], { value: pos.value, remoteness: pos.remoteness, sentence: pos.sentence });
  renderRecord($('record'), state.history, state.cur, nodeName, (j) => {
    state.cur = j;
    setAuto(false);
    show().catch(() => {});
  });
  if (state.line) renderLine($('line'), $('line-end'), state.line, nodeName, followLine);
  fillPositionForm(pos, nodeName);
  $('undo').disabled = undoTarget() === null;
  $('redo').disabled = redoTarget() === null;
  $('step-back').disabled = state.cur === 0;
  $('step').disabled = !!over || pos.best === null;
  $('restart').disabled = state.cur === 0;
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
    $('valuemap-mouse').value = nodeName(v);
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
    $('valuemap-mouse').value = nodeName(vm.mouse);
    $('valuemap-summary').textContent = valueMapSummary(answer.cats);
    renderLegend();
  } catch (e) {
    showError(e);
  }
}

// The counts of the value map, without the cat on the mouse's own node: a capture, which says
// nothing about the board.
function valueMapSummary(entries) {
  const vm = state.valueMap;
  const count = { mouse: 0, cat: 0, draw: 0 };
  entries.forEach((e, v) => {
    if (e && v !== vm.mouse) count[e.value]++;
  });
  const place = state.game.grid ? 'cell' : 'node';
  const capture = entries[vm.mouse] ? `; the cat on the mouse's own ${place}, a capture, is not counted` : '';
  return `Mouse on ${nodeName(vm.mouse)}, ${vm.turn} to move: the mouse wins with the cat on ${plural(count.mouse, place)}, the cat on ${count.cat}, a draw on ${count.draw}${capture}.`;
}

// ---------- the legend ----------

function renderLegend() {
  if (state.game) $('legend').innerHTML = legendHtml(state.game, state.valueMap.on ? state.valueMap.turn : null, TOUCH);
}

// ---------- wiring ----------

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
      startAt(readPositionForm(state.game?.grid));
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
    if (state.valueMap.on) keepBoardInView();
  });
  const vmInputs = () => {
    if (!state.game) return;
    try {
      const m = readNode($('valuemap-mouse').value, 'Mouse on', state.game.grid);
      if (m >= state.game.nodes) throw new Error(`Mouse on: the nodes are 0 to ${state.game.nodes - 1}`);
      state.valueMap.mouse = m;
    } catch (e) {
      showError(e);
      return;
    }
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
  wireSources(loadGame, showError);
  if (TOUCH) $('valuemap-hint').textContent = $('valuemap-hint').textContent.replace('Click a node', 'Tap a node');
  const params = new URLSearchParams(location.search);
  const side = params.get('side');
  if (['mouse', 'cat', 'watch'].includes(side)) {
    state.side = side;
    for (const s of ['mouse', 'cat', 'watch']) $(`side-${s}`).setAttribute('aria-pressed', s === side ? 'true' : 'false');
  }
  // The examples list loads beside the first game.
  const listed = listExamples(api, showError);
  if (!(await loadFromAddress(params, listed, loadGame))) setReady(true);
}

main();
