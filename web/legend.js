// The legend under the board: the marks of the moves (or of the value map), the pieces, and the
// kinds of node the board has.
import { pieceSwatch } from './board.js';

const SWATCH = {
  win: '<svg viewBox="0 0 24 24" class="sw"><circle cx="12" cy="12" r="6" class="sw-disc"/><circle cx="12" cy="12" r="9.5" class="sw-ring win"/></svg>',
  draw: '<svg viewBox="0 0 24 24" class="sw"><circle cx="12" cy="12" r="6" class="sw-disc"/><circle cx="12" cy="12" r="9.5" class="sw-ring draw"/></svg>',
  loss: '<svg viewBox="0 0 24 24" class="sw"><circle cx="12" cy="12" r="6" class="sw-disc"/><circle cx="12" cy="12" r="9.5" class="sw-ring loss"/></svg>',
  hole: '<svg viewBox="0 0 24 24" class="sw"><circle cx="12" cy="12" r="9" class="sw-hole"/><circle cx="12" cy="12" r="5" class="sw-hole-in"/></svg>',
  barred: '<svg viewBox="0 0 24 24" class="sw"><circle cx="12" cy="12" r="9" class="sw-barred"/></svg>',
  wall: '<svg viewBox="0 0 24 24" class="sw"><rect x="3" y="3" width="18" height="18" rx="2" class="sw-wall"/></svg>',
  food: '<svg viewBox="-50 -50 100 100" class="sw"><path d="M-38,24 L38,24 L38,-4 L-38,10 Z" class="cheese-side"/><path d="M-38,10 L38,-4 L14,-26 Z" class="cheese-top"/></svg>',
  'vm-win': '<svg viewBox="0 0 24 24" class="sw"><circle cx="12" cy="12" r="8.5" class="sw-vm win"/></svg>',
  'vm-draw': '<svg viewBox="0 0 24 24" class="sw"><circle cx="12" cy="12" r="8.5" class="sw-vm draw"/></svg>',
  'vm-loss': '<svg viewBox="0 0 24 24" class="sw"><circle cx="12" cy="12" r="8.5" class="sw-vm loss"/></svg>',
};

// valueMap: null, or the side to move on the value map; touch: the screen has no hover.
export function legendHtml(game, valueMap, touch) {
  const items = [];
  const pieces = { mouse: pieceSwatch('mouse', !!game.grid).outerHTML, cat: pieceSwatch('cat', !!game.grid).outerHTML };
  const add = (swatch, text) => items.push(`<span class="legend-item">${SWATCH[swatch] ?? pieces[swatch]}<span>${text}</span></span>`);
  if (valueMap) {
    add('vm-win', `${valueMap} to move wins with the cat here`);
    add('vm-draw', 'draw');
    add('vm-loss', `${valueMap} to move loses`);
    items.push(`<span class="legend-item legend-note">${touch ? 'tap a node to put the mouse there' : 'hover a node for its number of moves'}</span>`);
  } else {
    add('win', 'the mover wins');
    add('draw', 'draw');
    add('loss', 'the mover loses');
    items.push(`<span class="legend-item legend-note">${touch ? 'tap a move to play it; the Moves list gives its number of moves' : 'hover a move for its number of moves'}</span>`);
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
  return items.join('');
}
