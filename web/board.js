// The board: an SVG drawing of a graph (from the server's layout) or of a LeetCode 1728 grid map,
// with the pieces, the legal moves of the side to move, an optional value map, pan and zoom, and
// dragging of the pieces. It knows nothing of the API; the page tells it what to show.

const SVG = 'http://www.w3.org/2000/svg';
const VIEW = 1000; // graph boards are drawn in a 1000 x 1000 box
const PAD = 64; // room for the largest ring and focus ring around a node at the edge
const CELL = 100; // grid cells are 100 x 100

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));

// The median and the smallest distance from a node to its nearest neighbour, on at most 2000
// sampled nodes: the median sets the size of the nodes, the smallest caps it so that no two discs
// overlap.
function nearestSpacing(points) {
  const n = points.length;
  if (n < 2) return { median: VIEW, least: VIEW };
  const step = Math.max(1, Math.floor(n / 2000));
  const found = [];
  for (let i = 0; i < n; i += step) {
    let best = Infinity;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const d = Math.hypot(points[i][0] - points[j][0], points[i][1] - points[j][1]);
      if (d < best) best = d;
    }
    found.push(best);
  }
  found.sort((a, b) => a - b);
  return { median: found[Math.floor(found.length / 2)], least: found[0] };
}

// The server's layout (in the unit square) stretched to fill a box of w x h units less the
// padding, so that a drawing fills a wide or a tall board as well as a square one.
function fillBox(layout, w, h, pad) {
  const xs = layout.map((p) => p[0]);
  const ys = layout.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const sx = x1 > x0 ? (w - 2 * pad) / (x1 - x0) : 0;
  const sy = y1 > y0 ? (h - 2 * pad) / (y1 - y0) : 0;
  return layout.map(([x, y]) => [sx ? pad + (x - x0) * sx : w / 2, sy ? pad + (y - y0) * sy : h / 2]);
}

// A piece is a ring around the node it stands on, so that the node's number stays readable in
// its hole (the first thing one points at: the mouse starts on 1, the cat on 2): the mouse a grey
// ring with round ears, the cat a dark one with pointed ears. On a grid map, whose cells have no
// numbers, the hole is filled: a face. Drawn around (0, 0) with the hole's radius PIECE_HOLE; the
// ring reaches PIECE_RING, the ears about 80.
const PIECE_HOLE = 40;
const PIECE_RING = 55;
const PIECE_REACH = 84; // the whiskers' ends

// The radius of a piece's hole on a graph whose nodes have radius r: it just clears the node's
// disc, and on a dense graph the piece keeps a size one sees.
const pieceHole = (r) => Math.max(r * 1.12, 11);

// The point at `radius` from (0, 0), `degrees` clockwise from straight up.
function polar(radius, degrees) {
  const a = (degrees * Math.PI) / 180;
  return [radius * Math.sin(a), -radius * Math.cos(a)];
}

const pointList = (...points) => points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');

function circlePath(r) {
  return `M${r},0A${r},${r} 0 1 0 ${-r},0A${r},${r} 0 1 0 ${r},0Z`;
}

// A piece alone, as an <svg> for the legend.
export function pieceSwatch(piece, filled) {
  const reach = 86;
  const svg = el('svg', { viewBox: `${-reach} ${-reach} ${2 * reach} ${2 * reach}`, class: 'sw', 'aria-hidden': 'true' });
  pieceIcon(svg, piece, filled);
  return svg;
}

// filled: a face, the hole filled (grid maps).
function pieceIcon(parent, piece, filled) {
  const g = el('g', { class: 'icon' }, parent);
  const cat = piece === 'cat';
  for (const side of [-1, 1]) {
    if (cat) {
      el('polygon', { points: pointList(polar(50, side * 14), polar(80, side * 38), polar(50, side * 64)), class: 'cat-ear' }, g);
    } else {
      const [x, y] = polar(54, side * 42);
      el('circle', { cx: x, cy: y, r: 19, class: 'mouse-ear' }, g);
      el('circle', { cx: x * 1.05, cy: y * 1.05, r: 10, class: 'mouse-ear-in' }, g);
    }
  }
  // The ring, its hole left open (even-odd): the node shows through and takes the clicks there.
  const hole = filled ? '' : circlePath(PIECE_HOLE);
  el('path', { d: circlePath(PIECE_RING) + hole, 'fill-rule': 'evenodd', class: `piece-halo ${cat ? 'cat-head' : 'mouse-head'}` }, g);
  for (const side of [-1, 1]) {
    const [x, y] = polar(filled ? 30 : 47.5, side * (filled ? 32 : 26));
    if (cat) {
      el('ellipse', { cx: x, cy: y, rx: 5.5, ry: 6.5, class: 'cat-eye' }, g);
      el('ellipse', { cx: x, cy: y, rx: 1.8, ry: 5, class: 'eye' }, g);
    } else {
      el('circle', { cx: x, cy: y, r: 4.5, class: 'eye' }, g);
    }
    const whiskers = [78, 96, 114].map((d) => `M${pointList(polar(PIECE_RING - 3, side * d))}L${pointList(polar(PIECE_REACH, side * (d + (d - 96) * 0.5)))}`);
    el('path', { d: whiskers.join(''), class: cat ? 'cat-whisker' : 'whisker' }, g);
  }
  el('ellipse', { cx: 0, cy: filled ? 18 : (PIECE_HOLE + PIECE_RING) / 2, rx: 6.5, ry: 5, class: cat ? 'cat-nose' : 'mouse-nose' }, g);
  return g;
}

function cheeseIcon(parent) {
  const g = el('g', { class: 'icon cheese' }, parent);
  el('path', { d: 'M-38,24 L38,24 L38,-4 L-38,10 Z', class: 'cheese-side' }, g);
  el('path', { d: 'M-38,10 L38,-4 L14,-26 Z', class: 'cheese-top' }, g);
  for (const [x, y, r] of [[-18, 16, 5], [8, 12, 6.5], [26, 18, 4], [22, 2, 3.5]]) el('circle', { cx: x, cy: y, r, class: 'cheese-hole' }, g);
  return g;
}

export class Board {
  // handlers: onNodeClick(node), onPieceDrop(piece, index, node) with piece 'mouse' or 'cat'.
  constructor(container, handlers) {
    this.container = container;
    this.handlers = handlers;
    this.svg = el('svg', { role: 'group', 'aria-label': 'Board', xmlns: SVG });
    container.replaceChildren(this.svg);
    this.game = null;
    this.nodes = [];
    this.moves = new Map();
    this.view = null;
    this.labelsWanted = true;
    this.installPanZoom();
    new ResizeObserver(() => this.updateLabels()).observe(container);
  }

  // Draws the board of a game (the server's game object).
  setGame(game) {
    this.game = game;
    this.grid = game.grid;
    this.moves = new Map();
    this.valueMap = null;
    this.svg.replaceChildren();
    this.defs();
    if (this.grid) this.drawGrid();
    else this.drawGraph();
    this.piecesLayer = el('g', { class: 'pieces' }, this.svg);
    this.pieces = null;
    this.fit();
  }

  defs() {
    const defs = el('defs', {}, this.svg);
    const hatch = el('pattern', { id: 'hatch', width: 8, height: 8, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' }, defs);
    el('rect', { width: 8, height: 8, class: 'hatch-bg' }, hatch);
    el('line', { x1: 0, y1: 0, x2: 0, y2: 8, class: 'hatch-line' }, hatch);
    const marker = el('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 4.5, markerHeight: 4.5, markerUnits: 'strokeWidth', orient: 'auto-start-reverse' }, defs);
    el('path', { d: 'M0,0 L10,5 L0,10 Z', class: 'arrowhead' }, marker);
  }

  drawGraph() {
    const game = this.game;
    const n = game.nodes;
    // The drawing takes the board's shape on screen (a wide board on a desktop, a square one on
    // a phone), within limits so that a strip of a window does not flatten it.
    this.container.style.setProperty('--aspect', '1');
    const shown = this.container.getBoundingClientRect();
    const aspect = shown.width > 0 && shown.height > 0 ? clamp(shown.width / shown.height, 0.75, 1.6) : 1;
    const w = VIEW * Math.max(1, aspect);
    const h = VIEW * Math.max(1, 1 / aspect);
    // The nodes' size follows their spacing; the margin grows with it, to leave room for a piece
    // on a node at the edge (the drawing shrinks a little, so one more pass suffices).
    let pad = PAD;
    let r;
    for (;;) {
      this.points = fillBox(game.layout, w, h, pad);
      const spacing = nearestSpacing(this.points);
      r = clamp(Math.min(spacing.median * 0.34, spacing.least * 0.46), 3, 34);
      const reach = (pieceHole(r) * PIECE_REACH) / PIECE_HOLE;
      if (reach <= pad) break;
      pad = reach;
    }
    this.r = r;
    this.box = { x: 0, y: 0, w, h };
    this.svg.style.setProperty('--r', `${r}px`);
    this.svg.style.setProperty('--edge-w', `${clamp(r * 0.12, 0.8, 3)}px`);
    this.svg.style.setProperty('--ring-w', `${clamp(r * 0.3, 1.6, 6)}px`);
    this.svg.classList.remove('grid-board');
    this.svg.classList.add('graph-board');
    this.container.parentElement?.classList.remove('grid-frame');
    this.container.style.setProperty('--aspect', `${w / h}`);
    const holes = new Set(game.holes);
    const barred = new Set(game.cat_forbidden);
    const edges = el('g', { class: 'edges' }, this.svg);
    if (game.directed) {
      const arcs = new Set(game.edges.map(([u, v]) => `${u},${v}`));
      for (const [u, v] of game.edges) {
        const both = arcs.has(`${v},${u}`);
        if (both && u > v) continue;
        const [x1, y1] = this.points[u];
        const [x2, y2] = this.points[v];
        const d = Math.hypot(x2 - x1, y2 - y1) || 1;
        const cut = (r + 2) / d;
        el('line', {
          x1: x1 + (x2 - x1) * (both ? cut : 0),
          y1: y1 + (y2 - y1) * (both ? cut : 0),
          x2: x2 - (x2 - x1) * cut,
          y2: y2 - (y2 - y1) * cut,
          class: 'edge arc',
          'marker-end': 'url(#arrow)',
          ...(both ? { 'marker-start': 'url(#arrow)' } : {}),
        }, edges);
      }
    } else {
      const d = game.edges.map(([u, v]) => `M${this.points[u][0].toFixed(1)},${this.points[u][1].toFixed(1)}L${this.points[v][0].toFixed(1)},${this.points[v][1].toFixed(1)}`).join('');
      el('path', { d, class: 'edge' }, edges);
    }
    this.moveEdges = el('g', { class: 'move-edges' }, this.svg);
    const layer = el('g', { class: 'nodes' }, this.svg);
    this.nodes = [];
    for (let v = 0; v < n; v++) {
      const [x, y] = this.points[v];
      const kind = holes.has(v) ? 'hole' : barred.has(v) ? 'barred' : 'plain';
      const g = el('g', { class: `node ${kind}`, 'data-node': v, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` }, layer);
      const title = el('title', {}, g);
      title.textContent = this.describeNode(v);
      el('circle', { r: r * 1.45, class: 'ring' }, g);
      el('circle', { r, class: 'disc' }, g);
      if (kind === 'hole') el('circle', { r: r * 0.55, class: 'hole-in' }, g);
      const label = el('text', { class: 'label', 'font-size': (r * 1.05).toFixed(1), dy: '0.35em' }, g);
      label.textContent = v;
      el('circle', { r: r * 1.85, class: 'focus' }, g);
      this.nodes.push(g);
    }
  }

  drawGrid() {
    const rows = this.grid.rows;
    const R = rows.length;
    const C = rows[0].length;
    this.box = { x: -10, y: -10, w: C * CELL + 20, h: R * CELL + 20 };
    this.r = CELL * 0.36;
    this.points = [];
    this.svg.classList.remove('graph-board');
    this.svg.classList.add('grid-board');
    this.container.parentElement?.classList.add('grid-frame');
    this.svg.style.setProperty('--ring-w', '7px');
    this.container.style.setProperty('--aspect', `${(C * CELL + 20) / (R * CELL + 20)}`);
    const barred = new Set(this.game.cat_forbidden);
    const layer = el('g', { class: 'nodes' }, this.svg);
    this.moveEdges = el('g', { class: 'move-edges' }, this.svg);
    this.nodes = [];
    for (let r = 0; r < R; r++) {
      for (let c = 0; c < C; c++) {
        const v = r * C + c;
        const ch = rows[r][c];
        const kind = ch === '#' ? 'wall' : ch === 'F' ? 'food' : barred.has(v) ? 'floor barred' : 'floor';
        this.points.push([c * CELL + CELL / 2, r * CELL + CELL / 2]);
        const g = el('g', { class: `cell ${kind}`, 'data-node': v, transform: `translate(${c * CELL},${r * CELL})` }, layer);
        const title = el('title', {}, g);
        title.textContent = this.describeNode(v);
        el('rect', { width: CELL, height: CELL, class: 'tile' }, g);
        if (ch === 'F') {
          const icon = el('g', { transform: `translate(${CELL / 2},${CELL / 2}) scale(0.8)` }, g);
          cheeseIcon(icon);
        }
        const label = el('text', { class: 'label', x: CELL / 2, y: CELL / 2, 'font-size': 30, dy: '0.35em' }, g);
        label.textContent = '';
        el('rect', { x: 8, y: 8, width: CELL - 16, height: CELL - 16, rx: 12, class: 'ring' }, g);
        el('rect', { x: 3, y: 3, width: CELL - 6, height: CELL - 6, rx: 8, class: 'focus' }, g);
        this.nodes.push(g);
      }
    }
  }

  describeNode(v) {
    if (this.grid) {
      const C = this.grid.rows[0].length;
      const ch = this.grid.rows[Math.floor(v / C)][v % C];
      const what = ch === '#' ? 'wall' : ch === 'F' ? 'food' : 'floor';
      return `cell (${Math.floor(v / C)}, ${v % C}), ${what}`;
    }
    const extra = [];
    if (this.game.holes.includes(v)) extra.push('hole');
    else if (this.game.cat_forbidden.includes(v)) extra.push('the cat may not enter');
    return `node ${v}${extra.length ? `, ${extra.join(', ')}` : ''}`;
  }

  nodeName(v) {
    if (!this.grid) return `${v}`;
    const C = this.grid.rows[0].length;
    return `(${Math.floor(v / C)}, ${v % C})`;
  }

  // Places the pieces: {mouse, cats: [...]} (the mouse alone on the value map). Each is a ring
  // around its node; pieces sharing a node are rings one around the other.
  setPosition(pos) {
    this.position = pos;
    const layer = this.piecesLayer;
    layer.replaceChildren();
    for (const g of this.nodes) g.classList.remove('occupied');
    this.pieceOn = new Map(); // node -> its outermost piece, so that a drag may start in the hole
    const hole = this.grid ? CELL * 0.26 : pieceHole(this.r);
    const groups = new Map();
    const place = (piece, index, node) => {
      const list = groups.get(node) ?? [];
      list.push({ piece, index });
      groups.set(node, list);
    };
    place('mouse', 0, pos.mouse);
    (pos.cats ?? []).forEach((c, i) => place('cat', i, c));
    for (const [node, list] of groups) {
      const [x, y] = this.points[node];
      this.nodes[node].classList.add('occupied');
      list.forEach(({ piece, index }, j) => {
        const scale = (hole / PIECE_HOLE) * (PIECE_RING / PIECE_HOLE) ** j;
        const g = el('g', {
          class: `piece ${piece}`,
          'data-piece': piece,
          transform: `translate(${x.toFixed(1)},${y.toFixed(1)}) scale(${scale.toFixed(4)})`,
        }, layer);
        if (piece === 'cat') g.setAttribute('data-cat-index', index);
        const title = el('title', {}, g);
        title.textContent = `${piece === 'mouse' ? 'the mouse' : `cat ${pos.cats.length > 1 ? index + 1 : ''}`.trim()} on ${this.nodeName(node)} (drag to move it)`;
        pieceIcon(g, piece, !!this.grid);
        if (piece === 'cat' && pos.cats.length > 1) {
          const [bx, by] = polar(PIECE_RING, 135);
          el('circle', { cx: bx, cy: by, r: 17, class: 'badge' }, g);
          const t = el('text', { x: bx, y: by, dy: '0.35em', class: 'badge-text' }, g);
          t.textContent = index + 1;
        }
        const held = { g, piece, index, node };
        g.addEventListener('pointerdown', (e) => this.startDrag(held, e));
        this.pieceOn.set(node, held);
      });
    }
  }

  // The legal moves to mark: [{node, kind: 'win'|'draw'|'loss', remoteness, text}], the node the
  // mover leaves (for the move lines), and whether they can be played by clicking.
  setMoves(moves, from, playable) {
    for (const v of this.moves.keys()) {
      const g = this.nodes[v];
      g.removeAttribute('data-move');
      g.removeAttribute('data-remoteness');
      g.removeAttribute('tabindex');
      g.removeAttribute('role');
      g.removeAttribute('aria-label');
      g.classList.remove('move', 'playable');
      g.querySelector('title').textContent = this.describeNode(v);
    }
    this.moves = new Map();
    this.moveEdges.replaceChildren();
    for (const m of moves) {
      const g = this.nodes[m.node];
      this.moves.set(m.node, m);
      g.setAttribute('data-move', m.kind);
      g.setAttribute('data-remoteness', m.remoteness ?? '');
      g.classList.add('move');
      g.querySelector('title').textContent = `${this.describeNode(m.node)}: ${m.text}`;
      if (playable) {
        g.classList.add('playable');
        g.setAttribute('tabindex', '0');
        g.setAttribute('role', 'button');
        g.setAttribute('aria-label', `move to ${this.nodeName(m.node)}: ${m.text}`);
      }
      if (from !== null && from !== m.node && !this.grid) {
        const [x1, y1] = this.points[from];
        const [x2, y2] = this.points[m.node];
        el('line', { x1, y1, x2, y2, class: `move-edge ${m.kind}` }, this.moveEdges);
      }
    }
    this.svg.classList.toggle('has-moves', moves.length > 0);
  }

  // Nodes of legal moves in node order, for keyboard focus.
  moveNodes() {
    return [...this.moves.keys()].sort((a, b) => a - b).map((v) => this.nodes[v]);
  }

  // Colours every node by the value of the cat standing there, for the side to move (`turn`), in
  // the colours of the moves: green that side wins, yellow a draw, red it loses. Entries are
  // {value, remoteness, sentence} or null (the cat may not stand there), as the server's value
  // map gives them (the sentence is the library's); the labels stay the node numbers.
  setValueMap(entries, turn = 'mouse') {
    this.valueMap = entries;
    this.svg.classList.toggle('value-map', !!entries);
    this.nodes.forEach((g, v) => {
      const e = entries ? entries[v] : undefined;
      g.classList.remove('vm-mouse', 'vm-cat', 'vm-draw', 'vm-none');
      g.removeAttribute('data-value');
      g.removeAttribute('data-for-mover');
      if (!entries) {
        g.querySelector('title').textContent = this.describeNode(v);
        return;
      }
      if (!e) {
        g.classList.add('vm-none');
        g.querySelector('title').textContent = `${this.describeNode(v)}: the cat may not stand here`;
        return;
      }
      g.classList.add(`vm-${e.value}`);
      g.setAttribute('data-value', e.value);
      g.setAttribute('data-for-mover', e.value === 'draw' ? 'draw' : e.value === turn ? 'win' : 'loss');
      g.querySelector('title').textContent = `cat on ${this.nodeName(v)}: ${e.sentence}`;
    });
    this.updateLabels();
  }

  // ---- pan and zoom: the viewBox moves over the drawing ----

  fit() {
    this.view = { ...this.box };
    this.applyView();
  }

  zoom(factor, cx = null, cy = null) {
    const v = this.view;
    const x = cx ?? v.x + v.w / 2;
    const y = cy ?? v.y + v.h / 2;
    const w = clamp(v.w / factor, this.box.w / 20, this.box.w * 1.5);
    const h = (v.h * w) / v.w;
    this.view = { x: x - ((x - v.x) * w) / v.w, y: y - ((y - v.y) * h) / v.h, w, h };
    this.applyView();
  }

  applyView() {
    const v = this.view;
    this.svg.setAttribute('viewBox', `${v.x.toFixed(2)} ${v.y.toFixed(2)} ${v.w.toFixed(2)} ${v.h.toFixed(2)}`);
    this.updateLabels();
  }

  // Labels show while a node is at least 8 pixels across on screen.
  updateLabels() {
    if (!this.view) return;
    const width = this.svg.clientWidth || this.container.clientWidth || 1;
    const pixelsPerUnit = Math.min(width / this.view.w, (this.svg.clientHeight || width) / this.view.h);
    const radius = this.r * pixelsPerUnit;
    const show = this.grid ? radius * 2 >= 14 : radius >= 7 && (this.game?.nodes ?? 0) <= 1500;
    this.svg.classList.toggle('no-labels', !show);
    this.svg.dataset.labels = show ? 'on' : 'off';
  }

  toSvg(event) {
    const pt = new DOMPoint(event.clientX, event.clientY);
    const m = this.svg.getScreenCTM();
    return m ? pt.matrixTransform(m.inverse()) : pt;
  }

  installPanZoom() {
    this.svg.addEventListener('wheel', (e) => {
      if (!this.view) return;
      e.preventDefault();
      const p = this.toSvg(e);
      this.zoom(Math.pow(1.0015, -e.deltaY), p.x, p.y);
    }, { passive: false });
    let pan = null;
    this.svg.addEventListener('pointerdown', (e) => {
      const node = e.target.closest('[data-node]');
      const held = node && this.pieceOn?.get(Number(node.dataset.node));
      if (held) {
        this.startDrag(held, e);
        return;
      }
      if (e.pointerType !== 'mouse' || e.button !== 0 || node || e.target.closest('.piece')) return;
      pan = { x: e.clientX, y: e.clientY, view: { ...this.view }, moved: false };
      this.svg.setPointerCapture(e.pointerId);
    });
    this.svg.addEventListener('pointermove', (e) => {
      if (!pan) return;
      const width = this.svg.clientWidth || 1;
      const k = Math.max(pan.view.w / width, pan.view.h / (this.svg.clientHeight || width));
      if (Math.abs(e.clientX - pan.x) + Math.abs(e.clientY - pan.y) > 3) pan.moved = true;
      this.view = { ...pan.view, x: pan.view.x - (e.clientX - pan.x) * k, y: pan.view.y - (e.clientY - pan.y) * k };
      this.svg.classList.add('panning');
      this.applyView();
    });
    const stop = () => {
      pan = null;
      this.svg.classList.remove('panning');
    };
    this.svg.addEventListener('pointerup', stop);
    this.svg.addEventListener('pointercancel', stop);
    this.svg.addEventListener('click', (e) => {
      const g = e.target.closest('[data-node]');
      if (g && this.svg.contains(g)) this.handlers.onNodeClick(Number(g.dataset.node));
    });
    this.svg.addEventListener('keydown', (e) => {
      const g = e.target.closest?.('[data-node]');
      if (!g) return;
      const list = this.moveNodes();
      const at = list.indexOf(g);
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        this.handlers.onNodeClick(Number(g.dataset.node));
      } else if (at >= 0 && ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp'].includes(e.key)) {
        e.preventDefault();
        const step = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : -1;
        list[(at + step + list.length) % list.length].focus();
      }
    });
  }

  // A piece follows the pointer once it has moved a few pixels, and lands on the nearest node; a
  // press without moving is a click on the node under the piece. A drag starts on the piece or in
  // its hole (on the node it stands on).
  startDrag({ g, piece, index, node }, e) {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    g.setPointerCapture(e.pointerId);
    const start = { x: e.clientX, y: e.clientY };
    const base = g.getAttribute('transform');
    const scale = base.match(/scale\(([^)]+)\)/)[1];
    let dragging = false;
    const move = (ev) => {
      if (!dragging && Math.hypot(ev.clientX - start.x, ev.clientY - start.y) < 6) return;
      dragging = true;
      g.classList.add('dragging');
      const p = this.toSvg(ev);
      g.setAttribute('transform', `translate(${p.x.toFixed(1)},${p.y.toFixed(1)}) scale(${scale})`);
    };
    const finish = () => {
      g.removeEventListener('pointermove', move);
      g.removeEventListener('pointerup', up);
      g.removeEventListener('pointercancel', finish);
      g.classList.remove('dragging');
      g.setAttribute('transform', base);
    };
    const up = (ev) => {
      finish();
      if (!dragging) {
        this.handlers.onNodeClick(node);
        return;
      }
      const p = this.toSvg(ev);
      const target = this.nearestNode(p.x, p.y);
      if (target !== null && target !== node) this.handlers.onPieceDrop(piece, index, target);
    };
    g.addEventListener('pointermove', move);
    g.addEventListener('pointerup', up);
    g.addEventListener('pointercancel', finish);
  }

  nearestNode(x, y) {
    if (this.grid) {
      const C = this.grid.rows[0].length;
      const c = Math.floor(x / CELL);
      const r = Math.floor(y / CELL);
      if (c < 0 || r < 0 || c >= C || r >= this.grid.rows.length) return null;
      return r * C + c;
    }
    let best = null;
    let bestD = Math.max(this.r * 2.2, 24);
    this.points.forEach(([px, py], v) => {
      const d = Math.hypot(px - x, py - y);
      if (d < bestD) {
        bestD = d;
        best = v;
      }
    });
    return best;
  }
}
