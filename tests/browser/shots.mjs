#!/usr/bin/env node
// Screenshots of the page for looking at the design: desktop (1280x800) and phone (390x844).
//   node tests/browser/shots.mjs SERVER_URL OUT_DIR [QUERY...]
// Each QUERY (e.g. "example=grid1728", "generate=random&nodes=200&seed=1") gives one pair of
// pictures; without any, the default page.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { openBrowser, watchConsole } from './lib/browser.mjs';

const [url, out, ...queries] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: shots.mjs SERVER_URL OUT_DIR [QUERY...]');
  process.exit(2);
}
mkdirSync(out, { recursive: true });
let failed = false;
for (const [name, size] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844, mobile: true }]]) {
  const browser = await openBrowser(size);
  try {
    for (const [i, query] of (queries.length ? queries : ['']).entries()) {
      const page = await browser.context.newPage();
      const problems = watchConsole(page);
      await page.goto(new URL(query ? `/?${query}` : '/', url).href);
      await page.waitForSelector('#app[data-ready="true"]', { timeout: 20000 });
      await page.waitForTimeout(300);
      const file = join(out, `${name}-${i}.png`);
      await page.screenshot({ path: file, fullPage: name === 'phone' });
      console.log(`${file}${problems.length ? `  PROBLEMS: ${problems.join(' | ')}` : ''}`);
      if (problems.length) failed = true;
      await page.close();
    }
  } finally {
    await browser.close();
  }
}
process.exit(failed ? 1 : 0);
