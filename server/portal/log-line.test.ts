// The request log line: method, still-encoded path, status, duration; personal values in the
// path masked (an organisation identifier, an e-mail address), ids kept.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { requestLogLine } from './log-line.ts';

async function lineFor(path: string): Promise<string> {
  const app = new Hono();
  let line = '';
  app.use('*', async (c, next) => {
    await next();
    line = requestLogLine(c, performance.now());
  });
  app.all('*', (c) => c.body(null, 204));
  await app.request(path);
  return line;
}

describe('request log line', () => {
  it.each([
    ['/api/user/get_by_organisation_identifier/EMP-101', '/api/user/get_by_organisation_identifier/***'],
    ['/user/get_by_organisation_identifier/jean.dupont%40example.com', '/user/get_by_organisation_identifier/***'],
    ['/api/user/get_by_organisation_identifier/a%2Fb/c', '/api/user/get_by_organisation_identifier/***'],
    ['/users/jean.dupont@example.com', '/users/***'],
    ['/users/jean.dupont%40example.com/x', '/users/***/x'],
  ])('masks the personal value of %s', async (path, logged) => {
    const line = await lineFor(path);
    expect(line).toMatch(new RegExp(`^GET ${logged.replace(/[*.]/g, '\\$&')} 204 \\d+\\.\\dms$`));
  });

  it.each([
    '/api/take/get_all_for_user/257',
    '/dashboard-api/people/12',
    '/api/grp/get_by_external_id/DEPT-4',
    '/groups/7',
  ])('keeps ids and group identifiers: %s', async (path) => {
    expect(await lineFor(`${path}?q=EMP-101`)).toMatch(new RegExp(`^GET ${path} 204 `));
  });
});
