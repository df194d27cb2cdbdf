// The build's /assets/ files from memory once sent (their names change with their content), and
// only those: other files are read afresh, and the memory holds no entry per spelling of a name.
import { Hono } from 'hono';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { staticFiles } from './static-files.ts';
import { makeDist } from './test-dist.ts';

const dist = makeDist();
afterAll(() => dist.remove());
afterEach(() => {
  writeFileSync(join(dist.dir, 'assets', 'app.js'), 'console.log("app");');
  writeFileSync(join(dist.dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});

function serve() {
  const app = new Hono().get('*', staticFiles(dist.dir));
  return async (path: string) => {
    const response = await app.request(path);
    return { status: response.status, body: await response.text(), cache: response.headers.get('Cache-Control') };
  };
}

describe('the static files', () => {
  it('serves a chunk sent once from memory, with its long cache life', async () => {
    const get = serve();
    expect(await get('/assets/app.js')).toEqual({
      status: 200,
      body: 'console.log("app");',
      cache: 'public, max-age=31536000, immutable',
    });
    rmSync(join(dist.dir, 'assets', 'app.js'));
    expect((await get('/assets/app.js')).body).toBe('console.log("app");');
  });

  it('reads a percent-encoded address of a chunk afresh each time', async () => {
    const get = serve();
    expect((await get('/assets/%61pp.js')).body).toBe('console.log("app");');
    rmSync(join(dist.dir, 'assets', 'app.js'));
    expect((await get('/assets/%61pp.js')).status).toBe(404);
  });

  it('reads a file outside /assets/ afresh each time: it may change without changing its name', async () => {
    const get = serve();
    expect((await get('/favicon.svg')).cache).toBe('no-cache');
    writeFileSync(join(dist.dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" id="new"/>');
    expect((await get('/favicon.svg')).body).toContain('id="new"');
  });
});
