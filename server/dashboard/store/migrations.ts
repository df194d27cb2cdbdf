// Versioned migrations of the dashboard store, written once with kysely's schema builder for
// both SQLite and PostgreSQL. Never edit a migration that has shipped: add the next one.
import { sql, type Kysely, type Migration } from 'kysely';
import { personTerms, searchText } from '../search-text.ts';
import type { StoreDialect } from './connection.ts';

// Migrations see the database as it was then, not as StoreTables says it is now.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export function storeMigrations(dialect: StoreDialect): Record<string, Migration> {
  // The differences between the dialects: an id the database numbers by itself, and search
  // words and names compared by code point (SQLite's default; PostgreSQL's "C" collation), so
  // that a prefix is a range of the index and names sort the same on both.
  const autoId = dialect === 'postgres' ? 'serial' : 'integer';
  const codePointOrder = dialect === 'postgres' ? sql`collate "C"` : sql``;
  // A table that is nothing but its primary key is stored as that key alone on SQLite (half the
  // pages); PostgreSQL has no such option.
  const keyOnly = dialect === 'sqlite' ? sql`without rowid` : sql``;
  return {
    '0001_directory': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('directory_person')
          .addColumn('org_id', 'integer', (c) => c.notNull())
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('identifier', 'text')
          .addColumn('firstname', 'text')
          .addColumn('lastname', 'text')
          .addColumn('email', 'text')
          .addColumn('groups', 'text', (c) => c.notNull())
          .addColumn('sort_name', 'text', (c) => c.notNull().modifyEnd(codePointOrder))
          .addColumn('last_seen', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('directory_person_pk', ['org_id', 'user_id'])
          .execute();
        await db.schema
          .createIndex('directory_person_sort')
          .on('directory_person')
          .columns(['org_id', 'sort_name', 'user_id'])
          .execute();
        // Every word of each person (search-text.ts): a query word is a prefix, so a range here.
        await db.schema
          .createTable('directory_term')
          .addColumn('org_id', 'integer', (c) => c.notNull())
          .addColumn('term', 'text', (c) => c.notNull().modifyEnd(codePointOrder))
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('directory_term_pk', ['org_id', 'term', 'user_id'])
          .execute();
        await db.schema
          .createIndex('directory_term_person')
          .on('directory_term')
          .columns(['org_id', 'user_id', 'term'])
          .execute();
      },
    },
    '0002_history': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('membership_event')
          .addColumn('id', autoId, (c) => c.primaryKey())
          .addColumn('org_id', 'integer', (c) => c.notNull())
          .addColumn('at', 'text', (c) => c.notNull())
          .addColumn('grp_id', 'integer', (c) => c.notNull())
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('group_admin', 'integer', (c) => c.notNull())
          .addColumn('source', 'text', (c) => c.notNull())
          .addColumn('actor', 'text')
          .addColumn('result', 'text', (c) => c.notNull())
          .addColumn('error_code', 'text')
          .addColumn('membership_id', 'integer')
          .execute();
        await db.schema
          .createIndex('membership_event_recent')
          .on('membership_event')
          .columns(['org_id', 'at', 'id'])
          .execute();
        await db.schema
          .createIndex('membership_event_group')
          .on('membership_event')
          .columns(['org_id', 'grp_id', 'at'])
          .execute();
        await db.schema
          .createIndex('membership_event_user')
          .on('membership_event')
          .columns(['org_id', 'user_id', 'at'])
          .execute();
      },
    },
    '0003_lookup_jobs': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('lookup_job')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('org_id', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('error_code', 'text')
          .addColumn('total', 'integer', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('lookup_job_recent').on('lookup_job').columns(['org_id', 'created_at']).execute();
        await db.schema
          .createTable('lookup_job_item')
          .addColumn('job_id', 'text', (c) => c.notNull().references('lookup_job.id').onDelete('cascade'))
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('identifier', 'text', (c) => c.notNull())
          .addColumn('outcome', 'text')
          .addColumn('user_id', 'integer')
          .addColumn('error_code', 'text')
          .addPrimaryKeyConstraint('lookup_job_item_pk', ['job_id', 'position'])
          .execute();
        await db.schema
          .createIndex('lookup_job_item_outcome')
          .on('lookup_job_item')
          .columns(['job_id', 'outcome'])
          .execute();
      },
    },
    '0004_progress_cache': {
      async up(db: AnyDb) {
        // What progress reports gathered from the portal, kept per organisation with its age.
        await db.schema
          .createTable('report_group')
          .addColumn('org_id', 'integer', (c) => c.notNull())
          .addColumn('grp_id', 'integer', (c) => c.notNull())
          .addColumn('grp_name', 'text', (c) => c.notNull())
          .addColumn('grp_parent_id', 'integer')
          .addColumn('child_ids', 'text', (c) => c.notNull())
          .addColumn('member_ids', 'text', (c) => c.notNull())
          .addColumn('gathered_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('report_group_pk', ['org_id', 'grp_id'])
          .execute();
        await db.schema
          .createTable('report_user_takes')
          .addColumn('org_id', 'integer', (c) => c.notNull())
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('takes', 'text', (c) => c.notNull())
          .addColumn('gathered_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('report_user_takes_pk', ['org_id', 'user_id'])
          .execute();
        await db.schema
          .createTable('report_product')
          .addColumn('org_id', 'integer', (c) => c.notNull())
          .addColumn('product_id', 'integer', (c) => c.notNull())
          .addColumn('title', 'text')
          .addColumn('type', 'text')
          .addColumn('status', 'text')
          .addColumn('gathered_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('report_product_pk', ['org_id', 'product_id'])
          .execute();
      },
    },
    '0005_shared_caches': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('group_member_count')
          .addColumn('org_id', 'integer', (c) => c.notNull())
          .addColumn('grp_id', 'integer', (c) => c.notNull())
          .addColumn('members', 'integer', (c) => c.notNull())
          .addColumn('counted_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('group_member_count_pk', ['org_id', 'grp_id'])
          .execute();
        // A list gathered once per organisation (the group index), with its gathering's progress.
        await db.schema
          .createTable('shared_cache')
          .addColumn('org_id', 'integer', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('started_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addColumn('loaded', 'integer', (c) => c.notNull())
          .addColumn('total', 'integer')
          .addColumn('error_code', 'text')
          .addColumn('gathered_at', 'text')
          .addColumn('data', 'text')
          .addPrimaryKeyConstraint('shared_cache_pk', ['org_id', 'name'])
          .execute();
      },
    },
    '0006_membership_outbox': {
      async up(db: AnyDb) {
        // A membership create written down before it goes to the portal, until its history
        // event is written (membership-outbox.ts). Never the token: its SHA-256 only, which lets
        // the same token claim the intent later but cannot call the portal.
        await db.schema
          .createTable('membership_intent')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('org_id', 'integer')
          .addColumn('token_hash', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('grp_id', 'integer', (c) => c.notNull())
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('group_admin', 'integer', (c) => c.notNull())
          .addColumn('source', 'text', (c) => c.notNull())
          .addColumn('actor', 'text')
          .addColumn('result', 'text')
          .addColumn('error_code', 'text')
          .addColumn('membership_id', 'integer')
          .execute();
        await db.schema.createIndex('membership_intent_org').on('membership_intent').columns(['org_id']).execute();
        await db.schema
          .createIndex('membership_intent_token')
          .on('membership_intent')
          .columns(['token_hash'])
          .execute();
        // One event per intent, whoever writes it (the request's own answer or a reconciliation).
        await db.schema.alterTable('membership_event').addColumn('intent_id', 'text').execute();
        await db.schema
          .createIndex('membership_event_intent')
          .unique()
          .on('membership_event')
          .column('intent_id')
          .execute();
      },
    },
    '0007_shared_cache_error_details': {
      async up(db: AnyDb) {
        // What a failed gathering knows beyond its code (the portal request and the field that
        // broke), as the JSON `details` of the error body; null for the failures before it.
        await db.schema.alterTable('shared_cache').addColumn('error_details', 'text').execute();
      },
    },
    '0008_jobs': {
      async up(db: AnyDb) {
        // Imports, bulk adds, copies and exports run by the server (job-engine.ts). A replica
        // holds a job by its lease (`lease_owner` until `lease_until`), renewed by its heartbeat;
        // a lease that runs out lets another replica take the job over. `token_sealed` is the
        // caller's portal token encrypted with the server's key (token-vault.ts), erased when
        // the job ends; never the token in clear.
        await db.schema
          .createTable('job')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('org_id', 'integer', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('run_requested', 'integer', (c) => c.notNull())
          .addColumn('params', 'text', (c) => c.notNull())
          .addColumn('grp_id', 'integer')
          .addColumn('grp_name', 'text')
          .addColumn('started_by', 'text')
          .addColumn('error_code', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addColumn('finished_at', 'text')
          .addColumn('lease_owner', 'text')
          .addColumn('lease_until', 'text')
          .addColumn('token_sealed', 'text')
          .addColumn('key_id', 'text')
          .execute();
        await db.schema.createIndex('job_recent').on('job').columns(['org_id', 'created_at']).execute();
        await db.schema.createIndex('job_state').on('job').columns(['state', 'lease_until']).execute();
        await db.schema
          .createTable('job_row')
          .addColumn('job_id', 'text', (c) => c.notNull().references('job.id').onDelete('cascade'))
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('line', 'integer', (c) => c.notNull())
          .addColumn('identifier', 'text')
          .addColumn('email', 'text')
          .addColumn('user_id', 'integer')
          .addColumn('name', 'text')
          .addColumn('grp_id', 'integer')
          .addColumn('grp_name', 'text')
          .addColumn('group_admin', 'integer', (c) => c.notNull())
          .addColumn('outcome', 'text', (c) => c.notNull())
          .addColumn('error_code', 'text')
          .addColumn('details', 'text')
          .addColumn('member_since', 'text')
          // The membership_intent of the create under way (the outbox's), written in the
          // intent's own transaction: after a crash, the row's create is found by it.
          .addColumn('intent_id', 'text')
          .addPrimaryKeyConstraint('job_row_pk', ['job_id', 'position'])
          .execute();
        await db.schema
          .createIndex('job_row_outcome')
          .on('job_row')
          .columns(['job_id', 'outcome', 'position'])
          .execute();
      },
    },
    '0009_group_members': {
      async up(db: AnyDb) {
        // A group's members as the portal last listed them (user_grp/get_all), with its direct
        // children; group_member_list says when, and is deleted when a member is added through
        // the server, so that the next read asks the portal again.
        await db.schema
          .createTable('group_member_list')
          .addColumn('org_id', 'integer', (c) => c.notNull())
          .addColumn('grp_id', 'integer', (c) => c.notNull())
          .addColumn('child_ids', 'text', (c) => c.notNull())
          .addColumn('members', 'integer', (c) => c.notNull())
          .addColumn('gathered_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('group_member_list_pk', ['org_id', 'grp_id'])
          .execute();
        await db.schema
          .createTable('group_member')
          .addColumn('org_id', 'integer', (c) => c.notNull())
          .addColumn('grp_id', 'integer', (c) => c.notNull())
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('membership_id', 'integer')
          .addColumn('group_admin', 'integer', (c) => c.notNull())
          .addColumn('member_since', 'text')
          .addPrimaryKeyConstraint('group_member_pk', ['org_id', 'grp_id', 'user_id'])
          .execute();
        // A person's groups (Person.group_ids), read from the index alone.
        await db.schema
          .createIndex('group_member_user')
          .on('group_member')
          .columns(['org_id', 'user_id', 'grp_id'])
          .execute();
        // Every user of the organisation in some group: all of user_grp/get_all, gathered in the
        // background (its progress in shared_cache under the name `members`).
        await db.schema
          .createTable('org_member')
          .addColumn('org_id', 'integer', (c) => c.notNull())
          .addColumn('user_id', 'integer', (c) => c.notNull())
          /** JSON array of the grp_id of their groups. */
          .addColumn('grp_ids', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('org_member_pk', ['org_id', 'user_id'])
          .execute();
      },
    },
    '0010_directory_parts': {
      async up(db: AnyDb) {
        // Search by any part of a field (search-text.ts): each person's normalised fields, and an
        // index of the suffixes of their words instead of the words. Refreshing by age: when the
        // portal was last asked (checked_at) and whether it still knew the person (gone_at).
        await db.schema
          .alterTable('directory_person')
          .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
          .execute();
        await db.schema.alterTable('directory_person').addColumn('gone_at', 'text').execute();
        await db.schema
          .alterTable('directory_person')
          .addColumn('checked_at', 'text', (c) => c.notNull().defaultTo(''))
          .execute();
        await db
          .updateTable('directory_person')
          .set((eb) => ({ checked_at: eb.ref('last_seen') }))
          .execute();
        await db.schema
          .createIndex('directory_person_checked')
          .on('directory_person')
          .columns(['org_id', 'checked_at'])
          .execute();
        await db.schema.dropTable('directory_term').execute();
        // Rows are found by their suffix only; a person's own rows are recomputed from their search text.
        await db.schema
          .createTable('directory_term')
          .addColumn('org_id', 'integer', (c) => c.notNull())
          .addColumn('term', 'text', (c) => c.notNull().modifyEnd(codePointOrder))
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('directory_term_pk', ['org_id', 'term', 'user_id'])
          .modifyEnd(keyOnly)
          .execute();
        await rebuildSearch(db);
      },
    },
    '0011_org_settings': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('org_settings')
          .addColumn('org_id', 'integer', (c) => c.primaryKey())
          .addColumn('organisation_name', 'text')
          .addColumn('directory_refresh_hours', 'integer')
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
      },
    },
    '0012_report_product_min_score': {
      async up(db: AnyDb) {
        // The pass mark of a product, for "Below the pass mark". The products cached before do
        // not know theirs: they are forgotten (a cache) and asked again by the next report.
        await db.schema.alterTable('report_product').addColumn('min_score', 'integer').execute();
        await db.deleteFrom('report_product').execute();
      },
    },
    '0013_report_snapshot': {
      async up(db: AnyDb) {
        // The figures of each progress report made (report-snapshots.ts), so that the next report
        // of the same group and scope says what changed since. `figures` is JSON (members, pairs
        // completed, pairs begun and open); `fingerprint` its SHA-256, to tell a report read
        // again from the cache from a new one.
        await db.schema
          .createTable('report_snapshot')
          .addColumn('id', autoId, (c) => c.primaryKey())
          .addColumn('org_id', 'integer', (c) => c.notNull())
          .addColumn('grp_id', 'integer', (c) => c.notNull())
          .addColumn('include_subgroups', 'integer', (c) => c.notNull())
          .addColumn('reported_at', 'text', (c) => c.notNull())
          .addColumn('fingerprint', 'text', (c) => c.notNull())
          .addColumn('figures', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('report_snapshot_recent')
          .on('report_snapshot')
          .columns(['org_id', 'grp_id', 'include_subgroups', 'reported_at'])
          .execute();
      },
    },
    '0014_writes_during_walks': {
      async up(db: AnyDb) {
        // A member added through the server while the portal is walked: when it was added (null:
        // seen by a gathering), so that a walk begun before does not drop them (org-members.ts);
        // when a group's list was forgotten, so that a walk begun before is not kept as fresh
        // (group-members.ts).
        await db.schema.alterTable('org_member').addColumn('added_at', 'text').execute();
        await db.schema.alterTable('group_member_list').addColumn('forgotten_at', 'text').execute();
      },
    },
    '0015_drop_lookup_jobs': {
      async up(db: AnyDb) {
        // The lookups of a people list are jobs of the job engine now (kind `lookup`, 0008_jobs):
        // the old lookup jobs and their items go (the jobs they held were kept for days only).
        await db.schema.dropTable('lookup_job_item').execute();
        await db.schema.dropTable('lookup_job').execute();
      },
    },
    '0016_accounts': {
      async up(db: AnyDb) {
        // Accounts mode (server/accounts/): the organisations whose API key the server holds
        // (sealed with DASHBOARD_SECRET, never in clear), the people who sign in, their
        // invitations and sessions (both stored as SHA-256 digests of the secret), and the
        // access events of the History page. Times are ISO 8601 UTC text, as elsewhere.
        await db.schema
          .createTable('account_org')
          .addColumn('org_id', 'integer', (c) => c.primaryKey())
          .addColumn('api_key_sealed', 'text', (c) => c.notNull())
          .addColumn('added_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('account')
          .addColumn('account_id', autoId, (c) => c.primaryKey())
          .addColumn('org_id', 'integer', (c) => c.notNull())
          // Lower case: one account per e-mail across organisations (sign-in asks no organisation).
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('role', 'text', (c) => c.notNull())
          .addColumn('group_ids', 'text', (c) => c.notNull())
          .addColumn('password_hash', 'text')
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('last_sign_in_at', 'text')
          .execute();
        await db.schema.createIndex('account_by_org').on('account').columns(['org_id', 'account_id']).execute();
        await db.schema
          .createTable('account_invitation')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('org_id', 'integer', (c) => c.notNull())
          .addColumn('account_id', 'integer', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('used_at', 'text')
          .execute();
        await db.schema
          .createIndex('account_invitation_account')
          .on('account_invitation')
          .columns(['org_id', 'account_id'])
          .execute();
        await db.schema
          .createTable('account_session')
          .addColumn('id_hash', 'text', (c) => c.primaryKey())
          .addColumn('org_id', 'integer', (c) => c.notNull())
          .addColumn('account_id', 'integer', (c) => c.notNull())
          .addColumn('csrf_token', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('last_seen_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('account_session_account')
          .on('account_session')
          .columns(['org_id', 'account_id'])
          .execute();
        await db.schema
          .createTable('access_event')
          .addColumn('id', autoId, (c) => c.primaryKey())
          .addColumn('org_id', 'integer', (c) => c.notNull())
          .addColumn('at', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('actor_name', 'text')
          .addColumn('actor_email', 'text')
          .addColumn('subject_email', 'text')
          .addColumn('detail', 'text')
          .execute();
        await db.schema.createIndex('access_event_recent').on('access_event').columns(['org_id', 'at', 'id']).execute();
      },
    },
  };
}

/** The search text and suffix rows of the people already in the directory, 500 at a time. */
async function rebuildSearch(db: AnyDb): Promise<void> {
  let after = { org_id: -1, user_id: -1 };
  for (;;) {
    const people: {
      org_id: number;
      user_id: number;
      firstname: string | null;
      lastname: string | null;
      email: string | null;
      identifier: string | null;
    }[] = await db
      .selectFrom('directory_person')
      .select(['org_id', 'user_id', 'firstname', 'lastname', 'email', 'identifier'])
      .where((eb) => eb(eb.refTuple('org_id', 'user_id'), '>', eb.tuple(after.org_id, after.user_id)))
      .orderBy('org_id')
      .orderBy('user_id')
      .limit(500)
      .execute();
    const last = people.at(-1);
    if (!last) return;
    for (const person of people) {
      const text = searchText(person);
      await db
        .updateTable('directory_person')
        .set({ search_text: text })
        .where('org_id', '=', person.org_id)
        .where('user_id', '=', person.user_id)
        .execute();
      const terms = personTerms(text).map((term) => ({ org_id: person.org_id, term, user_id: person.user_id }));
      if (terms.length > 0) await db.insertInto('directory_term').values(terms).execute();
    }
    after = last;
  }
}
