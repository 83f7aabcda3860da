// Starting Debian's Chromium through playwright-core, headless, with a fresh empty profile, and
// collecting the page's console errors and warnings.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Returns {context, close}; close() ends the browser and removes the profile.
export async function openBrowser({ width = 1280, height = 800, mobile = false } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'catmouse-browser-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: ARGS,
    headless: true,
    viewport: { width, height },
    deviceScaleFactor: mobile ? 2 : 1,
    isMobile: mobile,
    hasTouch: mobile,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// Records console errors and warnings, page errors and failed requests of a page.
export function watchConsole(page) {
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console ${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  // A request the browser cancelled (net::ERR_ABORTED) is not a failure: the next step's navigation
  // cancels whatever the last one still had in flight, which happens on a busy machine.
  page.on('requestfailed', (req) => {
    const reason = req.failure()?.errorText;
    if (reason !== 'net::ERR_ABORTED') problems.push(`request failed: ${req.url()} (${reason})`);
  });
  return problems;
}
