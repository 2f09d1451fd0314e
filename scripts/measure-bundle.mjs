// The JavaScript a first visit downloads, per page: every .js response Chromium fetches until
// the network is idle, with its gzip -9 size (what the budget counts; the server sends
// Brotli, which is smaller). Usage: node scripts/measure-bundle.mjs http://127.0.0.1:3000
import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
for (const path of ['/', '/explore', '/signIn']) {
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) scripts.push(response);
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  let raw = 0;
  let gzipped = 0;
  for (const response of scripts) {
    const body = await response.body();
    raw += body.length;
    gzipped += gzipSync(body, { level: 9 }).length;
  }
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  console.log(`${path}: ${scripts.length} files, ${kb(raw)} KB, ${kb(gzipped)} KB gzipped`);
  await page.close();
}
await browser.close();
