// The page's forms: the rules, the position to start from, and the nodes a person types. On a grid
// map a person names cells as (row, col), as the page writes them; on a graph, nodes by number.

const $ = (id) => document.getElementById(id);

export function nodeList(text, name) {
  const t = text.trim();
  if (t === '') return undefined;
  if (/^(none|-)$/i.test(t)) return [];
  return t.split(/[\s,]+/).filter(Boolean).map((x) => {
    if (!/^\d+$/.test(x)) throw new Error(`${name}: “${x}” is not a node number`);
    return Number(x);
  });
}

export function wholeNumber(text, name) {
  const t = text.trim();
  if (t === '') return undefined;
  if (!/^\d+$/.test(t)) throw new Error(`${name}: “${t}” is not a whole number`);
  return Number(t);
}

// One node as typed: a number on a graph; on a grid map (`grid`: the game's grid) a cell as
// "(2, 0)", "2, 0" or "2 0".
export function readNode(text, name, grid) {
  const t = text.trim();
  if (!grid) {
    const v = wholeNumber(t, name);
    if (v === undefined) throw new Error(`${name}: give a node number`);
    return v;
  }
  const m = /^\(?\s*(\d+)\s*(?:,\s*|\s+)(\d+)\s*\)?$/.exec(t);
  if (!m) throw new Error(`${name}: give the cell as (row, col), such as (2, 0)`);
  const [row, col] = [Number(m[1]), Number(m[2])];
  const rows = grid.rows.length;
  const columns = grid.rows[0].length;
  if (row >= rows || col >= columns) {
    throw new Error(`${name}: (${row}, ${col}) is off the map (rows 0 to ${rows - 1}, columns 0 to ${columns - 1})`);
  }
  return row * columns + col;
}

export function readRulesForm() {
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

// The rules in force, in words, for #rules-summary.
export function rulesText(r) {
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
  return `In force: ${parts.join('; ')}.`;
}

// The position form shows the position on the board, in the board's names of nodes.
export function fillPositionForm(pos, nodeName) {
  if (document.activeElement?.closest?.('#position-card')) return;
  $('pos-mouse').value = nodeName(pos.mouse);
  $('pos-cats').value = pos.cats.map(nodeName).join(',');
  $('pos-turn').value = pos.turn;
}

// Cats: one node per cat on a graph (comma-separated); a grid map has one cat, a cell.
export function readPositionForm(grid) {
  const mouse = readNode($('pos-mouse').value, 'Mouse', grid);
  const text = $('pos-cats').value;
  const cats = grid ? [readNode(text, 'Cat', grid)] : nodeList(text, 'Cat');
  if (!cats || !cats.length) throw new Error('Cat: give a node number (one per cat)');
  return { mouse, cats, turn: $('pos-turn').value };
}
