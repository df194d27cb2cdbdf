// The outbox of membership creates: each `POST /api/user_grp/create` is written down here before
// it goes to the portal, and leaves once its history event is written. An event carries its
// intent's id under a unique index, so whoever settles an intent (the request itself, a retry,
// a reconciliation on another replica) writes at most one event for it.
import type { Selectable, Transaction } from 'kysely';
import * as z from 'zod/mini';
import { historyResults, historySources, type HistoryEvent } from '#schemas/history.ts';
import { isoTime } from '../clock.ts';
import type { StoreDb } from './connection.ts';
import { eventRow, type MembershipOutcome } from './history.ts';
import type { MembershipIntentTable, StoreTables } from './schema.ts';

/** What the request asked for, before any answer. */
export interface IntentRequest {
  grpId: number;
  userId: number;
  groupAdmin: 0 | 1;
  source: HistoryEvent['source'];
  actor: string | null;
}

/** The portal's answer, as history keeps it. */
export type IntentAnswer = Pick<MembershipOutcome, 'result' | 'errorCode' | 'membershipId'>;

export interface Intent extends IntentRequest {
  id: string;
  orgId: number | null;
  tokenHash: string;
  /** ms since the epoch: the event's time, whoever writes it. */
  createdAt: number;
  /** Known once the portal answered and the answer was stored. */
  answer: IntentAnswer | null;
}

export class OutboxStore {
  constructor(private readonly db: StoreDb) {}

  /** `alongside`: written in the same transaction (a job's row names its intent: job-rows.ts). */
  async open(intent: Intent, alongside?: (tx: Transaction<StoreTables>) => Promise<void>): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await this.insert(tx, intent);
      await alongside?.(tx);
    });
  }

  private async insert(tx: Transaction<StoreTables>, intent: Intent): Promise<void> {
    await tx
      .insertInto('membership_intent')
      .values({
        id: intent.id,
        org_id: intent.orgId,
        token_hash: intent.tokenHash,
        created_at: isoTime(intent.createdAt),
        grp_id: intent.grpId,
        user_id: intent.userId,
        group_admin: intent.groupAdmin,
        source: intent.source,
        actor: intent.actor,
      })
      .execute();
  }

  /** Keeps the portal's answer (and the organisation, once known) until the event can be written. */
  async keepAnswer(id: string, answer: IntentAnswer, orgId: number | null): Promise<void> {
    await this.db
      .updateTable('membership_intent')
      .set({
        result: answer.result,
        error_code: answer.errorCode,
        membership_id: answer.membershipId,
        ...(orgId === null ? {} : { org_id: orgId }),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Writes the intent's event (unless one exists already) and removes the intent; true if this call wrote it. */
  async settle(intent: Intent, orgId: number, answer: IntentAnswer): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const inserted = await tx
        .insertInto('membership_event')
        .values(eventRow(orgId, { ...intent, ...answer, at: intent.createdAt }, intent.id))
        .onConflict((oc) => oc.column('intent_id').doNothing())
        .executeTakeFirst();
      await tx.deleteFrom('membership_intent').where('id', '=', intent.id).execute();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
    });
  }

  /** The intent, while unfinished; undefined once settled or dropped. */
  async intent(id: string): Promise<Intent | undefined> {
    const row = await this.db.selectFrom('membership_intent').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toIntent(row) : undefined;
  }

  /** The answer its event recorded, once the intent was settled. */
  async settledAnswer(intentId: string): Promise<IntentAnswer | undefined> {
    const row = await this.db
      .selectFrom('membership_event')
      .select(['result', 'error_code', 'membership_id'])
      .where('intent_id', '=', intentId)
      .executeTakeFirst();
    if (!row) return undefined;
    return { result: z.parse(storedResult, row.result), errorCode: row.error_code, membershipId: row.membership_id };
  }

  /** The portal refused the token (401): nothing was created, nothing to record. */
  async drop(id: string): Promise<void> {
    await this.db.deleteFrom('membership_intent').where('id', '=', id).execute();
  }

  /** Who can settle what is unfinished: organisations, and token hashes of intents without one. */
  async claimants(): Promise<{ orgIds: Set<number>; tokenHashes: Set<string> }> {
    const rows = await this.db.selectFrom('membership_intent').select(['org_id', 'token_hash']).distinct().execute();
    const orgIds = new Set<number>();
    const tokenHashes = new Set<string>();
    for (const row of rows) {
      if (row.org_id === null) tokenHashes.add(row.token_hash);
      else orgIds.add(row.org_id);
    }
    return { orgIds, tokenHashes };
  }

  /** Intents whose answer is stored with their organisation: settled without asking the portal. */
  async answered(limit = 500): Promise<Intent[]> {
    const rows = await this.db
      .selectFrom('membership_intent')
      .selectAll()
      .where('result', 'is not', null)
      .where('org_id', 'is not', null)
      .orderBy('created_at')
      .limit(limit)
      .execute();
    return rows.map(toIntent);
  }

  /**
   * The unfinished intents of an organisation, or made with this token before its organisation
   * was known. Those still waiting for an answer only once older than `pendingBefore` (younger
   * ones may still be on their way to the portal from another replica).
   */
  async unfinished(orgId: number, tokenHash: string, pendingBefore: number, limit = 500): Promise<Intent[]> {
    const rows = await this.db
      .selectFrom('membership_intent')
      .selectAll()
      .where((eb) =>
        eb.and([
          eb.or([eb('org_id', '=', orgId), eb.and([eb('org_id', 'is', null), eb('token_hash', '=', tokenHash)])]),
          eb.or([eb('result', 'is not', null), eb('created_at', '<', isoTime(pendingBefore))]),
        ]),
      )
      .orderBy('created_at')
      .limit(limit)
      .execute();
    return rows.map(toIntent);
  }
}

const storedSource = z.enum([...historySources, 'unknown']);
const storedResult = z.enum(historyResults);

function toIntent(row: Selectable<MembershipIntentTable>): Intent {
  return {
    id: row.id,
    orgId: row.org_id,
    tokenHash: row.token_hash,
    createdAt: Date.parse(row.created_at),
    grpId: row.grp_id,
    userId: row.user_id,
    groupAdmin: row.group_admin === 1 ? 1 : 0,
    source: z.parse(storedSource, row.source),
    actor: row.actor,
    answer:
      row.result === null
        ? null
        : {
            result: z.parse(storedResult, row.result),
            errorCode: row.error_code,
            membershipId: row.membership_id,
          },
  };
}
