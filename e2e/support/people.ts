// People of the demo seed for the people-directory specs. The dashboard server's directory is
// shared by the whole run (one server), so each test takes users from its own range of ids
// (organisation 1 has users 1-270; ids 60-199 are left to these specs: 60-99 takes.spec.ts, 100-185
// people-directory.spec.ts, 186-197 users.spec.ts, 198-199 the users page's sweep in
// sweep-pages.spec.ts) and sets the directory's state of them itself.
import type { APIRequestContext } from '@playwright/test';
import { listEnvelopeSchema } from '#schemas/envelope.ts';
import { userGrpSchema } from '#schemas/user-grp.ts';
import { E2E_TOKEN } from './constants.ts';

export interface SeedUser {
  user_id: number;
  firstname: string;
  lastname: string;
  email: string;
  user_organisation_identifier: string;
}

export function isSeedUser(value: unknown): value is SeedUser {
  return (
    typeof value === 'object' &&
    value !== null &&
    'user_id' in value &&
    typeof value.user_id === 'number' &&
    'firstname' in value &&
    typeof value.firstname === 'string' &&
    'lastname' in value &&
    typeof value.lastname === 'string' &&
    'email' in value &&
    typeof value.email === 'string' &&
    'user_organisation_identifier' in value &&
    typeof value.user_organisation_identifier === 'string'
  );
}

/**
 * Users of organisation 1 among `ids` whose identifier is an employee number (`E100123`; the seed
 * gives one to about 60% of its users), read from the portal. The lookups go through the
 * dashboard server, which learns them: call `forget` for the ones a test needs unknown. At most
 * `count` of them.
 */
export async function seedUsers(
  request: APIRequestContext,
  ids: readonly number[],
  count = ids.length,
): Promise<SeedUser[]> {
  const users: SeedUser[] = [];
  for (const id of ids) {
    if (users.length >= count) break;
    const response = await request.get(`/api/user/get_by_organisation_identifier/E${100000 + id}`, {
      headers: { Authorization: E2E_TOKEN },
    });
    const body: unknown = await response.json();
    const user = typeof body === 'object' && body !== null && 'result' in body ? body.result : undefined;
    if (response.ok() && isSeedUser(user)) users.push(user);
  }
  return users;
}

/** Removes a user from the directory of the token's organisation (nothing if it did not know them). */
export async function forget(request: APIRequestContext, userId: number, token = E2E_TOKEN): Promise<void> {
  const response = await request.delete(`/dashboard-api/people/${userId}`, { headers: { Authorization: token } });
  if (response.status() !== 200 && response.status() !== 404) {
    throw new Error(`DELETE /dashboard-api/people/${userId} answered ${response.status()}`);
  }
}

/** The directory's record of a user for the token's organisation, or null. */
export async function directoryRecord(request: APIRequestContext, userId: number, token = E2E_TOKEN): Promise<unknown> {
  const response = await request.get(`/dashboard-api/people/${userId}`, { headers: { Authorization: token } });
  if (response.status() === 404) return null;
  const body: unknown = await response.json();
  return typeof body === 'object' && body !== null && 'result' in body ? body.result : null;
}

/** A group of organisation 1 that `userId` is a member of, with at most `maxMembers` members. */
export async function smallGroupOf(request: APIRequestContext, userId: number, maxMembers = 50): Promise<number> {
  const list = async (criterias: { column: string; operator: string; value: string }[], limit: number) => {
    const response = await request.post('/api/user_grp/get_all', {
      headers: { Authorization: E2E_TOKEN },
      data: { start: 0, limit, criterias },
    });
    return listEnvelopeSchema(userGrpSchema).parse(await response.json());
  };
  const memberships = await list([{ column: 'user_grp_user_id', operator: 'equal', value: String(userId) }], 100);
  for (const { user_grp_grp_id: grpId } of memberships.result) {
    const members = await list([{ column: 'user_grp_grp_id', operator: 'equal', value: String(grpId) }], 1);
    if (members.total <= maxMembers) return grpId;
  }
  throw new Error(`user ${userId} is in no group of at most ${maxMembers} members`);
}
