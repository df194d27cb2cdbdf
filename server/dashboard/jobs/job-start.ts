// What `POST /jobs` starts, from its JSON body or its file: the job's kind, target group (checked
// with the portal: a group of another organisation is 404 there too) and first rows. An import's
// file is read here, so an unreadable file is a 400 at once rather than a failed job later; its
// rows are resolved by the preview. A group manager's job is held to their subtrees here, before
// anything is stored: a group written into outside them is 403 `outside_scope`, a group read
// (an export's, a copy's source) 404 as if it did not exist, and a bulk add takes only people
// they see. The job keeps the manager's account and groups (JobParams) for the preview and the run.
import type { PortalReader } from '#domain/portal-read.ts';
import { PortalRequestError } from '#domain/portal-read.ts';
import { itemEnvelopeSchema } from '#schemas/envelope.ts';
import { grpWithChildrenReadSchema } from '#schemas/grp.ts';
import type { JobRequest } from '#schemas/jobs.ts';
import type { ManagerScope } from '../../accounts/scope/manager-scope.ts';
import { PortalError, badRequest } from '../../portal/errors.ts';
import type { Directory } from '../store/directory.ts';
import type { NewJobRow } from '../store/job-rows.ts';
import type { JobParams } from '../store/jobs.ts';
import type { JobStart } from './job-engine.ts';
import { ImportInputError, importRowsFromText } from './import-input.ts';
import { lookupRowsFromText } from './lookup-input.ts';
import { peopleRows } from './job-preview.ts';

const groupEnvelope = itemEnvelopeSchema(grpWithChildrenReadSchema);

export interface StartContext {
  orgId: number;
  token: string;
  startedBy: string | null;
  read: PortalReader;
  directory: Directory;
  /** A group manager's request (accounts mode); undefined for anyone who sees the whole organisation. */
  scope?: ManagerScope;
}

const noSuchGroup = (grpId: number) =>
  new PortalError(404, 'not_found', `There is no group ${grpId} in your organisation.`);

/** What a manager's job keeps of them: the account (who sees the job) and the groups it may write into. */
function scopeParams({ scope }: StartContext): JobParams {
  return scope ? { account_id: scope.accountId, scope_grp_ids: [...scope.groupIds] } : {};
}

/** A group the job writes into: outside a manager's subtrees, 403 before anything is stored or asked. */
function refuseOutsideWrite({ scope }: StartContext, grpId: number): void {
  if (scope && !scope.groupIds.has(grpId))
    throw new PortalError(
      403,
      'outside_scope',
      `Group ${grpId} is outside the groups you manage: a job can add people only to your groups.`,
    );
}

/** A group the job only reads: outside a manager's subtrees it does not exist for them (404). */
function refuseOutsideRead({ scope }: StartContext, grpId: number): void {
  if (scope && !scope.groupIds.has(grpId)) throw noSuchGroup(grpId);
}

/** A manager adds by user id only the people they see; others are added by organisation identifier (an import). */
async function refuseHiddenPeople({ scope }: StartContext, userIds: readonly number[]): Promise<void> {
  if (!scope) return;
  const visible = await scope.members();
  const hidden = userIds.filter((userId) => !visible.has(userId));
  if (hidden.length > 0)
    throw new PortalError(
      403,
      'outside_scope',
      `${hidden.length} of these people are not in your groups: add them by organisation identifier (an import).`,
      hidden.slice(0, 20).map((user_id) => ({ user_id })),
    );
}

/** The group's name; 404 when the organisation has no such group. */
export async function groupName({ read, token }: StartContext, grpId: number): Promise<string> {
  try {
    return (await read(token, { method: 'GET', path: `/grp/get_with_children/${grpId}`, schema: groupEnvelope })).result
      .grp_name;
  } catch (error) {
    if (error instanceof PortalRequestError && error.status === 404) throw noSuchGroup(grpId);
    if (!(error instanceof PortalRequestError)) throw error;
    if (error.status === 401) throw new PortalError(401, error.code, error.message);
    const code = ['portal_unreachable', 'portal_answer_invalid'].includes(error.code) ? error.code : 'portal_error';
    throw new PortalError(502, code, `The portal failed to answer ${error.request}: ${error.message}`, error.details);
  }
}

/** Reads the rows of an import's input; its problems are 400s. */
export async function importRows(read: () => Promise<NewJobRow[]>): Promise<NewJobRow[]> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ImportInputError) throw badRequest(error.code, error.message, error.details);
    throw error;
  }
}

export async function jobStart(request: JobRequest, context: StartContext): Promise<JobStart> {
  const base = { orgId: context.orgId, startedBy: context.startedBy, kind: request.kind };
  const scoped = scopeParams(context);
  switch (request.kind) {
    case 'import': {
      const rows = await importRows(() => importRowsFromText(request.text, request.group_column));
      return importStart(context, request.grp_id, rows);
    }
    case 'bulk-add': {
      refuseOutsideWrite(context, request.grp_id);
      const grpName = await groupName(context, request.grp_id);
      const userIds = [...new Set(request.user_ids)];
      await refuseHiddenPeople(context, userIds);
      const rows = await peopleRows(context.orgId, userIds, context.directory);
      return { ...base, params: scoped, grpId: request.grp_id, grpName, rows };
    }
    case 'copy': {
      refuseOutsideWrite(context, request.grp_id);
      refuseOutsideRead(context, request.from_grp_id);
      const [grpName] = await Promise.all([
        groupName(context, request.grp_id),
        groupName(context, request.from_grp_id),
      ]);
      const params = { ...scoped, from_grp_id: request.from_grp_id, include_subgroups: request.include_subgroups };
      // The members are gathered by the preview.
      return { ...base, params, grpId: request.grp_id, grpName, rows: [] };
    }
    case 'export': {
      refuseOutsideRead(context, request.grp_id);
      const grpName = await groupName(context, request.grp_id);
      const params = { ...scoped, include_subgroups: request.include_subgroups };
      return { ...base, params, grpId: request.grp_id, grpName, rows: [] };
    }
    case 'lookup':
      return lookupStart(context, await importRows(() => lookupRowsFromText(request.text, request.column)));
  }
}

export async function importStart(context: StartContext, grpId: number | null, rows: NewJobRow[]): Promise<JobStart> {
  if (grpId === null && rows.some((row) => row.outcome === 'pending' && row.grpName === null))
    throw badRequest('invalid_body', 'Some rows name no group: give the group of those rows (grp_id).');
  if (grpId !== null) refuseOutsideWrite(context, grpId);
  // Rows by e-mail match the members of a manager's groups (job-preview.ts): their lists gathered now.
  if (context.scope && rows.some((row) => row.email !== null)) await context.scope.members();
  const grpName = grpId === null ? null : await groupName(context, grpId);
  const params = scopeParams(context);
  return { orgId: context.orgId, startedBy: context.startedBy, kind: 'import', params, grpId, grpName, rows };
}

/** A people list's lookups: no group; the rows were read from the list. */
export function lookupStart(context: StartContext, rows: NewJobRow[]): JobStart {
  return {
    orgId: context.orgId,
    startedBy: context.startedBy,
    kind: 'lookup',
    params: scopeParams(context),
    grpId: null,
    grpName: null,
    rows,
  };
}
