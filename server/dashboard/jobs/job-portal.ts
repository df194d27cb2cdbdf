// What a job asks the portal, with the token of the administrator who started or ran it: the
// import's lookups and member walks (as the browser's BulkApi, so that resolveImport runs the
// same rules here), groups and their subgroups, and the create itself. Failures become the
// browser's ApiError, which the shared rules read; a refused token is kept aside (`refusal`), for
// the job to end `failed` with its code instead of marking every row.
import * as z from 'zod/mini';
import { ApiError } from '#api/errors.ts';
import type { BulkApi } from '#domain/bulk-import.ts';
import { PortalRequestError, type PortalReader } from '#domain/portal-read.ts';
import { itemEnvelopeSchema, listEnvelopeReadSchema } from '#schemas/envelope.ts';
import { grpReadSchema, grpWithChildrenReadSchema, type Grp } from '#schemas/grp.ts';
import { userGrpReadSchema, type UserGrp, type UserGrpCreate } from '#schemas/user-grp.ts';
import { userReadSchema, type User } from '#schemas/user.ts';
import type { Directory } from '../store/directory.ts';
import { JobStopped } from './job-failure.ts';

const userEnvelope = itemEnvelopeSchema(userReadSchema);
const membershipEnvelope = itemEnvelopeSchema(userGrpReadSchema);
const membershipList = listEnvelopeReadSchema(userGrpReadSchema);
const groupList = listEnvelopeReadSchema(grpReadSchema);
const groupWithChildren = itemEnvelopeSchema(grpWithChildrenReadSchema);
const PAGE = 1000;
/** How often a stoppable job asks the store whether it should go on (one read, not one per request). */
const KEEP_GOING_EVERY_MS = 1_000;

/** A portal failure as the browser's rules know it (bulk-import.ts reads `isNotFound`, 409...). */
export function asApiError(error: unknown): unknown {
  if (!(error instanceof PortalRequestError)) return error;
  return new ApiError({
    kind: 'http',
    endpoint: error.request,
    status: error.status,
    code: error.code,
    serverMessage: error.message,
    details: error.details,
    cause: error,
  });
}

export class JobPortal implements BulkApi {
  /** The token's error code once the portal refused it (401): the job stops. */
  refusal: string | undefined;
  /** The job stopped (keepGoing said no): every further read throws JobStopped, whoever catches it. */
  stopped = false;
  private readonly found: User[] = [];
  private keepGoingAskedAt = 0;

  constructor(
    private readonly read: PortalReader,
    private readonly token: string,
    private readonly orgId: number,
    private readonly directory: Directory,
    /**
     * For a preview or an export (reads only): false once the job is cancelled, taken over or the
     * process closing. A run checks its lease per row itself, and a create is never stopped halfway.
     */
    private readonly keepGoing?: () => Promise<boolean>,
  ) {}

  private async goOn(): Promise<void> {
    if (!this.stopped && this.keepGoing && Date.now() - this.keepGoingAskedAt >= KEEP_GOING_EVERY_MS) {
      this.keepGoingAskedAt = Date.now();
      this.stopped = !(await this.keepGoing());
    }
    if (this.stopped) throw new JobStopped();
  }

  private async ask<S extends z.ZodMiniType>(method: 'GET' | 'POST', path: string, schema: S, body?: unknown) {
    if (path !== '/user_grp/create') await this.goOn();
    try {
      return await this.read(this.token, { method, path, schema, body });
    } catch (error) {
      if (error instanceof PortalRequestError && error.status === 401) this.refusal ??= error.code;
      throw asApiError(error);
    }
  }

  /** The person; kept for the directory, which saves them in batches (saveFound). */
  fetchUserByIdentifier = async (identifier: string): Promise<User> => {
    const path = `/user/get_by_organisation_identifier/${encodeURIComponent(identifier)}`;
    const user = (await this.ask('GET', path, userEnvelope)).result;
    this.found.push(user);
    return user;
  };

  /** Saves the people looked up so far in the directory, as every lookup through the server is: 500 a transaction. */
  async saveFound(): Promise<void> {
    while (this.found.length > 0) await this.directory.save(this.orgId, this.found.splice(0, 500));
  }

  fetchGroupMemberships = async (grpId: number): Promise<UserGrp[]> => {
    const criterias = [{ column: 'user_grp_grp_id', operator: 'equal', value: String(grpId) }];
    const all: UserGrp[] = [];
    for (let start = 0; ; start += PAGE) {
      const page = await this.ask('POST', '/user_grp/get_all', membershipList, { start, limit: PAGE, criterias });
      all.push(...page.result);
      if (page.result.length < PAGE || all.length >= page.total) return all;
    }
  };

  findMembership = async (grpId: number, userId: number): Promise<UserGrp | null> => {
    const criterias = [
      { column: 'user_grp_grp_id', operator: 'equal', value: String(grpId) },
      { column: 'user_grp_user_id', operator: 'equal', value: String(userId) },
    ];
    const page = await this.ask('POST', '/user_grp/get_all', membershipList, { start: 0, limit: 1, criterias });
    return page.result[0] ?? null;
  };

  /** The create itself: never asked again by this module (writes are never retried blindly). */
  createMembership = async (input: UserGrpCreate) =>
    (await this.ask('POST', '/user_grp/create', membershipEnvelope, input)).result;

  /** Every group of the organisation (to resolve the group cells of a file). */
  async groups(): Promise<Grp[]> {
    const all: Grp[] = [];
    for (let start = 0; ; start += PAGE) {
      const page = await this.ask('POST', '/grp/get_all', groupList, { start, limit: PAGE });
      all.push(...page.result);
      if (page.result.length < PAGE || all.length >= page.total) return all;
    }
  }

  /** The group and, with `subgroups`, every group below it (each once, even in a tree with a cycle). */
  async groupTree(grpId: number, subgroups: boolean): Promise<Grp[]> {
    const root = (await this.ask('GET', `/grp/get_with_children/${grpId}`, groupWithChildren)).result;
    const order: Grp[] = [root];
    const seen = new Set([root.grp_id]);
    const queue = subgroups ? [...root.children] : [];
    while (queue.length > 0) {
      const child = queue.shift() as Grp;
      if (seen.has(child.grp_id)) continue;
      seen.add(child.grp_id);
      order.push(child);
      queue.push(
        ...(await this.ask('GET', `/grp/get_with_children/${child.grp_id}`, groupWithChildren)).result.children,
      );
    }
    return order.map(({ children: _children, ...group }: Grp & { children?: unknown }) => group as Grp);
  }
}
