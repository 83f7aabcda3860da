// The legal moves of the side to move, as the Moves list shows them.
import { capital } from './words.js';

// The node a move goes to on the board: null for the joint moves of several cats.
export function moveNode(m, turn) {
  if (turn === 'mouse') return m.mouse;
  return m.cats.length === 1 ? m.cats[0] : null;
}

function moveButton(pos, m, i, nodeName) {
  const button = document.createElement('button');
  button.type = 'button';
  button.dataset.move = m.for_mover;
  button.dataset.index = i;
  button.dataset.remoteness = m.remoteness ?? '';
  const node = moveNode(m, pos.turn);
  if (node !== null) button.dataset.to = node;
  const stay = pos.turn === 'mouse' ? m.mouse === pos.mouse : m.cats.length === 1 && m.cats[0] === pos.cats[0];
  const where = pos.turn === 'mouse' ? nodeName(m.mouse) : m.cats.map(nodeName).join(', ');
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
  return button;
}

// pos: the API's position; over: whether the game is over; onPlay(i) plays move i.
export function renderMoveList(list, hint, pos, { over, playable, nodeName, onPlay }) {
  list.replaceChildren();
  if (over) {
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
    const button = moveButton(pos, m, i, nodeName);
    button.disabled = !playable;
    button.addEventListener('click', () => onPlay(i));
    li.append(button);
    list.append(li);
  });
}
