// No membership without its history event, whatever fails. A create is written down (an
// intent, store/outbox.ts) before it is forwarded; the portal's answer settles it into one event.
// What cannot be settled at once is tried again:
// - the store is down after the answer: this process keeps the answer in memory and writes it
//   when the store answers again;
// - no token check names the organisation (a lockout of token checks): the answer is stored
//   with the token's hash, and the organisation is asked again while this process holds the
//   token, or taken from the next request made with the same token;
// - the process died before the answer was stored: the intent is reconciled against the portal
//   (`user_grp/get_all` for that user and group) with the token of the organisation's next
//   request. Tokens are never stored (see docs/architecture.md, "Membership outbox").
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import * as z from 'zod/mini';
import { listEnvelopeSchema } from '#schemas/envelope.ts';
import { userGrpSchema } from '#schemas/user-grp.ts';
import { PortalRequestError, type PortalReader } from '#domain/portal-read.ts';
import type { Intent, IntentAnswer, IntentRequest, OutboxStore } from './store/outbox.ts';
import type { StoreTables } from './store/schema.ts';
import { tokenDigest, type TokenCheck } from './token-check.ts';

/** Written in the intent's own transaction (a job's row naming it). */
export type IntentAlongside = (tx: Transaction<StoreTables>, intentId: string) => Promise<void>;

export interface OutboxOptions {
  store: OutboxStore;
  tokens: TokenCheck;
  reader: PortalReader;
  /** A membership was added: what the server keeps of the group's members is out of date. */
  memberAdded: (orgId: number, grpId: number, userId: number) => Promise<void>;
  /** How often what this process holds in memory is tried again. */
  retryMs?: number;
  /** An intent without an answer is reconciled only once this old: younger, it may still be in flight on another replica. */
  reconcileAfterMs?: number;
  /** How often the store is asked which organisations have unfinished intents (other replicas' too). */
  scanMs?: number;
  /** How long a token is kept in memory to name an intent's organisation. */
  holdTokenMs?: number;
}

/** Tokens (by SHA-256) whose organisation this process has seen, at most this many (oldest dropped). */
const MAX_KNOWN_TOKENS = 10_000;
/**
 * A membership found at reconciliation counts as created by the intent unless the portal dates it
 * more than this before the intent (clocks of two machines differ); older, it was already there.
 */
const CLOCK_SLACK_MS = 5 * 60_000;

/** The answer recorded when reconciliation finds that the portal has no such membership. */
export const NOT_CREATED = 'not_created';

export const tokenHash = tokenDigest;

const membershipList = listEnvelopeSchema(userGrpSchema);

interface Held {
  intent: Intent;
  answer: IntentAnswer | 'refused';
  token: string;
  since: number;
  /** The answer is in the store already (waiting only for the organisation). */
  stored?: boolean;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class MembershipOutbox {
  private readonly store: OutboxStore;
  private readonly tokens: TokenCheck;
  private readonly reader: PortalReader;
  private readonly memberAdded: OutboxOptions['memberAdded'];
  private readonly retryMs: number;
  private readonly reconcileAfterMs: number;
  private readonly scanMs: number;
  private readonly holdTokenMs: number;
  /** Intents of requests still on their way to the portal in this process. */
  private readonly inFlight = new Set<string>();
  /** Answers (and tokens) this process could not settle yet, by intent id. */
  private readonly held = new Map<string, Held>();
  private claimants = { orgIds: new Set<number>(), tokenHashes: new Set<string>() };
  private readonly reconciling = new Map<string, Promise<void>>();
  /** SHA-256 of a token → its organisation, as valid requests showed it: an intent's organisation without asking the portal. */
  private readonly knownTokens = new Map<string, number>();
  private retryTimer: NodeJS.Timeout | undefined;
  private scanTimer: NodeJS.Timeout | undefined;
  private work = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(options: OutboxOptions) {
    this.store = options.store;
    this.tokens = options.tokens;
    this.reader = options.reader;
    this.memberAdded = options.memberAdded;
    this.retryMs = options.retryMs ?? 5_000;
    this.reconcileAfterMs = options.reconcileAfterMs ?? 2 * 60_000;
    this.scanMs = options.scanMs ?? 60_000;
    this.holdTokenMs = options.holdTokenMs ?? 10 * 60_000;
  }

  /** At start: settle what needs no portal, learn who can settle the rest, and look again every scanMs. */
  start(): void {
    this.track(this.sweep());
    this.scanTimer = setInterval(() => this.track(this.sweep()), this.scanMs);
    this.scanTimer.unref();
  }

  /**
   * Writes the intent before the create is forwarded; throws what the store threw (the create
   * must then be refused). Its organisation is the one a valid request with this token showed; no
   * token check is asked here: a create must not wait for one (a lockout refuses them), nor make
   * the server check a token the portal is about to refuse anyway.
   */
  async begin(token: string, request: IntentRequest, alongside?: IntentAlongside): Promise<Intent> {
    const hash = tokenHash(token);
    const intent: Intent = {
      ...request,
      id: randomUUID(),
      orgId: this.knownTokens.get(hash) ?? null,
      tokenHash: hash,
      createdAt: Date.now(),
      answer: null,
    };
    await this.store.open(intent, alongside && ((tx) => alongside(tx, intent.id)));
    this.inFlight.add(intent.id);
    return intent;
  }

  /**
   * What became of an intent a job's row names (after its replica was killed or lost the store):
   * the answer of its event once settled; settled now when its answer is stored or, unanswered
   * and older than reconcileAfterMs, from the portal; 'wait' while it may still be on its way to
   * the portal (in flight here, or too young); undefined when it was dropped (a 401: nothing created).
   */
  async outcomeOf(intentId: string, orgId: number, token: string): Promise<IntentAnswer | 'wait' | undefined> {
    if (this.inFlight.has(intentId) || this.held.has(intentId)) return 'wait';
    const settled = await this.store.settledAnswer(intentId);
    if (settled) return settled;
    const intent = await this.store.intent(intentId);
    if (!intent) return (await this.store.settledAnswer(intentId)) ?? undefined;
    if (!intent.answer && intent.createdAt > Date.now() - this.reconcileAfterMs) return 'wait';
    const answer = intent.answer ?? (await this.askPortal(token, intent));
    await this.write(intent, orgId, answer);
    return (await this.store.settledAnswer(intentId)) ?? answer;
  }

  /** The portal answered: write the event (or drop the intent after a 401). Never throws. */
  async finish(intent: Intent, token: string, answer: IntentAnswer | 'refused'): Promise<void> {
    this.inFlight.delete(intent.id);
    await this.settleHeld({ intent, answer, token, since: Date.now() });
  }

  /** A request of this organisation came with a valid token: reconcile what waits for one. */
  seen(orgId: number, token: string): void {
    if (this.stopped) return;
    const hash = tokenHash(token);
    this.remember(hash, orgId);
    if (!this.claimants.orgIds.has(orgId) && !this.claimants.tokenHashes.has(hash)) return;
    const key = `${orgId}`;
    if (this.reconciling.has(key)) return;
    const run = this.reconcile(orgId, token, hash).finally(() => this.reconciling.delete(key));
    this.reconciling.set(key, run);
    this.track(run);
  }

  /** Waits for the work under way (tests, and closing). */
  async idle(): Promise<void> {
    while (this.work.size > 0) await Promise.allSettled([...this.work]);
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.scanTimer);
    clearTimeout(this.retryTimer);
  }

  private remember(hash: string, orgId: number): void {
    this.knownTokens.delete(hash);
    this.knownTokens.set(hash, orgId);
    if (this.knownTokens.size > MAX_KNOWN_TOKENS) {
      const oldest = this.knownTokens.keys().next();
      if (!oldest.done) this.knownTokens.delete(oldest.value);
    }
  }

  private track(promise: Promise<unknown>): void {
    this.work.add(promise);
    void promise.finally(() => this.work.delete(promise));
  }

  /** One attempt at settling an answer this process holds; kept for the next attempt when it fails. */
  private async settleHeld(held: Held): Promise<boolean> {
    const { intent, answer, token } = held;
    try {
      if (answer === 'refused') {
        await this.store.drop(intent.id);
      } else {
        // Asked only now: the portal accepted the token (no 401), so checking it counts no failure.
        const orgId = intent.orgId ?? (await this.tokens.orgOf(token).catch(() => null));
        if (orgId !== null) this.remember(intent.tokenHash, orgId);
        if (orgId === null) {
          // Stored with the token's hash: the next request with this token names the organisation.
          if (!held.stored) await this.store.keepAnswer(intent.id, answer, null);
          held.stored = true;
          if (Date.now() - held.since > this.holdTokenMs) {
            this.held.delete(intent.id);
            this.claimants.tokenHashes.add(intent.tokenHash);
            return true;
          }
          this.hold(held);
          return false;
        }
        await this.write(intent, orgId, answer);
        // A valid token of the organisation in hand: what else of it waits can be settled too.
        this.seen(orgId, token);
      }
      this.held.delete(intent.id);
      return true;
    } catch (error) {
      console.error(`dashboard store: could not record a membership yet (${message(error)}); will try again`);
      this.hold(held);
      return false;
    }
  }

  private async write(intent: Intent, orgId: number, answer: IntentAnswer): Promise<void> {
    await this.store.settle(intent, orgId, answer);
    // The group has one member more than the count and the list the server keeps.
    if (answer.result === 'added') await this.memberAdded(orgId, intent.grpId, intent.userId);
  }

  private hold(held: Held): void {
    this.held.set(held.intent.id, held);
    if (this.retryTimer || this.stopped) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.track(this.retryHeld());
    }, this.retryMs);
    this.retryTimer.unref();
  }

  private async retryHeld(): Promise<void> {
    let settled = false;
    for (const held of [...this.held.values()]) settled = (await this.settleHeld(held)) || settled;
    // The store answers again: what other requests left unfinished can be settled too.
    if (settled) await this.sweep();
  }

  /** Settles the stored answers whose organisation is known, and learns who can settle the rest. */
  private async sweep(): Promise<void> {
    if (this.stopped) return;
    try {
      for (const intent of await this.store.answered()) {
        if (this.inFlight.has(intent.id) || this.held.has(intent.id) || !intent.answer || intent.orgId === null)
          continue;
        await this.write(intent, intent.orgId, intent.answer);
      }
      this.claimants = await this.store.claimants();
    } catch (error) {
      console.error(`dashboard store: could not look at unfinished memberships (${message(error)})`);
    }
  }

  /** Settles an organisation's unfinished intents with a token of it, asking the portal where no answer is stored. */
  private async reconcile(orgId: number, token: string, hash: string): Promise<void> {
    try {
      const intents = await this.store.unfinished(orgId, hash, Date.now() - this.reconcileAfterMs);
      for (const intent of intents) {
        if (this.inFlight.has(intent.id) || this.held.has(intent.id)) continue;
        const answer = intent.answer ?? (await this.askPortal(token, intent));
        await this.write(intent, orgId, answer);
      }
      this.claimants = await this.store.claimants();
    } catch (error) {
      // The token refused, the portal or the store unreachable: the next request tries again.
      console.error(`dashboard store: could not reconcile unfinished memberships (${message(error)})`);
    }
  }

  /** What became of an intent whose answer was lost: does the portal have that membership? */
  private async askPortal(token: string, intent: Intent): Promise<IntentAnswer> {
    const criterias = [
      { column: 'user_grp_grp_id', operator: 'equal', value: String(intent.grpId) },
      { column: 'user_grp_user_id', operator: 'equal', value: String(intent.userId) },
    ];
    let found: z.infer<typeof userGrpSchema> | undefined;
    try {
      const list = await this.reader(token, {
        method: 'POST',
        path: '/user_grp/get_all',
        body: { start: 0, limit: 1, criterias },
        schema: membershipList,
      });
      found = list.result[0];
    } catch (error) {
      // decisions.md: another organisation's or a deleted group is a 404; nothing was created there.
      if (!(error instanceof PortalRequestError && error.status === 404)) throw error;
    }
    if (!found) return { result: 'failed', errorCode: NOT_CREATED, membershipId: null };
    const created = Date.parse(found.user_grp_created_date ?? '');
    if (!Number.isNaN(created) && created < intent.createdAt - CLOCK_SLACK_MS) {
      return { result: 'already_member', errorCode: 'duplicate_membership', membershipId: null };
    }
    return { result: 'added', errorCode: null, membershipId: found.user_grp_id };
  }
}
