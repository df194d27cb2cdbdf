// At build time (vite.config.ts), a brotli (.br) and a gzip (.gz) copy beside every text file of
// the build, at the best and slowest levels: done once here, so that serving costs nothing.
// static-files.ts picks the one the browser accepts. Not index.html: it may be edited after the
// build (its portal-api-url meta tag), so the server compresses it as it serves it.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { encodings, type Encoding } from './compression.ts';

const compressible = new Set(['.html', '.js', '.css', '.svg', '.json', '.webmanifest', '.txt', '.csv', '.map']);

const compressors: Record<Encoding, (data: Buffer) => Buffer> = {
  br: (data) =>
    brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  gzip: (data) => gzipSync(data, { level: 9 }),
};

/** Compresses every text file under `dir` but index.html (and dot-files, dot-folders: never served). */
export function precompressDir(dir: string): void {
  for (const entry of readdirSync(dir)) {
    if (entry.startsWith('.') || entry === 'index.html') continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) precompressDir(path);
    else if (compressible.has(extname(entry))) {
      const data = readFileSync(path);
      for (const { name, extension } of encodings) {
        const compressed = compressors[name](data);
        // A tiny file can come out larger: then the file itself is what goes out.
        if (compressed.length < data.length) writeFileSync(path + extension, compressed);
      }
    }
  }
}
