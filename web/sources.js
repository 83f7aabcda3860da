// Where games come from: the examples, a pasted text or an opened file, a generated graph, and the
// page's address. Each asks load(source, name) for the game, with the source as POST /api/games
// takes it and the Example menu's words for a source that is not an example.
import { wholeNumber } from './forms.js';
import { plural } from './words.js';

const $ = (id) => document.getElementById(id);
const EXTENSIONS = { g6: 'graph6', graph6: 'graph6', txt: 'edges', edges: 'edges', el: 'edges', json: 'auto' };

export function wireSources(load, showError) {
  let fileName = null; // the file whose text the paste box holds, until it is loaded
  $('example-button').addEventListener('click', () => {
    const name = $('example-select').value;
    if (name) load({ example: name });
  });
  $('load-button').addEventListener('click', () => {
    const text = $('paste-input').value;
    if (!text.trim()) {
      showError(new Error('Paste a graph or a map first, or open a file.'));
      return;
    }
    const source = { text, format: $('format').value };
    if ($('directed').checked) source.directed = true;
    load(source, fileName ?? 'pasted graph');
    fileName = null;
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
    fileName = `file ${file.name}`;
    $('load-button').click();
  });
  $('generate-button').addEventListener('click', () => {
    try {
      const nodes = wholeNumber($('gen-nodes').value, 'Nodes');
      const seed = wholeNumber($('gen-seed').value, 'Seed') ?? 1;
      if (nodes === undefined) throw new Error('Nodes: give a number of nodes');
      const family = $('gen-family').value;
      load({ generate: { family, nodes, seed } }, `${family}, ${plural(nodes, 'node')}, seed ${seed}`);
    } catch (e) {
      showError(e);
    }
  });
}

// Fills the Example menu with the server's examples, and gives them.
export function listExamples(api, showError) {
  const select = $('example-select');
  return api.examples().then(
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
}

// The game the page's address asks for (?generate=FAMILY&nodes=N&seed=S, ?text=...&format=F,
// ?example=NAME), else LeetCode's example 1; false when there is nothing to load.
export async function loadFromAddress(params, listed, load) {
  if (params.has('generate')) {
    $('gen-family').value = params.get('generate');
    $('gen-nodes').value = params.get('nodes') ?? '30';
    $('gen-seed').value = params.get('seed') ?? '1';
    $('generate-button').click();
    await listed;
    return true;
  }
  if (params.has('text')) {
    $('paste-input').value = params.get('text');
    $('format').value = params.get('format') ?? 'auto';
    $('load-button').click();
    await listed;
    return true;
  }
  const examples = await listed;
  if (!examples.length) return false;
  const wanted = params.get('example');
  const ex = examples.find((e) => e.name === wanted) ?? examples.find((e) => e.name === 'leetcode1') ?? examples[0];
  $('example-select').value = ex.name;
  await load({ example: ex.name });
  return true;
}
