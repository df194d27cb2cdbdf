// The dashboard store's tables as kysely sees them. Times are ISO 8601 UTC strings
// (`2026-01-31T12:00:00.000Z`): they sort as text and read the same on SQLite and PostgreSQL.
import type { Generated } from 'kysely';

export interface StoreTables {
  directory_person: DirectoryPersonTable;
  directory_term: DirectoryTermTable;
  membership_event: MembershipEventTable;
  membership_intent: MembershipIntentTable;
  report_group: ReportGroupTable;
  report_user_takes: ReportUserTakesTable;
  report_product: ReportProductTable;
  report_snapshot: ReportSnapshotTable;
  group_member_count: GroupMemberCountTable;
  shared_cache: SharedCacheTable;
  job: JobTable;
  job_row: JobRowTable;
  group_member_list: GroupMemberListTable;
  group_member: GroupMemberTable;
  org_member: OrgMemberTable;
  org_settings: OrgSettingsTable;
  account_org: AccountOrgTable;
  account: AccountTable;
  account_invitation: AccountInvitationTable;
  account_session: AccountSessionTable;
  access_event: AccessEventTable;
}

/** One user of an organisation as the portal last showed them. */
export interface DirectoryPersonTable {
  org_id: number;
  user_id: number;
  identifier: string | null;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  /** JSON array of grp_name. */
  groups: string;
  /** "lastname firstname", lower case and without accents: the order of search results. */
  sort_name: string;
  /** The normalised fields, one per line (search-text.ts): what a query's words must be part of. */
  search_text: string;
  /** When the portal last showed the person. */
  last_seen: string;
  /** When the portal was last asked about the person (the refresh takes the oldest first). */
  checked_at: string;
  /** When a lookup by their identifier first found nobody; null while the portal knows them. */
  gone_at: string | null;
}

/** Every suffix of every word of a person's search text (search-text.ts), one row each. */
export interface DirectoryTermTable {
  org_id: number;
  term: string;
  user_id: number;
}

/** One `POST /api/user_grp/create` that went through the server, with its outcome. */
export interface MembershipEventTable {
  id: Generated<number>;
  org_id: number;
  at: string;
  grp_id: number;
  user_id: number;
  group_admin: number;
  source: string;
  actor: string | null;
  result: string;
  error_code: string | null;
  membership_id: number | null;
  /** The membership_intent it settles (unique): null for events written before the outbox. */
  intent_id: string | null;
}

/**
 * A `POST /api/user_grp/create` written down before it was forwarded, until its event is
 * written. `result` is null until the portal's answer is known; `org_id` null while no token
 * check has named the organisation (a lockout), then only the same token (`token_hash`) claims it.
 */
export interface MembershipIntentTable {
  id: string;
  org_id: number | null;
  /** SHA-256 of the token, hex: never the token itself. */
  token_hash: string;
  created_at: string;
  grp_id: number;
  user_id: number;
  group_admin: number;
  source: string;
  actor: string | null;
  result: string | null;
  error_code: string | null;
  membership_id: number | null;
}

/** A group as a progress report last gathered it: its subgroups and its members. */
export interface ReportGroupTable {
  org_id: number;
  grp_id: number;
  grp_name: string;
  grp_parent_id: number | null;
  /** JSON array of the grp_id of its direct children. */
  child_ids: string;
  /** JSON array of the user_id of its members. */
  member_ids: string;
  gathered_at: string;
}

/** A user's takes as a progress report last gathered them. */
export interface ReportUserTakesTable {
  org_id: number;
  user_id: number;
  /** JSON array of [take_id, product_id, score, started, completed]. */
  takes: string;
  gathered_at: string;
}

/** What a progress report needs of a product; title null when the portal no longer has it. */
export interface ReportProductTable {
  org_id: number;
  product_id: number;
  title: string | null;
  type: string | null;
  status: string | null;
  /** product_min_score; null when the portal gave none. */
  min_score: number | null;
  gathered_at: string;
}

/** The figures of one progress report made (report-snapshots.ts). */
export interface ReportSnapshotTable {
  id: Generated<number>;
  org_id: number;
  grp_id: number;
  /** 1: the group and its subtree; 0: the group alone. */
  include_subgroups: number;
  reported_at: string;
  /** SHA-256 (hex) of `figures`. */
  fingerprint: string;
  /** JSON: ReportFigures of src/domain/progress-figures.ts. */
  figures: string;
}

/** How many members a group had when the portal was last asked (user_grp/get_all's total). */
export interface GroupMemberCountTable {
  org_id: number;
  grp_id: number;
  members: number;
  counted_at: string;
}

/** A list gathered once per organisation and served to all its administrators. */
export interface SharedCacheTable {
  org_id: number;
  /** `groups` or `products`. */
  name: string;
  state: string;
  started_at: string;
  /** Written after every page: a gathering whose heartbeat stopped was interrupted. */
  updated_at: string;
  loaded: number;
  total: number | null;
  error_code: string | null;
  /** JSON array: the `details` of the failure's error body (the request and field that broke). */
  error_details: string | null;
  /** When `data` was gathered. */
  gathered_at: string | null;
  /** JSON of the last complete gathering. */
  data: string | null;
}

/** An import, bulk add, copy or export run by the server (server/dashboard/jobs/). */
export interface JobTable {
  id: string;
  org_id: number;
  kind: string;
  state: string;
  /** 1 once `run` was asked: a queued job then runs rather than previews. */
  run_requested: number;
  /** JSON of what the job was asked (the request without the file; an import's rows are in job_row). */
  params: string;
  grp_id: number | null;
  grp_name: string | null;
  started_by: string | null;
  error_code: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  /** The replica holding the job, until `lease_until`; renewed by its heartbeat. */
  lease_owner: string | null;
  lease_until: string | null;
  /** The portal token, AES-256-GCM with the server's key (token-vault.ts); null once the job ended. */
  token_sealed: string | null;
  /** Which key sealed it (a replica with another key leaves the job alone). */
  key_id: string | null;
}

export interface JobRowTable {
  job_id: string;
  position: number;
  line: number;
  identifier: string | null;
  email: string | null;
  user_id: number | null;
  name: string | null;
  grp_id: number | null;
  grp_name: string | null;
  group_admin: number;
  outcome: string;
  error_code: string | null;
  details: string | null;
  member_since: string | null;
  intent_id: string | null;
}

/** When a group's members (group_member) and direct children were last asked of the portal. */
export interface GroupMemberListTable {
  org_id: number;
  grp_id: number;
  /** JSON array of the grp_id of its direct children. */
  child_ids: string;
  members: number;
  /** When the portal was asked for the list ('' once forgotten and not asked again). */
  gathered_at: string;
  /** When a member was last added through the server (the list was forgotten then). */
  forgotten_at: string | null;
}

/** One membership (user_grp) of a group as the portal last listed it. */
export interface GroupMemberTable {
  org_id: number;
  grp_id: number;
  user_id: number;
  /** user_grp_id. */
  membership_id: number | null;
  group_admin: number;
  /** user_grp_created_date as the portal gave it (UTC). */
  member_since: string | null;
}

/** A user of the organisation who is in at least one group, from the last complete gathering. */
export interface OrgMemberTable {
  org_id: number;
  user_id: number;
  /** JSON array of grp_id. */
  grp_ids: string;
  /** When the member was added through the server (ISO 8601 UTC); null when a gathering saw them. */
  added_at: string | null;
}

/** What an organisation's administrators set on the Settings page. */
export interface OrgSettingsTable {
  org_id: number;
  organisation_name: string | null;
  /** null: the server's DASHBOARD_DIRECTORY_REFRESH_HOURS. */
  directory_refresh_hours: number | null;
  updated_at: string;
}

/** An organisation whose portal API key the server holds (accounts mode), sealed with DASHBOARD_SECRET. */
export interface AccountOrgTable {
  org_id: number;
  /** AES-256-GCM, server/accounts/secret-box.ts: never the key in clear. */
  api_key_sealed: string;
  added_at: string;
}

/** A person who signs in to the dashboard (accounts mode). */
export interface AccountTable {
  account_id: Generated<number>;
  org_id: number;
  /** Lower case; unique across organisations. */
  email: string;
  name: string;
  /** admin, manager or viewer. */
  role: string;
  /** JSON array of grp_id: a manager's subtrees. */
  group_ids: string;
  /** scrypt, server/accounts/passwords.ts; null until the invitation is accepted. */
  password_hash: string | null;
  /** invited or active. */
  status: string;
  created_at: string;
  last_sign_in_at: string | null;
}

export interface AccountInvitationTable {
  /** SHA-256 of the invitation's token (the link's fragment). */
  token_hash: string;
  org_id: number;
  account_id: number;
  expires_at: string;
  used_at: string | null;
}

export interface AccountSessionTable {
  /** SHA-256 of the cookie's opaque id. */
  id_hash: string;
  org_id: number;
  account_id: number;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  /** The absolute end (DASHBOARD_SESSION_MAX_HOURS after sign-in). */
  expires_at: string;
}

/** Sign-ins, invitations, role changes, ended sessions: the History page's "Access" tab. */
export interface AccessEventTable {
  id: Generated<number>;
  org_id: number;
  at: string;
  kind: string;
  actor_name: string | null;
  actor_email: string | null;
  subject_email: string | null;
  detail: string | null;
}
