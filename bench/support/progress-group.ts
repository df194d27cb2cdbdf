// The progress benchmarks' group: a new group of organisation 1 holding its first `members` users
// (with the takes the large seed gave them), written into a private copy of the large database.
import type Database from 'better-sqlite3';

/** Adds the group and its memberships; returns the group's id. */
export function addMembersGroup(db: Database.Database, members: number): number {
  const now = new Date().toISOString().slice(0, 19) + 'Z';
  const grpId = Number(
    db
      .prepare(
        'INSERT INTO grp (org_id, grp_name, grp_parent_id, grp_created_date, grp_updated_date) VALUES (1, ?, NULL, ?, ?)',
      )
      .run(`bench-${members}-members`, now, now).lastInsertRowid,
  );
  db.prepare(
    `INSERT INTO user_grp (org_id, user_grp_grp_id, user_grp_user_id, user_grp_group_admin, user_grp_created_date, user_grp_updated_date)
     SELECT 1, ?, user_id, 0, ?, ? FROM portal_user WHERE org_id = 1 ORDER BY user_id LIMIT ?`,
  ).run(grpId, now, now, members);
  return grpId;
}
