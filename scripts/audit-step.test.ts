// How `npm test` reads `npm audit --json`: clean, serious, or not run at all.
import { describe, expect, it } from 'vitest';
import { judgeAudit } from './audit-step.ts';

const counts = (high: number, critical: number) => ({
  info: 0,
  low: 1,
  moderate: 2,
  high,
  critical,
  total: 3 + high + critical,
});

describe('judgeAudit', () => {
  it('passes a report with low and moderate advisories only', () => {
    const report = {
      metadata: { vulnerabilities: counts(0, 0) },
      vulnerabilities: { a: { severity: 'low' }, b: { severity: 'moderate' } },
    };
    expect(judgeAudit(JSON.stringify(report), '').outcome).toBe('passed');
  });

  it('fails on a high or critical advisory and names the package', () => {
    const report = {
      metadata: { vulnerabilities: counts(1, 1) },
      vulnerabilities: { hono: { severity: 'high' }, tar: { severity: 'critical' }, x: { severity: 'low' } },
    };
    const verdict = judgeAudit(JSON.stringify(report), '');
    expect(verdict.outcome).toBe('failed');
    expect(verdict.message).toContain('hono (high), tar (critical)');
  });

  it('claims nothing when the advisory endpoint cannot be reached', () => {
    const answer = {
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
    };
    expect(judgeAudit(JSON.stringify(answer), '')).toEqual({
      outcome: 'unavailable',
      message: expect.stringContaining('405 Method Not Allowed'),
    });
    expect(judgeAudit('', 'npm error audit endpoint returned an error\n').message).toContain(
      'audit endpoint returned an error',
    );
  });
});
