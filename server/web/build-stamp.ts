// The settings a dashboard build bakes in (VITE_PORTAL_API_URL), stamped next to the build by
// every `vite build` (vite.config.ts), so that `npm start` knows whether dist/ still fits.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const stampFile = '.build-settings.json';

export function settingsStamp(env: { VITE_PORTAL_API_URL?: string }): string {
  return JSON.stringify({ VITE_PORTAL_API_URL: env.VITE_PORTAL_API_URL ?? '' });
}

export function readStamp(outDir: string): string | null {
  try {
    return readFileSync(join(outDir, stampFile), 'utf8');
  } catch {
    return null;
  }
}

export function writeStamp(outDir: string, env: { VITE_PORTAL_API_URL?: string }): void {
  writeFileSync(join(outDir, stampFile), settingsStamp(env));
}
