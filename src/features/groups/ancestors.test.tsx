// Finding a group's ancestors without the index: walking get_with_children up the parents.
import { describe, expect, it } from 'vitest';
import { ApiError } from '#api/errors.ts';
import { walkAncestors } from '#api/groups.ts';
import type { GrpWithChildren } from '#schemas/grp.ts';

function node(id: number, parent: number | null): GrpWithChildren {
  return {
    grp_id: id,
    grp_name: `g${id}`,
    grp_description: null,
    grp_parent_id: parent,
    grp_external_id: null,
    grp_external_name: null,
    grp_created_date: null,
    grp_updated_date: null,
    children: [],
  };
}

function portal(groups: GrpWithChildren[]) {
  const asked: number[] = [];
  const fetchGroup = async (id: number) => {
    asked.push(id);
    const found = groups.find((g) => g.grp_id === id);
    if (!found) throw new ApiError({ kind: 'http', endpoint: 'GET /grp/get_with_children/{id}', status: 404 });
    return found;
  };
  return { asked, fetchGroup };
}

describe('walkAncestors', () => {
  it('returns the chain root first, one request per ancestor', async () => {
    const { asked, fetchGroup } = portal([node(1, null), node(2, 1), node(3, 2)]);
    const chain = await walkAncestors(4, 3, fetchGroup);
    expect(chain.map((g) => g.grp_id)).toEqual([1, 2, 3]);
    expect(asked).toEqual([3, 2, 1]);
  });

  it('treats a parent of 0, or one the organisation does not have (404), as the end', async () => {
    expect(await walkAncestors(5, 0, portal([]).fetchGroup)).toEqual([]);
    const chain = await walkAncestors(5, 2, portal([node(2, 99)]).fetchGroup);
    expect(chain.map((g) => g.grp_id)).toEqual([2]);
  });

  it('stops on a cycle and passes other errors on', async () => {
    const chain = await walkAncestors(1, 2, portal([node(2, 3), node(3, 2)]).fetchGroup);
    expect(chain.map((g) => g.grp_id)).toEqual([3, 2]);
    const failing = async () => {
      throw new ApiError({ kind: 'network', endpoint: 'GET /grp/get_with_children/{id}' });
    };
    await expect(walkAncestors(1, 2, failing)).rejects.toMatchObject({ kind: 'network' });
  });
});
