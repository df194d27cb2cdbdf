// The sentence each API failure is shown with (describeApiError), where the status alone does
// not say what to do.
import { describe, expect, it } from 'vitest';
import { ApiError } from '#api/errors.ts';
import { describeApiError } from './api-error-notice.tsx';
import { componentMessages } from './messages.ts';

describe('describeApiError', () => {
  it('a 431 (headers too large) points at the token, without "Try again", in both languages', () => {
    const error = new ApiError({ kind: 'http', status: 431, endpoint: 'GET /token/validate' });
    expect(describeApiError(error, componentMessages.en)).toBe(
      'The request was too large for the server (HTTP 431): the token is probably not a token.',
    );
    expect(describeApiError(error, componentMessages.fr)).toContain('(HTTP 431)');
    expect(describeApiError(error, componentMessages.en)).not.toMatch(/try again/i);
  });
});

describe('a portal answer that breaks the schemas', () => {
  // The same field, read by the browser (a contract error) and by the dashboard server (its 502).
  const direct = new ApiError({
    kind: 'contract',
    endpoint: 'POST /grp/get_all',
    field: 'result.3.grp_name',
    problem: 'missing',
  });
  const relayed = new ApiError({
    kind: 'http',
    status: 502,
    endpoint: 'GET /dashboard-api/caches/groups',
    code: 'portal_answer_invalid',
    details: [{ request: 'POST /grp/get_all', field: 'result.3.grp_name', problem: 'missing' }],
  });

  it('names the field and what the portal was asked for, the same sentence on both paths', () => {
    const sentence =
      'The portal’s answer for groups did not match what the dashboard expects: field grp_name is missing.';
    expect(describeApiError(direct, componentMessages.en)).toBe(sentence);
    expect(describeApiError(relayed, componentMessages.en)).toBe(sentence);
    expect(relayed).toMatchObject({
      field: 'result.3.grp_name',
      problem: 'missing',
      portalRequest: 'POST /grp/get_all',
    });
  });

  it('in French too, and says a mistyped field has the wrong type', () => {
    const french =
      'La réponse du portail pour les groupes ne correspond pas à ce qu’attend le tableau de bord : le champ grp_name est absent.';
    expect(describeApiError(direct, componentMessages.fr)).toBe(french);
    expect(describeApiError(relayed, componentMessages.fr)).toBe(french);
    const mistyped = new ApiError({
      kind: 'http',
      status: 502,
      endpoint: 'POST /dashboard-api/groups/member-counts',
      code: 'portal_answer_invalid',
      details: [{ request: 'POST /user_grp/get_all', field: 'total', problem: 'wrong_type' }],
    });
    expect(describeApiError(mistyped, componentMessages.en)).toBe(
      'The portal’s answer for group memberships did not match what the dashboard expects: field total has the wrong type.',
    );
  });

  it('a portal that did not answer (502 without those details) is still "failed to answer"', () => {
    const down = new ApiError({
      kind: 'http',
      status: 502,
      endpoint: 'GET /dashboard-api/people',
      code: 'portal_unreachable',
    });
    expect(describeApiError(down, componentMessages.en)).toMatch(/^The portal failed to answer \(HTTP 502\)/);
  });
});
