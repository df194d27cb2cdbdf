// The dashboard server's requests to a real portal over HTTP (PORTAL_API_URL): a connection that
// drops before any answer is asked once more, since every request it makes is a read.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalAnswerError, httpPortalGateway } from './portal-gateway.ts';

let portal: Server;
let url = '';
/** Requests received, by path; the first `drops` of them have their connection dropped. */
const received: string[] = [];
let drops = 0;

beforeAll(async () => {
  portal = createServer((req, res) => {
    received.push(req.url ?? '');
    if (drops > 0) {
      drops--;
      req.socket.destroy();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ status: true, result: { message: 'valid' }, user_data: { apikey: 'k', org_id: 7 } }));
  });
  await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(portal.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => portal.close(resolve)));

describe('the gateway to a real portal', () => {
  it('asks once more when the connection drops before an answer', async () => {
    received.length = 0;
    drops = 1;
    await expect(httpPortalGateway(url).validateToken('t')).resolves.toEqual({ orgId: 7 });
    expect(received).toEqual(['/token/validate', '/token/validate']);
  });

  it('answers 502 portal_unreachable when the second attempt drops too, and asks no third time', async () => {
    received.length = 0;
    drops = 2;
    const failure = httpPortalGateway(url).validateToken('t');
    await expect(failure).rejects.toBeInstanceOf(PortalAnswerError);
    await expect(failure).rejects.toMatchObject({ status: 502, code: 'portal_unreachable' });
    expect(received).toHaveLength(2);
  });
});
