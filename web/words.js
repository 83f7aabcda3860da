// Small helpers for the page's words.

export const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);
export const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

// "mouse 3, cat 5, cat to move"; nodeName writes a node (its number, or a grid cell's (row, col)).
export function describePosition(p, nodeName) {
  const cats = p.cats.length > 1 ? `cats ${p.cats.map(nodeName).join(', ')}` : `cat ${nodeName(p.cats[0])}`;
  return `mouse ${nodeName(p.mouse)}, ${cats}, ${p.turn} to move`;
}
