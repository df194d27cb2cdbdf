// The history of memberships created through the server, newest first, scoped by org_id. Events
// are written by the outbox (outbox.ts), one per intent. A group manager's reads are narrowed in
// the statement itself (HistoryScope), so totals, pages and the CSV hold the same events.
import type { HistoryEvent, HistoryFilter } from '#schemas/history.ts';
import { historyEventSchema } from '#schemas/history.ts';
import { isoTime } from '../clock.ts';
import type { StoreDb, StoreDialect } from './connection.ts';
import { inIdList } from './id-list.ts';

export interface MembershipOutcome {
  grpId: number;
  userId: number;
  groupAdmin: 0 | 1;
  source: HistoryEvent['source'];
  actor: string | null;
  result: HistoryEvent['result'];
  errorCode: string | null;
  membershipId: number | null;
  at?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a group manager reads of the history: events of these groups, names of these people. */
export interface HistoryScope {
  grpIds: Iterable<number>;
  /** The people they may see: another person's event shows the user id alone (no name, e-mail, identifier). */
  userIds: Iterable<number>;
}

/** The stored row of an event, with the intent of the outbox (outbox.ts) it settles. */
export function eventRow(orgId: number, event: MembershipOutcome, intentId: string) {
  return {
    org_id: orgId,
    at: isoTime(event.at),
    grp_id: event.grpId,
    user_id: event.userId,
    group_admin: event.groupAdmin,
    source: event.source,
    actor: event.actor,
    result: event.result,
    error_code: event.errorCode,
    membership_id: event.membershipId,
    intent_id: intentId,
  };
}

/** `from`/`to` as stored times. A date alone means that whole UTC day. */
function timeRange(filter: HistoryFilter): { from?: string; toExclusive?: string; toInclusive?: string } {
  const dateOnly = (value: string) => value.length === 10;
  return {
    from: filter.from ? isoTime(Date.parse(filter.from)) : undefined,
    toExclusive: filter.to && dateOnly(filter.to) ? isoTime(Date.parse(filter.to) + DAY_MS) : undefined,
    toInclusive: filter.to && !dateOnly(filter.to) ? isoTime(Date.parse(filter.to)) : undefined,
  };
}

export class History {
  constructor(
    private readonly db: StoreDb,
    private readonly dialect: StoreDialect,
  ) {}

  private filtered(orgId: number, filter: HistoryFilter, scope: HistoryScope | undefined) {
    const { from, toExclusive, toInclusive } = timeRange(filter);
    const userIds = scope && [...scope.userIds];
    let query = this.db
      .selectFrom('membership_event as e')
      .leftJoin('directory_person as p', (join) => {
        const person = join.onRef('p.org_id', '=', 'e.org_id').onRef('p.user_id', '=', 'e.user_id');
        return userIds ? person.on(inIdList(this.dialect, 'p.user_id', userIds)) : person;
      })
      .where('e.org_id', '=', orgId);
    if (scope) query = query.where(inIdList(this.dialect, 'e.grp_id', scope.grpIds));
    if (filter.grp_id !== undefined) query = query.where('e.grp_id', '=', filter.grp_id);
    if (filter.user_id !== undefined) query = query.where('e.user_id', '=', filter.user_id);
    if (filter.source !== undefined) query = query.where('e.source', '=', filter.source);
    if (filter.result !== undefined) query = query.where('e.result', '=', filter.result);
    if (from !== undefined) query = query.where('e.at', '>=', from);
    if (toExclusive !== undefined) query = query.where('e.at', '<', toExclusive);
    if (toInclusive !== undefined) query = query.where('e.at', '<=', toInclusive);
    return query;
  }

  private selectEvents(orgId: number, filter: HistoryFilter, scope: HistoryScope | undefined) {
    return this.filtered(orgId, filter, scope)
      .select([
        'e.id as event_id',
        'e.at',
        'e.grp_id',
        'e.user_id',
        'e.group_admin',
        'e.source',
        'e.actor',
        'e.result',
        'e.error_code',
        'e.membership_id',
        'p.firstname',
        'p.lastname',
        'p.email',
        'p.identifier as user_organisation_identifier',
      ])
      .orderBy('e.at', 'desc')
      .orderBy('e.id', 'desc');
  }

  /** One page, newest first, with the number of events that match. */
  async list(
    orgId: number,
    filter: HistoryFilter,
    start: number,
    limit: number,
    scope?: HistoryScope,
  ): Promise<{ total: number; events: HistoryEvent[] }> {
    const [counted, rows] = await Promise.all([
      this.filtered(orgId, filter, scope)
        .select((eb) => eb.fn.countAll().as('total'))
        .executeTakeFirstOrThrow(),
      this.selectEvents(orgId, filter, scope).offset(start).limit(limit).execute(),
    ]);
    return { total: Number(counted.total), events: rows.map((row) => historyEventSchema.parse(row)) };
  }

  /** Every matching event, newest first, a chunk at a time (keyset paging: no growing offsets). */
  async *all(orgId: number, filter: HistoryFilter, scope?: HistoryScope, chunk = 1000): AsyncGenerator<HistoryEvent[]> {
    let after: { at: string; id: number } | undefined;
    for (;;) {
      let query = this.selectEvents(orgId, filter, scope);
      if (after) {
        const { at, id } = after;
        query = query.where((eb) => eb.or([eb('e.at', '<', at), eb.and([eb('e.at', '=', at), eb('e.id', '<', id)])]));
      }
      const rows = await query.limit(chunk).execute();
      if (rows.length === 0) return;
      const events = rows.map((row) => historyEventSchema.parse(row));
      yield events;
      const last = events[events.length - 1];
      if (!last || rows.length < chunk) return;
      after = { at: last.at, id: last.event_id };
    }
  }
}
