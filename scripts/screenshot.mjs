// Screenshots pages in headless Chromium, for looking at what we build:
//   node scripts/screenshot.mjs [baseUrl] path[@mobile] ...   → .screens/<name>.png
import fs from 'node:fs';
import { chromium } from 'playwright-core';

const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
fs.mkdirSync('.screens', { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
for (const entry of paths.length ? paths : ['/']) {
  const [path, mode] = entry.split('@');
  const mobile = mode === 'mobile';
  const page = await browser.newPage({ viewport: mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && console.log(`[${entry}] ${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => console.log(`[${entry}] pageerror: ${e.message}`));
  await page.goto(base + path, { waitUntil: 'networkidle' });
  const name = (path.replace(/[^a-z0-9]+/gi, '_') || 'root') + (mobile ? '_mobile' : '');
  await page.screenshot({ path: `.screens/${name}.png`, fullPage: !process.env.VIEWPORT_ONLY });
  console.log(`.screens/${name}.png`);
  await page.close();
}
await browser.close();
