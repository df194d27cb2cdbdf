// The dashboard server's JSON bodies over a real socket, where readJsonBody reads Node's request
// itself (server/dashboard/http.ts): the names of a page, a byte-order mark ignored, bad JSON
// 400, and a body over 1 MiB 413 whether its size was declared or only streamed.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeStarted, startProduction, type Started } from './test-production.ts';
import { rawRequest } from './test-http.ts';

let started: Started;
beforeAll(async () => {
  started = await startProduction();
});
afterAll(closeStarted);

const names = (body: string, headers: Record<string, string> = {}) =>
  rawRequest(started.port, '/dashboard-api/people/names', {
    method: 'POST',
    headers: { authorization: started.portal.token1, 'content-type': 'application/json', ...headers },
    body,
  });

const json = (answer: { body: Buffer }) => JSON.parse(answer.body.toString()) as Record<string, unknown>;

/** A chunked body (no Content-Length) of `size` bytes, sent in pieces. */
function chunked(size: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: started.port,
        path: '/dashboard-api/people/names',
        method: 'POST',
        headers: { authorization: started.portal.token1, 'content-type': 'application/json' },
        agent: false,
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    // The server may answer 413 and close before everything is sent.
    req.on('error', (error) => (req.writableEnded ? undefined : reject(error)));
    const piece = ' '.repeat(64 * 1024);
    for (let sent = 0; sent < size; sent += piece.length) req.write(piece);
    req.end();
  });
}

describe('JSON bodies of /dashboard-api over the wire', () => {
  it('answers the names of user ids, with or without a byte-order mark', async () => {
    const known = started.portal.db
      .prepare(
        'SELECT user_id, user_organisation_identifier AS identifier FROM portal_user WHERE org_id = 1 AND user_organisation_identifier IS NOT NULL ORDER BY user_id LIMIT 2',
      )
      .all() as { user_id: number; identifier: string }[];
    const userIds = known.map((row) => row.user_id);
    const learned = await rawRequest(started.port, '/dashboard-api/people', {
      method: 'POST',
      headers: { authorization: started.portal.token1, 'content-type': 'application/json' },
      body: JSON.stringify({ identifiers: known.map((row) => row.identifier) }),
    });
    expect(json(learned)).toMatchObject({ status: true, result: { saved: 2 } });
    const plain = await names(JSON.stringify({ user_ids: [userIds[1], userIds[0]] }));
    expect(plain.status).toBe(200);
    expect((json(plain).result as { user_id: number }[]).map((p) => p.user_id)).toEqual([userIds[1], userIds[0]]);
    const withMark = await names(`\uFEFF${JSON.stringify({ user_ids: userIds })}`);
    expect(withMark.status).toBe(200);
    expect((json(withMark).result as unknown[]).length).toBe(2);
  });

  it('answers bad JSON with 400 invalid_json, and an empty body too', async () => {
    for (const body of ['{"user_ids": [1,', '']) {
      const answer = await names(body);
      expect(answer.status).toBe(400);
      expect(json(answer)).toMatchObject({ status: false, error: { code: 'invalid_json' } });
    }
  });

  it('refuses a body over 1 MiB with 413, declared or streamed', async () => {
    const declared = await names('{}', { 'content-length': String(2 * 1024 * 1024) });
    expect(declared.status).toBe(413);
    expect(json(declared)).toMatchObject({ status: false, error: { code: 'payload_too_large' } });
    const streamed = await chunked(1024 * 1024 + 64 * 1024);
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toMatchObject({ status: false, error: { code: 'payload_too_large' } });
  });
});
