// The dashboard server against a portal that allows 8 requests a second and answers 429 with
// Retry-After beyond that, with numbers as strings and {status:false, message} error bodies:
// everything it asks goes through one budget, slows down, and still gets its answers.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RateBudget } from '#api/rate-budget.ts';
import { listEnvelopeReadSchema } from '#schemas/envelope.ts';
import { takeReadSchema } from '#schemas/take.ts';
import { PortalAnswerError, httpPortalGateway } from './portal-gateway.ts';
import { httpPortalReader } from './portal-reader.ts';

const PER_SECOND = 8;
let portal: Server;
let url = '';
let served: number[] = [];
let refused = 0;
let guardSeconds = 0;

beforeAll(async () => {
  portal = createServer((req, res) => {
    const now = Date.now();
    served = served.filter((time) => time > now - 1000);
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (guardSeconds > 0) {
      const error = { code: 'too_many_requests', message: 'Too many failed attempts.' };
      return json(429, { status: false, error }, { 'Retry-After': String(guardSeconds) });
    }
    if (served.length >= PER_SECOND) {
      refused++;
      return json(429, { status: false, message: 'Rate limit exceeded' }, { 'Retry-After': '1' });
    }
    served.push(now);
    if (req.url?.startsWith('/user/get_by_organisation_identifier/'))
      return json(404, { status: false, message: 'User not found' });
    json(200, { status: true, total: '38', result: [] });
  });
  await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(portal.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => portal.close(resolve)));

beforeEach(() => {
  served = [];
  refused = 0;
  guardSeconds = 0;
});

describe('the dashboard server against a rate-limiting portal', () => {
  it('40 member counts and 20 gathering reads at once all succeed, slowing down together', async () => {
    const budget = new RateBudget();
    const gateway = httpPortalGateway(url, 30_000, budget);
    const reader = httpPortalReader(url, 30_000, budget);
    const started = Date.now();
    const counts = Array.from({ length: 40 }, (_, i) => gateway.countMembers('t', i + 1));
    const reads = Array.from({ length: 20 }, (_, i) =>
      reader('t', {
        method: 'POST',
        path: `/take/get_all_for_user/${i + 1}`,
        schema: listEnvelopeReadSchema(takeReadSchema),
      }),
    );
    expect(await Promise.all(counts)).toEqual(new Array(40).fill(38));
    expect((await Promise.all(reads)).every((page) => page.total === 38)).toBe(true);
    // 60 requests at 8 a second: about 7 seconds at best; the budget halves after the first burst.
    expect(Date.now() - started).toBeLessThan(20_000);
    // One burst refused, then the budget keeps under the portal's limit most of the time.
    expect(refused).toBeLessThan(60);
    expect(budget.requestsPerSecond).toBeLessThanOrEqual(PER_SECOND + 2);
  }, 30_000);

  it('a 404 {status:false, message} is "no such user", not an error', async () => {
    await expect(httpPortalGateway(url).findUserByIdentifier('t', 'nobody')).resolves.toBeUndefined();
  });

  it("the failed-attempts guard's 429 is passed on at once, with its code", async () => {
    guardSeconds = 30;
    const started = Date.now();
    const failure = httpPortalGateway(url).validateToken('t');
    await expect(failure).rejects.toBeInstanceOf(PortalAnswerError);
    await expect(failure).rejects.toMatchObject({ status: 429, code: 'too_many_requests' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('PORTAL_MAX_REQUESTS_PER_SECOND keeps it under the limit from the start: no 429 at all', async () => {
    const gateway = httpPortalGateway(url, 30_000, new RateBudget({ maxPerSecond: 6 }));
    await Promise.all(Array.from({ length: 12 }, (_, i) => gateway.countMembers('t', i + 1)));
    expect(refused).toBe(0);
  });
});
