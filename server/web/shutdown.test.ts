// drain(): what a SIGTERM does to the production server's connections (serve.ts), in-process.
// The whole stop of `npm start` (signal, databases, exit code, no process left) is tested in
// scripts/production-install.test.ts.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { Agent, request, type Server } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { drain } from './shutdown.ts';
import { serverTimeouts } from './timeouts.ts';

async function start(app: Hono): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', serverOptions: serverTimeouts }, (info) =>
      resolve({ server: server as Server, port: info.port }),
    );
  });
}

function get(
  port: number,
  path: string,
  agent: Agent,
): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
    });
    req.on('error', reject);
    req.end();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('drain', () => {
  it('finishes the requests in flight, closes idle keep-alive connections at once and refuses new ones', async () => {
    const app = new Hono();
    app.get('/quick', (c) => c.text('quick'));
    app.get('/slow', async (c) => {
      await sleep(600);
      return c.text('finished');
    });
    const { server, port } = await start(app);
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    // One connection left idle (keep-alive), one busy with a slow request.
    expect((await get(port, '/quick', agent)).status).toBe(200);
    const inFlight = get(port, '/slow', agent);
    await sleep(100);

    const started = performance.now();
    const drained = drain(server);
    await sleep(50);
    await expect(get(port, '/quick', new Agent())).rejects.toThrow(/ECONNREFUSED/);
    expect(await inFlight).toMatchObject({ status: 200, body: 'finished' });
    await drained;
    // Not the 65 s of the keep-alive timeout: as soon as the last answer is out.
    expect(performance.now() - started).toBeLessThan(1_500);
    agent.destroy();
  });

  it('closes a request still running after the grace period', async () => {
    const app = new Hono();
    app.get('/never', () => new Promise<Response>(() => {}));
    const { server, port } = await start(app);
    const hanging = get(port, '/never', new Agent());
    await sleep(100);
    const started = performance.now();
    await drain(server, 400);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(350);
    expect(elapsed).toBeLessThan(1_500);
    await expect(hanging).rejects.toThrow(/socket hang up|ECONNRESET/);
  });
});

describe('timeouts (timeouts.ts)', () => {
  it('are what serve.ts gives the Node server', async () => {
    const { server } = await start(new Hono());
    expect(server.headersTimeout).toBe(10_000);
    expect(server.requestTimeout).toBe(30_000);
    expect(server.keepAliveTimeout).toBe(65_000);
    await drain(server);
  });

  it('cut off a client that trickles its headers or its body (408), scaled down to milliseconds', async () => {
    const app = new Hono();
    // Waits for the whole body; the cut-off upload ends its reading quietly.
    app.post('/', async (c) => c.text(await c.req.text().catch(() => '')));
    const server = await new Promise<{ server: Server; port: number }>((resolve) => {
      const s = serve(
        {
          fetch: app.fetch,
          port: 0,
          hostname: '127.0.0.1',
          serverOptions: {
            ...serverTimeouts,
            headersTimeout: 300,
            requestTimeout: 600,
            connectionsCheckingInterval: 50,
          },
        },
        (info) => resolve({ server: s as Server, port: info.port }),
      );
    });
    const answerOf = (partial: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(server.port, '127.0.0.1', () => socket.write(partial));
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('close', () => resolve(text.split('\r\n')[0] ?? ''));
      });
    const started = performance.now();
    const [headers, body] = await Promise.all([
      answerOf('POST / HTTP/1.1\r\nHost: x\r\n'),
      answerOf('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nab'),
    ]);
    expect(headers).toBe('HTTP/1.1 408 Request Timeout');
    expect(body).toBe('HTTP/1.1 408 Request Timeout');
    expect(performance.now() - started).toBeLessThan(2_000);
    await drain(server.server);
  });
});
