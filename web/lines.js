// Lists of positions: the optimal line from the current position, how it ends (the reason for
// the value, shown under it), and the game record.
import { describePosition, plural } from './words.js';

// How the optimal line (the API's `line`) ends, in words: why the position has its value. The
// sentence is the server's (`reason`, the words of catmouse explain's "end:" line); the page adds
// how many moves it takes. Empty when the game is over at the line's first position (its
// sentence already says why).
export function lineReason(line) {
  const moves = line.positions.length - 1;
  if (line.end === 'cut') return `The optimal line goes on past ${plural(moves, 'move')}; it is cut there.`;
  if (moves === 0 && line.end !== 'repetition') return '';
  const reason = line.reason.charAt(0).toUpperCase() + line.reason.slice(1);
  return line.end === 'repetition' ? `${reason}.` : `After ${plural(moves, 'move')}: ${line.reason}.`;
}

function valueText(p) {
  const v = document.createElement('span');
  v.className = `value-text v-${p.value}`;
  v.textContent = p.sentence;
  return v;
}

function positionItem(p, nodeName) {
  const li = document.createElement('li');
  li.dataset.mouse = p.mouse;
  li.dataset.cats = p.cats.join(',');
  li.dataset.turn = p.turn;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'linkish';
  button.textContent = describePosition(p, nodeName);
  li.append(button);
  if (p.value) {
    li.dataset.value = p.value;
    li.dataset.remoteness = p.remoteness ?? '';
    li.append(valueText(p));
  }
  return { li, button };
}

// The line's first 200 positions into `list`; onFollow(positions) plays the first moves of it.
export function renderLine(list, end, line, nodeName, onFollow) {
  list.replaceChildren();
  const shown = line.positions.slice(0, 200);
  shown.forEach((p, k) => {
    const { li, button } = positionItem(p, nodeName);
    button.title = k === 0 ? 'the current position' : `play the first ${plural(k, 'move')} of this line`;
    button.addEventListener('click', () => onFollow(line.positions.slice(1, k + 1)));
    list.append(li);
  });
  const more = line.positions.length > shown.length ? ` (${line.positions.length - shown.length} more positions not shown)` : '';
  end.textContent = `${lineReason(line) || 'The game is over here.'}${more}`;
}

// The game record: history[j] has j moves made, with its value once it has been shown;
// onSelect(j) goes to it.
export function renderRecord(list, history, cur, nodeName, onSelect) {
  list.replaceChildren();
  history.forEach((p, j) => {
    const { li, button } = positionItem(p, nodeName);
    if (j === cur) {
      li.classList.add('current');
      button.setAttribute('aria-current', 'step');
    }
    button.addEventListener('click', () => onSelect(j));
    list.append(li);
  });
}
