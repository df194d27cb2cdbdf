// The Access page's requests (accounts mode, admins only; docs/accounts.md): the organisation's
// accounts, invitations, role and group changes, removals, ended sessions, and the access events.
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, apiText, encodePathSegment } from './client.ts';
import type { ChangeAccountRequest, InviteRequest } from './schemas/accounts-contract.ts';
import {
  accountSchema,
  accessAccountsSchema,
  accessEventsSchema,
  createdInvitationSchema,
  endedSessionsSchema,
} from './schemas/access.ts';

export function inviteAccount(invitation: InviteRequest) {
  return apiRequest({
    service: 'dashboard',
    method: 'POST',
    path: '/access/invitations',
    endpoint: 'POST /dashboard-api/access/invitations',
    body: invitation,
    schema: createdInvitationSchema,
  });
}

export function changeAccount(accountId: number, change: ChangeAccountRequest) {
  return apiRequest({
    service: 'dashboard',
    method: 'PATCH',
    path: `/access/accounts/${encodePathSegment(accountId)}`,
    endpoint: 'PATCH /dashboard-api/access/accounts/{id}',
    body: change,
    schema: accountSchema,
  });
}

/** 204: the account and its sessions are gone. */
export async function removeAccount(accountId: number): Promise<void> {
  await apiText({
    service: 'dashboard',
    method: 'DELETE',
    path: `/access/accounts/${encodePathSegment(accountId)}`,
    endpoint: 'DELETE /dashboard-api/access/accounts/{id}',
  });
}

export function endSessions(accountId: number) {
  return apiRequest({
    service: 'dashboard',
    method: 'POST',
    path: `/access/accounts/${encodePathSegment(accountId)}/end-sessions`,
    endpoint: 'POST /dashboard-api/access/accounts/{id}/end-sessions',
    schema: endedSessionsSchema,
  });
}

export const accessQueries = {
  all: () => ['access'] as const,
  accounts: () =>
    queryOptions({
      queryKey: [...accessQueries.all(), 'accounts'] as const,
      queryFn: async ({ signal }) =>
        (
          await apiRequest({
            service: 'dashboard',
            method: 'GET',
            path: '/access/accounts',
            endpoint: 'GET /dashboard-api/access/accounts',
            schema: accessAccountsSchema,
            signal,
          })
        ).accounts,
    }),
  events: (page: number, perPage: number) =>
    queryOptions({
      queryKey: [...accessQueries.all(), 'events', page, perPage] as const,
      queryFn: ({ signal }) =>
        apiRequest({
          service: 'dashboard',
          method: 'GET',
          path: `/access/events?page=${page}&per_page=${perPage}`,
          endpoint: 'GET /dashboard-api/access/events',
          schema: accessEventsSchema,
          signal,
        }),
    }),
};
