// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../api/schemas/user.ts';
import { clearUserData } from '../../lib/user-data-storage.ts';
import { addRecentUser, maxRecentUsers, readRecentUsers } from './recent-users.ts';

function user(id: number): User {
  return {
    user_id: id,
    email: null,
    firstname: `First${id}`,
    lastname: `Last${id}`,
    user_organisation_identifier: `id-${id}`,
    groups: [],
    properties: {},
    user_created_date: null,
    user_updated_date: null,
  };
}

beforeEach(() => localStorage.clear());

describe('recent users', () => {
  it('puts the latest first, once, and keeps the list short, in localStorage', () => {
    for (let id = 1; id <= maxRecentUsers + 2; id += 1) addRecentUser(user(id));
    addRecentUser(user(5));
    const ids = readRecentUsers().map((u) => u.user_id);
    expect(ids[0]).toBe(5);
    expect(ids).toHaveLength(maxRecentUsers);
    expect(new Set(ids).size).toBe(ids.length);
    expect(localStorage.length).toBe(1);
  });

  it('is cleared on sign out with the rest of the people data', () => {
    addRecentUser(user(1));
    clearUserData();
    expect(readRecentUsers()).toEqual([]);
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem('lp.data.recent-users', '{"not":"a list"}');
    expect(readRecentUsers()).toEqual([]);
  });
});
