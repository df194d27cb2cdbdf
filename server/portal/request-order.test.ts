// The order of checks, over real connections: failed attempts, then a declared oversize body
// (413), then the token, and only then the body. A client without a valid token never gets its
// upload read (before: 300 such uploads of almost 1 MiB took the server from 109 MB to 407 MB),
// and an upload the client abandons is closed quietly (before: a 500 and a stack trace each).
import { serve, type ServerType } from '@hono/node-server';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoPortal } from '../test/support.ts';
import { MAX_BODY_BYTES, MAX_TOKEN_REQUEST_BYTES } from './app.ts';

const lines: string[] = [];
const p = demoPortal({ log: (line) => lines.push(line) });
let server: ServerType;
let port = 0;

beforeAll(
  () =>
    new Promise<void>((resolve) => {
      server = serve({ fetch: p.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        port = info.port;
        resolve();
      });
    }),
);
afterAll(() => new Promise((resolve) => server.close(resolve)));

interface Upload {
  socket: Socket;
  /** The status of the answer, once its head has arrived. */
  status: Promise<number>;
  /** Whether an answer has arrived so far. */
  answered: () => boolean;
}

/** Starts a request by hand: its head, then only `sent` bytes of a body of `declared` bytes. */
function startUpload(
  path: string,
  { token, declared, sent }: { token?: string; declared: number; sent: number },
): Upload {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  const status = new Promise<number>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (m?.[1] && received.includes('\r\n\r\n')) resolve(Number(m[1]));
    });
    socket.on('error', reject);
  });
  const head = [
    `POST ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Content-Type: application/json',
    `Content-Length: ${declared}`,
  ];
  if (token) head.push(`Authorization: ${token}`);
  socket.write(`${head.join('\r\n')}\r\n\r\n`);
  socket.write(' '.repeat(sent));
  return { socket, status, answered: () => received.length > 0 };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the token is checked before the body is read', () => {
  it('answers 401 to a request without a token, or with a wrong one, while its upload has barely started', async () => {
    const uploads = [
      startUpload('/grp/get_all', { declared: MAX_BODY_BYTES - 10, sent: 1024 }),
      startUpload('/user_grp/create', { token: 'not-a-token', declared: MAX_BODY_BYTES - 10, sent: 1024 }),
    ];
    expect(await Promise.all(uploads.map((u) => u.status))).toEqual([401, 401]);
    for (const u of uploads) u.socket.destroy();
  });

  it('answers fifty tokenless uploads of almost 1 MiB at once, none of them read', async () => {
    const uploads = Array.from({ length: 50 }, () =>
      startUpload('/grp/get_all', { declared: MAX_BODY_BYTES - 10, sent: 16 * 1024 }),
    );
    const statuses = await Promise.all(uploads.map((u) => u.status));
    expect(statuses.every((s) => s === 401)).toBe(true);
    for (const u of uploads) u.socket.destroy();
  });

  it('waits for the body of a request with a valid token, then answers it', async () => {
    const body = '{"limit":1}';
    const upload = startUpload('/grp/get_all', { token: p.token1, declared: body.length, sent: 0 });
    upload.socket.write(body.slice(0, 5));
    await pause(300);
    expect(upload.answered()).toBe(false);
    upload.socket.write(body.slice(5));
    expect(await upload.status).toBe(200);
    upload.socket.destroy();
  });

  it('still refuses a declared oversize body (413) from its header, token or not', async () => {
    const uploads = [
      startUpload('/grp/get_all', { declared: MAX_BODY_BYTES + 1, sent: 0 }),
      startUpload('/grp/get_all', { token: p.token1, declared: MAX_BODY_BYTES + 1, sent: 0 }),
    ];
    expect(await Promise.all(uploads.map((u) => u.status))).toEqual([413, 413]);
    for (const u of uploads) u.socket.destroy();
  });

  it('answers an unknown route at once, without reading its body', async () => {
    const upload = startUpload('/no/such/route', { token: p.token1, declared: MAX_BODY_BYTES - 10, sent: 10 });
    expect(await upload.status).toBe(404);
    upload.socket.destroy();
  });
});

describe('POST /token, which has no token to check', () => {
  it(`reads at most ${MAX_TOKEN_REQUEST_BYTES} bytes of body: 413 beyond, declared or streamed`, async () => {
    const declared = startUpload('/token', { declared: MAX_TOKEN_REQUEST_BYTES + 1, sent: 0 });
    expect(await declared.status).toBe(413);
    declared.socket.destroy();
    const chunk = new Uint8Array(1024).fill(0x20);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const streamed = await fetch(`http://127.0.0.1:${port}/token`, {
      method: 'POST',
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
  });

  it('still works with a key in a small body', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/token`, {
      method: 'POST',
      body: JSON.stringify({ apikey: p.apikey1 }),
    });
    expect(res.status).toBe(200);
  });
});

describe('an upload the client abandons', () => {
  it('is closed quietly: no 500, nothing on the error console, a 499 in the request log', async () => {
    const errors = vi.spyOn(console, 'error');
    lines.length = 0;
    try {
      const upload = startUpload('/user_grp/create', { token: p.token1, declared: 100_000, sent: 10_000 });
      await pause(200);
      upload.socket.destroy();
      await vi.waitFor(() => expect(lines.some((line) => line.startsWith('POST /user_grp/create '))).toBe(true));
      expect(lines.filter((line) => / 5\d\d /.test(line))).toEqual([]);
      expect(lines.find((line) => line.startsWith('POST /user_grp/create '))).toMatch(/ 499 /);
      expect(errors).not.toHaveBeenCalled();
      // The server carries on.
      expect(
        (await fetch(`http://127.0.0.1:${port}/token/validate`, { headers: { authorization: p.token1 } })).status,
      ).toBe(200);
    } finally {
      errors.mockRestore();
    }
  });
});
