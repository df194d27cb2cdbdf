// @vitest-environment jsdom
// The fault matrix of the pages (e2e/faults.spec.ts) for the error notice: every request a page
// shows a notice for, under every fault a portal or its gateway can produce (server/test/faults.ts),
// put on a real socket in front of the real portal, read by the API layer, then shown by
// ApiErrorNotice: the notice says what happened and what to do, names the request, and for a
// broken record the field. In the browser, each page meets two of these faults (e2e/faults.spec.ts).
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureApi } from '#api/config.ts';
import { ApiError } from '#api/errors.ts';
import { fetchGroups, fetchGroupWithChildren } from '#api/groups.ts';
import { fetchGroupMemberships } from '#api/memberships.ts';
import { fetchAvailabilityGroups, fetchProduct } from '#api/products.ts';
import { fetchTake, fetchUserTakes } from '#api/takes.ts';
import { validateToken } from '#api/token.ts';
import { fetchUserByIdentifier, fetchUserGroups } from '#api/users.ts';
import { expectedMessage, faultKinds } from '../../server/test/faults.ts';
import { startPortal, type RunningPortal } from '../../server/test/portal-servers.ts';
import { demoFacts } from '../../server/seed/facts.ts';
import { ApiErrorNotice } from './api-error-notice.tsx';

const { org1 } = demoFacts;

interface Request {
  /** The request's name as the notice shows it. */
  endpoint: string;
  /** Its path on the portal. */
  pattern: RegExp;
  /** A required field of the record it returns. */
  field: string;
  send: () => Promise<unknown>;
}

/** The requests of e2e/faults.spec.ts's pages, each through the API layer's own function. */
const requests: Request[] = [
  {
    endpoint: 'POST /grp/get_all',
    pattern: /^\/grp\/get_all$/,
    field: 'grp_name',
    send: () => fetchGroups({ start: 0, limit: 5 }),
  },
  {
    endpoint: 'GET /grp/get_with_children/{id}',
    pattern: /^\/grp\/get_with_children\//,
    field: 'grp_name',
    send: () => fetchGroupWithChildren(org1.rootGroupId),
  },
  {
    endpoint: 'POST /user_grp/get_all',
    pattern: /^\/user_grp\/get_all$/,
    field: 'user_grp_user_id',
    send: () => fetchGroupMemberships(org1.rootGroupId),
  },
  {
    endpoint: 'GET /user/get_by_organisation_identifier/{identifier}',
    pattern: /^\/user\/get_by_organisation_identifier\//,
    field: 'user_id',
    send: () => fetchUserByIdentifier(org1.userWithManyTakes.identifier),
  },
  {
    endpoint: 'POST /user/grp/{id}',
    pattern: /^\/user\/grp\//,
    field: 'grp_name',
    send: () => fetchUserGroups(org1.userWithManyTakes.userId, { start: 0, limit: 5 }),
  },
  {
    endpoint: 'POST /take/get_all_for_user/{user_id}',
    pattern: /^\/take\/get_all_for_user\//,
    field: 'take_product_id',
    send: () => fetchUserTakes(org1.userWithManyTakes.userId, { start: 0, limit: 5 }),
  },
  {
    endpoint: 'GET /take/get/{id}',
    pattern: /^\/take\/get\//,
    field: 'take_user_id',
    send: () => fetchTake(org1.userWithManyTakes.firstTakeId),
  },
  {
    endpoint: 'POST /availability_group/get_all',
    pattern: /^\/availability_group\/get_all$/,
    field: 'availability_group_product_id',
    send: () => fetchAvailabilityGroups({ start: 0, limit: 5 }),
  },
  {
    endpoint: 'GET /product/get/{id}',
    pattern: /^\/product\/get\//,
    field: 'product_id',
    send: () => fetchProduct(org1.elearningProductId),
  },
  {
    endpoint: 'GET /token/validate',
    pattern: /^\/token\/validate$/,
    field: 'message',
    send: () => validateToken(),
  },
];

let portal: RunningPortal;
/** The client's time limit: a generous one, so that a loaded machine fails no working request. */
const configure = (timeoutMs = 10_000) =>
  configureApi({ baseUrl: portal.baseUrl, getToken: () => portal.token, timeoutMs });
beforeAll(async () => {
  portal = await startPortal();
  configure();
});
afterEach(() => {
  cleanup();
  portal.setFault(null);
  configure();
});
afterAll(() => portal?.close());

async function failure(request: Request): Promise<ApiError> {
  const error: unknown = await request.send().then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

const faults = faultKinds.filter((kind) => kind !== 'extra-field');

describe.each(requests)('$endpoint', (request) => {
  it('answers without a fault (the matrix below breaks a working request)', async () => {
    await expect(request.send()).resolves.toBeTruthy();
  });

  it.each(faults)('%s: the notice says what happened, names the request, and offers a retry', async (kind) => {
    portal.setFault({ pattern: request.pattern, kind, field: request.field });
    // A short limit for the timeout fault only: it holds its request forever.
    if (kind === 'timeout') configure(300);
    const error = await failure(request);
    expect(error.endpoint).toBe(request.endpoint);
    render(<ApiErrorNotice title="“Members” could not be loaded." error={error} onRetry={() => {}} />);
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toMatch(expectedMessage(kind, request.field));
    expect(notice.textContent).toContain(`Request: ${request.endpoint}`);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('an extra field in the record (a newer portal) is no fault', async () => {
    portal.setFault({ pattern: request.pattern, kind: 'extra-field' });
    await expect(request.send()).resolves.toBeTruthy();
  });
});
