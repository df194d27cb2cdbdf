// A minimal built dashboard in a temporary directory, for the production server's tests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const indexHtml = (portalUrl = '') =>
  `<!doctype html><html><head><meta name="portal-api-url" content="${portalUrl}" /><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`;

export function makeDist(portalUrl = ''): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'lp-web-test-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), indexHtml(portalUrl));
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("app");');
  writeFileSync(join(dir, 'assets', 'app.css'), 'body{}');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{}');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
