import type { ListParams } from '#api/list.ts';

/** The members list request of a group page: shared with prefetching so that the keys match. */
export function membersParams(groupId: number, page: number, pageSize: number, adminsOnly: boolean): ListParams {
  return {
    start: (page - 1) * pageSize,
    limit: pageSize,
    filters: { user_grp_grp_id: String(groupId), ...(adminsOnly ? { user_grp_group_admin: '1' } : {}) },
  };
}
