import { describe, expect, it } from 'vitest';
import { readChosenPeople, chosenPeopleState } from '#lib/chosen-people.ts';
import { peopleRows } from './people-to-add.ts';

describe('peopleRows', () => {
  it('makes one plain-member row per user id, named and identified where known, by id alone otherwise', () => {
    const names = new Map([
      [7, { user_id: 7, firstname: 'Élodie', lastname: 'Martin', user_organisation_identifier: 'E100007' }],
    ]);
    expect(peopleRows([7, 9], names)).toEqual([
      { line: 1, identifier: 'E100007', userId: 7, name: 'Élodie Martin', admin: 0, problem: null },
      { line: 2, identifier: '', userId: 9, name: '', admin: 0, problem: null },
    ]);
  });
});

describe('the chosen people in the route state', () => {
  it('reads back what the members table put there', () => {
    expect(readChosenPeople(chosenPeopleState(12, new Set([3, 4])))).toEqual({ from: 12, userIds: [3, 4] });
  });

  it('is nothing for a state that is missing or not of this shape', () => {
    for (const state of [
      null,
      undefined,
      {},
      { chosen: { from: 12, userIds: ['3'] } },
      { chosen: { from: -1, userIds: [] } },
    ])
      expect(readChosenPeople(state)).toBeNull();
  });
});
