// The raw request target, checked before any URL parsing: `.` and `..` segments in any encoding,
// backslashes and NULs are refused with 400 invalid_path on every path of the production server
// (/api, /dashboard-api, the dashboard's pages), embedded portal or proxy, and nothing is forwarded.
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { targetPath, unsafePathProblem } from './raw-path.ts';
import { closeStarted, startProduction, type Started } from './test-production.ts';

afterEach(closeStarted);

/** One request line written on a socket exactly as given: no client library normalises it. */
function rawTarget(s: Started, target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: s.port, host: '127.0.0.1' });
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      resolve({ status, body: received.slice(received.indexOf('\r\n\r\n') + 4) });
    });
    socket.on('error', reject);
    socket.write(
      `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${s.portal.token1}\r\nConnection: close\r\n\r\n`,
    );
  });
}

const refused = [
  // The findings: served as the dashboard's HTML, or forwarded as /grp/get_all, /a/b, or as it is.
  ['/api/%2e%2e/grp/get_all', 'has a "." or ".." segment'],
  ['/api/x/%2E%2E/grp/get_all', 'has a "." or ".." segment'],
  ['/api/a/%2e/b', 'has a "." or ".." segment'],
  ['/api/%252e%252e%252fgrp/get_all', 'has a "." or ".." segment'],
  ['/api/x/%25252E%25252E/grp/get_all', 'has a "." or ".." segment'],
  ['/api/x/../grp/get_all', 'has a "." or ".." segment'],
  ['/api/x/./grp/get_all', 'has a "." or ".." segment'],
  ['/api/grp%5cget_all', 'has a backslash'],
  ['/api/grp%255Cget_all', 'has a backslash'],
  ['/api/user/get_by_organisation_identifier/x%00', 'has a NUL character'],
  ['/api/user/get_by_organisation_identifier/x%2500', 'has a NUL character'],
  ['/dashboard-api/%2e%2e/api/grp/get_all', 'has a "." or ".." segment'],
  ['/dashboard-api/people/%2E', 'has a "." or ".." segment'],
  ['/groups/%2e%2e/%2e%2e/etc/passwd', 'has a "." or ".." segment'],
  ['/groups/a%5Cb', 'has a backslash'],
  ['/groups/%00', 'has a NUL character'],
  ['/users/%E0%A4%A', 'is not valid percent-encoding'],
  ['http://127.0.0.1/api/%2e%2e/grp/get_all', 'has a "." or ".." segment'],
] as const;

describe.each([false, true])('the production server (proxy mode: %s)', (proxied) => {
  it.each(refused)('refuses %s with 400 invalid_path, forwarding nothing', async (target, problem) => {
    const s = await startProduction({ proxied });
    const answer = await rawTarget(s, target);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      status: false,
      error: {
        code: 'invalid_path',
        message: `The request path ${problem} once decoded: nothing is served or forwarded for it.`,
      },
    });
    expect(s.portalPaths).toEqual([]);
  });

  it("refuses a raw backslash too (Node's HTTP parser, before the app: 400)", async () => {
    const s = await startProduction({ proxied });
    expect((await rawTarget(s, '/api/grp\\get_all')).status).toBe(400);
    expect(s.portalPaths).toEqual([]);
  });

  it('still serves and forwards paths whose dots and percent signs are only part of a segment', async () => {
    const s = await startProduction({ proxied });
    expect((await rawTarget(s, '/api/user/get_by_organisation_identifier/50%25-promo..x')).status).toBe(404);
    expect((await rawTarget(s, '/api/token/validate')).status).toBe(200);
    expect((await rawTarget(s, '/dashboard-api/people/count')).status).toBe(200);
    const page = await rawTarget(s, '/users/jean.dupont');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    if (proxied) expect(s.portalPaths).toContain('/user/get_by_organisation_identifier/50%25-promo..x');
  });
});

describe('unsafePathProblem', () => {
  it('leaves identifiers that only look like dot segments or encodings', () => {
    for (const path of ['/a/..b', '/a/b..', '/grp/...', '/u/50%25-promo', '/x/ext%2F4521', '/u/%25zz'])
      expect(unsafePathProblem(path), path).toBeUndefined();
    expect(unsafePathProblem('/u/%2')).toBe('is not valid percent-encoding');
  });

  it('reads the path of an origin-form or absolute-form target, without its query', () => {
    expect(targetPath('/api/x?q=..%2F')).toBe('/api/x');
    expect(targetPath('http://host:8080/api/%2e%2e?x')).toBe('/api/%2e%2e');
    expect(targetPath('/a#b')).toBe('/a');
  });
});
