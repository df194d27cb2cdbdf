// A peer page of bench/peers/ (the hand-written page, or react-admin's once `npm run bench:peers`
// installed it) built with Vite's JS API into a temp folder and served by `vite preview` on a
// free port, for bench/first-data.ts and bench/peers.ts.
import react from '@vitejs/plugin-react';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, preview } from 'vite';

export type Peer = 'hand-written' | 'react-admin';

export interface PeerPage {
  url: string;
  close: () => Promise<void>;
}

export const peerRoot = (peer: Peer) => join(import.meta.dirname, '..', 'peers', peer);

export async function startPeerPage(peer: Peer): Promise<PeerPage> {
  const root = peerRoot(peer);
  if (peer !== 'hand-written' && !existsSync(join(root, 'node_modules')))
    throw new Error(`bench/peers/${peer} is not installed: run \`npm run bench:peers\`.`);
  const outDir = join(tmpdir(), `lp-bench-${peer}-${process.pid}`);
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
