// Input echoed in error messages: cut short, invisible characters named; odd bodies (a BOM,
// 1e400) answered with a message a person can act on.
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { demoPortal, expectError } from '../test/support.ts';
import { MAX_ECHO_CHARACTERS, quoted, visible } from './echo.ts';
import { issueMessage } from './issues.ts';

const huge = 'x'.repeat(100_000);
/** Longest message an echo of at most 60 characters can give, with room for the wording. */
const SHORT = 400;

describe('quoted and visible', () => {
  it('cut a value to 60 characters and an ellipsis, without splitting a character', () => {
    expect(quoted(huge)).toBe(`"${'x'.repeat(MAX_ECHO_CHARACTERS)}…"`);
    expect(quoted('short')).toBe('"short"');
    expect(quoted('😀'.repeat(61))).toBe(`"${'😀'.repeat(60)}…"`);
  });

  it('write invisible and reordering characters as escapes, and quotes inside as \\"', () => {
    expect(quoted('\ufeff{}')).toBe('"\\ufeff{}"');
    expect(quoted('pay\u202eroll')).toBe('"pay\\u202eroll"');
    expect(quoted('a\u0000b\nc\u200bd\u00a0e"f')).toBe('"a\\u0000b\\u000ac\\u200bd\\u00a0e\\"f"');
    expect(quoted('x\ud800y')).toBe('"x\\ud800y"');
    expect(visible('plain text, with spaces')).toBe('plain text, with spaces');
  });
});

describe('errors echo at most 60 characters of the input', () => {
  const p = demoPortal();

  it('unknown_column and unknown_operator', async () => {
    const column = await p.post('/grp/get_all', { criterias: [{ column: huge, operator: 'equal', value: '1' }] });
    expectError(column, 400, 'unknown_column');
    expect(column.body.error.message.length).toBeLessThan(SHORT);
    expect(column.body.error.message).toContain(`"${'x'.repeat(60)}…"`);
    const operator = await p.post('/grp/get_all', { criterias: [{ column: 'grp_id', operator: huge, value: '1' }] });
    expectError(operator, 400, 'unknown_operator');
    expect(operator.body.error.message.length).toBeLessThan(SHORT);
  });

  it('invalid_id, not_found of an identifier or external id, route_not_found', async () => {
    const long = 'x'.repeat(10_000);
    const answers = [
      [await p.get(`/take/get/${long}`), 400, 'invalid_id'],
      [await p.get(`/take/get/${'9'.repeat(5_000)}`), 400, 'invalid_id'],
      [await p.get(`/user/get_by_organisation_identifier/${long}`), 404, 'not_found'],
      [await p.get(`/grp/get_by_external_id/${long}`), 404, 'not_found'],
      [await p.get(`/${long}`), 404, 'route_not_found'],
    ] as const;
    for (const [answer, status, code] of answers) {
      expectError(answer, status, code);
      expect(answer.body.error.message.length, code).toBeLessThan(SHORT);
      expect(answer.body.error.message, code).toContain('…"');
    }
  });

  it('names an invisible character of the input visibly', async () => {
    const r = await p.post('/grp/get_all', { criterias: [{ column: 'grp\u202e_id', operator: 'equal', value: '1' }] });
    expectError(r, 400, 'unknown_column');
    expect(r.body.error.message).toContain('"grp\\u202e_id"');
    expect(r.body.error.message).not.toContain('\u202e');
  });
});

describe('odd JSON bodies', () => {
  const p = demoPortal();

  it('accept a leading byte-order mark', async () => {
    const r = await p.call('POST', '/grp/get_all', undefined, { raw: '\ufeff{"limit":1}' });
    expect(r.status).toBe(200);
    expect(r.body.result).toHaveLength(1);
    expect(
      (
        await p.call('POST', '/token', undefined, {
          token: null,
          raw: `\ufeff${JSON.stringify({ apikey: p.apikey1 })}`,
        })
      ).status,
    ).toBe(200);
  });

  it('name an invisible character in invalid JSON visibly', async () => {
    const r = await p.call('POST', '/grp/get_all', undefined, { raw: '\u200b{}' });
    expectError(r, 400, 'invalid_json');
    expect(r.body.error.message).toContain('\\u200b');
    expect(r.body.error.message).not.toContain('\u200b');
  });

  it('say that 1e400 is a number too large (not "expected number, got number")', async () => {
    for (const raw of ['{"limit":1e400}', '{"start":-1e400}']) {
      const r = await p.call('POST', '/grp/get_all', undefined, { raw });
      expectError(r, 400, 'invalid_body');
      expect(r.body.error.message).toMatch(/is a number too large to be represented/);
      expect(r.body.error.message).not.toMatch(/got number/);
    }
    const create = await p.call('POST', '/user_grp/create', undefined, {
      raw: '{"user_grp_grp_id":1e400,"user_grp_user_id":1}',
    });
    expect(create.body.error.message).toMatch(/"user_grp_grp_id" is a number too large/);
  });

  it('list at most five unknown field names, each cut short', () => {
    const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g', huge];
    const issue = z.safeParse(z.strictObject({}), Object.fromEntries(keys.map((k) => [k, 1]))).error?.issues[0];
    if (!issue) throw new Error('a strict object must refuse unknown keys');
    const message = issueMessage(issue);
    expect(message).toBe('unknown fields "a", "b", "c", "d", "e" and 3 more');
  });
});
