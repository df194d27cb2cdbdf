import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { parseRecordId } from './record-id.ts';
import { paths, routes } from './paths.ts';

describe('paths', () => {
  it('builds the addresses that the router patterns match, with the id back', () => {
    const built = [
      [routes.group, paths.group(12)],
      [routes.groupProgress, paths.groupProgress(13)],
      [routes.user, paths.user(34)],
      [routes.take, paths.take(56)],
      [routes.product, paths.product(78)],
    ] as const;
    for (const [pattern, path] of built) {
      const match = matchPath(pattern, path);
      expect(match, path).not.toBeNull();
      expect(parseRecordId(match?.params.id)).toBe(Number(path.match(/\d+/)?.[0]));
    }
  });

  it('adds only the query values given', () => {
    expect(paths.groups()).toBe('/groups');
    expect(paths.groups({ view: 'table' })).toBe('/groups?view=table');
    expect(paths.groups({ group: 7 })).toBe('/groups?group=7');
    expect(paths.addMember()).toBe('/memberships/new');
    expect(paths.addMember({ grp: 3 })).toBe('/memberships/new?grp=3');
    expect(paths.addMember({ user: 9 })).toBe('/memberships/new?user=9');
    expect(paths.importMembers({ grp: 3 })).toBe('/memberships/import?grp=3');
    expect(paths.importMembers({})).toBe('/memberships/import');
    expect(paths.addPeople({ copy: 4 })).toBe('/memberships/add-people?copy=4');
    expect(paths.addPeople()).toBe('/memberships/add-people');
    expect(paths.importMembers({ job: 'b5e2' })).toBe('/memberships/import?job=b5e2');
  });

  it('builds the address of a job, which its pattern matches with the id back', () => {
    const id = '0b6c5a3e-1f2d-4c3b-9a8e-7d6c5b4a3f21';
    expect(matchPath(routes.job, paths.job(id))?.params.id).toBe(id);
    expect(paths.jobs()).toBe(routes.jobs);
  });
});
