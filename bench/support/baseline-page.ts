// The hand-written baseline page (bench/baseline-page/) built with Vite's JS API into a temp
// folder and served by `vite preview` on a free port, for bench/first-data.ts.
import react from '@vitejs/plugin-react';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, preview } from 'vite';

const root = join(import.meta.dirname, '..', 'baseline-page');

export async function startBaselinePage(): Promise<{ url: string; close: () => Promise<void> }> {
  const outDir = join(tmpdir(), `lp-bench-baseline-page-${process.pid}`);
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  const port = 30_000 + Math.floor(Math.random() * 20_000);
  const server = await preview({
    root,
    configFile: false,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: true },
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
