// The OpenAPI 3.1 document of the dashboard server's endpoints, generated from the same zod
// schemas that validate the requests and shape the answers (z.toJSONSchema).
import * as z from 'zod/mini';
import {
  directorySizeSchema,
  forgottenSchema,
  peopleNamesRequestSchema,
  peopleSearchQuerySchema,
  peopleSearchResultSchema,
  learnPeopleRequestSchema,
  learnPeopleResultSchema,
  personSchema,
} from '#schemas/directory.ts';
import { MAX_PORTAL_ID } from '#schemas/dashboard-common.ts';
import { dashboardStatusSchema } from '#schemas/dashboard-status.ts';
import { errorBodySchema, itemEnvelopeSchema, listEnvelopeSchema } from '#schemas/envelope.ts';
import { historyCsvQuerySchema, historyEventSchema, historyQuerySchema } from '#schemas/history.ts';
import { progressReportSchema } from '#schemas/progress-report.ts';
import { XLSX_TYPE } from '#schemas/jobs.ts';
import { jobComponents, jobOperations } from './openapi-jobs.ts';
import {
  accountsComponents,
  accountsOperations,
  accountsSecuritySchemes,
  accountsTag,
} from '../accounts/openapi-accounts.ts';
import { readsByPost } from './http.ts';
import { progressKeySchema, progressStartSchema } from './routes/progress.ts';
import { memberCountSchema, memberCountsRequestSchema } from '#schemas/member-counts.ts';
import {
  MAX_COVERAGE_GROUPS,
  groupCoverageQuerySchema,
  groupCoverageSchema,
  orgCoverageSchema,
} from '#schemas/coverage.ts';
import { groupMembersQuerySchema, groupMembersResultSchema } from '#schemas/group-members.ts';
import { orgSettingsRequestSchema, orgSettingsSchema } from '#schemas/org-settings.ts';
import { sharedCacheStatusSchema, sharedGroupsSchema, sharedProductsSchema } from '#schemas/shared-cache.ts';

export type JsonSchema = Record<string, unknown>;

/** Named schemas, emitted under components.schemas and referenced from the operations. */
const components = {
  Error: errorBodySchema,
  Status: itemEnvelopeSchema(dashboardStatusSchema),
  LearnPeopleRequest: learnPeopleRequestSchema,
  LearnPeopleAnswer: itemEnvelopeSchema(learnPeopleResultSchema),
  PeopleNamesRequest: peopleNamesRequestSchema,
  Person: personSchema,
  PersonAnswer: itemEnvelopeSchema(personSchema),
  PeopleAnswer: itemEnvelopeSchema(z.array(personSchema)),
  PeopleSearchAnswer: peopleSearchResultSchema,
  DirectorySizeAnswer: itemEnvelopeSchema(directorySizeSchema),
  ForgottenAnswer: itemEnvelopeSchema(forgottenSchema),
  HistoryEvent: historyEventSchema,
  HistoryList: listEnvelopeSchema(historyEventSchema),
  ProgressStart: progressStartSchema,
  ProgressReport: progressReportSchema,
  ProgressReportAnswer: itemEnvelopeSchema(progressReportSchema),
  MemberCountsRequest: memberCountsRequestSchema,
  MemberCountsAnswer: itemEnvelopeSchema(z.array(memberCountSchema)),
  SharedCacheStatusAnswer: itemEnvelopeSchema(sharedCacheStatusSchema),
  SharedGroupsAnswer: itemEnvelopeSchema(sharedGroupsSchema),
  SharedProductsAnswer: itemEnvelopeSchema(sharedProductsSchema),
  ...jobComponents,
  GroupCoverageAnswer: itemEnvelopeSchema(groupCoverageSchema),
  OrgCoverageAnswer: itemEnvelopeSchema(orgCoverageSchema),
  GroupMembersAnswer: groupMembersResultSchema,
  SettingsRequest: orgSettingsRequestSchema,
  SettingsAnswer: itemEnvelopeSchema(orgSettingsSchema),
  ...accountsComponents,
} satisfies Record<string, z.ZodMiniType>;
type ComponentName = keyof typeof components;

function componentSchemas(): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(components)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { io: 'input', uri: (id) => `#/components/schemas/${id}` });
  // Each becomes a plain schema of the document (the document's dialect is JSON Schema 2020-12).
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _s, $id: _i, ...schema }]) => [id, schema]));
}

/** A CSV or XLSX file as a body or an answer. */
const fileContent = {
  'text/csv': { schema: { type: 'string' } },
  [XLSX_TYPE]: { schema: { type: 'string', contentMediaType: XLSX_TYPE } },
};

const ref = (name: ComponentName) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: ComponentName) => ({ content: { 'application/json': { schema: ref(name) } } });
const errorAnswer = (description: string) => ({ description, ...json('Error') });

/** The query parameters of a zod object schema, as OpenAPI parameters. */
function queryParameters(schema: z.ZodMiniObject): JsonSchema[] {
  const { properties = {}, required = [] } = z.toJSONSchema(schema, { io: 'input' }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    schema: property,
  }));
}

const pathParameter = (name: string, schema: JsonSchema, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema,
});
const portalId = { type: 'integer', minimum: 1, maximum: MAX_PORTAL_ID };
const userIdParameter = pathParameter('user_id', portalId, 'The portal user id.');
const jobIdParameter = pathParameter(
  'job_id',
  { type: 'string', format: 'uuid' },
  'The id answered when the job was started.',
);

const grpIdParameter = pathParameter('grp_id', portalId, 'The portal group id.');

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface Operation<Name extends string = ComponentName> {
  summary: string;
  description?: string;
  auth?: false;
  /** Who may call it, in place of the document's portal token or session. */
  security?: JsonSchema[];
  tags?: string[];
  parameters?: JsonSchema[];
  body?: Name;
  /** The body may also be a CSV or XLSX file. */
  bodyFiles?: true;
  answer:
    | { status: number; name: Name; description: string; headers?: Record<string, JsonSchema> }
    | { status: number; csv: true; description: string }
    | { status: number; file: true; description: string }
    | { status: number; empty: true; description: string; headers?: Record<string, JsonSchema> };
  notFound?: string;
  /** Its error answers (each status's codes) in the body `name`, in place of the token-checked endpoints'. */
  errors?: { name: Name; statuses: Record<number, string> };
}

const operations: Record<string, Partial<Record<Method, Operation>>> = {
  '/caches/groups': {
    get: {
      summary: "The organisation's group index, gathered once for every administrator",
      description:
        'Every group as the last complete gathering found them, in grp_id order, with when it was gathered and the state of the gathering under way. `groups` is null until the first gathering ends: start one with `POST /caches/groups/refresh`.',
      answer: {
        status: 200,
        name: 'SharedGroupsAnswer',
        description: 'The groups, their age and the gathering state.',
      },
    },
  },
  '/caches/products': {
    get: {
      summary: "The organisation's product catalogue, gathered once for every administrator",
      description:
        'Every product of the availability groups (the API lists no products), in order of first appearance, as the last complete gathering found them, with when it was gathered and the state of the gathering under way. `products` is null until the first gathering ends: start one with `POST /caches/products/refresh`.',
      answer: {
        status: 200,
        name: 'SharedProductsAnswer',
        description: 'The products, their age and the gathering state.',
      },
    },
  },
  '/caches/products/status': {
    get: {
      summary: "The catalogue's gathering: state and progress (products fetched of those listed), without the products",
      answer: { status: 200, name: 'SharedCacheStatusAnswer', description: 'The state and progress.' },
    },
  },
  '/caches/products/refresh': {
    post: {
      summary: 'Gather the catalogue again (every availability group, then each product, 8 at a time)',
      description:
        "Runs in the background with the caller's token (held in memory only while it runs). Does nothing while a gathering is under way. The last complete catalogue stays served until the new one is complete; a failure keeps it.",
      answer: {
        status: 202,
        name: 'SharedCacheStatusAnswer',
        description: 'The gathering, started (or already under way).',
      },
    },
  },
  '/caches/groups/status': {
    get: {
      summary: "The group index's gathering: state and progress, without the groups",
      description: 'A gathering whose last page is more than 2 minutes old reads `failed` with `interrupted`.',
      answer: { status: 200, name: 'SharedCacheStatusAnswer', description: 'The state and progress.' },
    },
  },
  '/caches/groups/refresh': {
    post: {
      summary: "Gather the group index again (every page of the portal's /grp/get_all)",
      description:
        "Runs in the background with the caller's token (held in memory only while it runs); progress is written after every page of 1,000 groups, so every replica shows it. Does nothing while a gathering is under way. The last complete index stays served until the new one is complete; a failure keeps it.",
      answer: {
        status: 202,
        name: 'SharedCacheStatusAnswer',
        description: 'The gathering, started (or already under way).',
      },
    },
  },
  '/groups/member-counts': {
    post: {
      summary: 'How many members each of a page of groups has',
      description:
        "Counts the organisation's server already holds (kept 10 minutes, cleared when a member is added through this server) are answered at once; the others are counted against the portal (`user_grp/get_all` with `limit` 1: its `total`) with the caller's token and kept for every administrator of the organisation. The answer keeps the order asked, without repeats.",
      body: 'MemberCountsRequest',
      answer: { status: 200, name: 'MemberCountsAnswer', description: 'One count per group asked.' },
    },
  },
  '/groups/{grp_id}/coverage': {
    get: {
      summary: 'How many members of a group (with its subgroups or not) the directory has a name for',
      description: `\`members\`: the distinct users the portal lists in the group (with \`include_subgroups=true\`, in the group and every group below it, each user once); \`known\`: how many of them the directory has. Each group's members and children come from the portal (\`grp/get_with_children/{id}\`, then every page of \`user_grp/get_all\` for the group) with the caller's token, 6 groups at a time, and are kept 10 minutes for every administrator of the organisation (cleared when a member is added through this server). More than ${MAX_COVERAGE_GROUPS} groups with the subgroups: 400 \`too_many_groups\` (ask \`GET /people/coverage\` for the organisation).`,
      parameters: [grpIdParameter, ...queryParameters(groupCoverageQuerySchema)],
      answer: { status: 200, name: 'GroupCoverageAnswer', description: 'The members and how many are known.' },
      notFound: "The organisation has no such group (or the group is another organisation's).",
    },
  },
  '/groups/{grp_id}/members': {
    get: {
      summary: "A group's members with their names, ordered by name (or membership date) across all pages",
      description:
        "The portal's list of the group's members (gathered and kept as for `/groups/{grp_id}/coverage`), each joined with the directory: `in_directory` false and null names for a person it does not know. `sort=name` (default): last then first name, the people the directory does not know after the others, by user id; `-name` reverses the known ones (the unknown stay last); `since` / `-since`: by the portal's membership date (`member_since`, its `user_grp_created_date`), undated last. `q`: each word must be part of a known member's name, e-mail or identifier (accents and case ignored), or `q` is a member's user id. `admins=true`: the group's admins only.",
      parameters: [grpIdParameter, ...queryParameters(groupMembersQuerySchema)],
      answer: { status: 200, name: 'GroupMembersAnswer', description: 'One page of members and how many match.' },
      notFound: "The organisation has no such group (or the group is another organisation's).",
    },
  },
  '/people/coverage': {
    get: {
      summary: 'How many members of the organisation the directory has a name for',
      description:
        "The portal lists no users: the organisation's members are the distinct users of all its memberships (every page of `user_grp/get_all` without criterias), gathered in the background with the caller's token (held in memory only while it runs; its progress in `loaded` of `total`). A first call, or one over an hour after the last complete gathering, starts one; meanwhile the last complete figures are answered (null before the first). A member added through this server counts at once. `known` is counted now; `directory` is the directory's size, members of a group or not. A failed gathering is started again by `POST /people/coverage/refresh` only.",
      answer: { status: 200, name: 'OrgCoverageAnswer', description: 'The gathering state and the figures.' },
    },
  },
  '/people/coverage/refresh': {
    post: {
      summary: "Gather the organisation's members again (every page of user_grp/get_all)",
      description:
        'Does nothing while a gathering is under way (on any replica). The last complete figures stay served meanwhile.',
      answer: { status: 202, name: 'OrgCoverageAnswer', description: 'The gathering, started (or already under way).' },
    },
  },
  '/settings': {
    get: {
      summary: "The organisation's settings: its display name and the directory's refresh",
      description:
        "`directory_refresh_hours` is the organisation's own value, or the server's `DASHBOARD_DIRECTORY_REFRESH_HOURS` (`default_directory_refresh_hours`, 24 unless set) while it has none; `updated_at` null: never saved.",
      answer: { status: 200, name: 'SettingsAnswer', description: 'The settings.' },
    },
    put: {
      summary: "Replace the organisation's settings",
      description:
        '`organisation_name`: at most 100 characters once trimmed, no control character (400 `invalid_body`); spaces around it are dropped, and a blank name is stored as null. `directory_refresh_hours`: a whole number from 1 to 720. Both fields are required.',
      body: 'SettingsRequest',
      answer: { status: 200, name: 'SettingsAnswer', description: 'The settings as saved.' },
    },
  },
  '/status': {
    get: {
      summary: 'What this dashboard server offers (no token needed)',
      auth: false,
      answer: { status: 200, name: 'Status', description: 'The server and its settings.' },
    },
  },
  '/people': {
    get: {
      summary: 'Search the directory',
      description:
        'Each word of `q` (split at spaces) must be part of the first name, last name, e-mail or organisation identifier (`evre` finds Lefèvre, `example.org` everyone at that domain); accents and case are ignored. Ordered by last name, then first name. An empty `q` lists everyone. Matches are counted up to 1,000: past that, `total` is 1000 and `total_capped` is true (ask for another word). People the portal no longer knows are listed with `no_longer_in_portal`.',
      parameters: queryParameters(peopleSearchQuerySchema),
      answer: { status: 200, name: 'PeopleSearchAnswer', description: 'One page of people and how many match.' },
    },
    post: {
      summary: 'Learn people by organisation identifier, from the portal',
      description:
        "For a dashboard that called the portal directly (the server did not see the answers). The server looks each identifier up itself (`/user/get_by_organisation_identifier`, with the caller's token, 8 at a time) and saves what the portal answers, marked seen now; identifiers the portal does not know are counted in `not_found`. Nothing the browser sends is stored but the portal's records.",
      body: 'LearnPeopleRequest',
      answer: {
        status: 200,
        name: 'LearnPeopleAnswer',
        description: 'How many people the portal knew and were saved, and how many it did not know.',
      },
    },
  },
  '/people/names': {
    post: {
      summary: 'The people of a list of user ids (a members page in one request)',
      description: 'User ids the directory does not know are left out of the answer; the answer keeps the order asked.',
      body: 'PeopleNamesRequest',
      answer: { status: 200, name: 'PeopleAnswer', description: 'The known people.' },
    },
  },
  '/people/count': {
    get: {
      summary: 'Directory size',
      answer: {
        status: 200,
        name: 'DirectorySizeAnswer',
        description: 'How many people the directory holds, and how many are stale.',
      },
    },
  },
  '/people/{user_id}': {
    get: {
      summary: 'One person',
      parameters: [userIdParameter],
      answer: { status: 200, name: 'PersonAnswer', description: 'The person.' },
      notFound: 'The directory does not know this user.',
    },
    delete: {
      summary: 'Forget a person (data protection)',
      parameters: [userIdParameter],
      answer: { status: 200, name: 'ForgottenAnswer', description: 'The record is gone.' },
      notFound: 'The directory does not know this user.',
    },
  },
  '/history': {
    get: {
      summary: 'Memberships created through this server, newest first',
      description:
        "Every `POST /api/user_grp/create` that went through the server, with its outcome. The dashboard sends `X-Dashboard-Source` (form, import, bulk, copy) and `X-Dashboard-Actor` (the administrator's label, percent-encoded UTF-8) with it.",
      parameters: queryParameters(historyQuerySchema),
      answer: { status: 200, name: 'HistoryList', description: 'One page of events and the number that match.' },
    },
  },
  '/groups/{grp_id}/progress': {
    post: {
      summary: 'Start (or join) the gathering of a progress report of a group',
      description:
        "Gathers the group (with `include_subgroups`, its whole subtree), each group's members (`/user_grp/get_all`), each member's takes (`/take/get_all_for_user/{user_id}`) and each product met (`/product/get/{id}`), at most `DASHBOARD_REPORT_CONCURRENCY` (default 8) portal requests at a time, paging every list with `total`. What the server gathered before is used as it is, with its age in `data_gathered_at`, unless `refresh`; a group that gained members through the dashboard since is asked again. A gathering already under way is joined. After a fault or a cancel, a new start keeps what was gathered and asks for the rest. Answers 200 when the report is ready at once (from the cache), else 202: follow it with GET. A ready report carries `previous`: the figures the server kept of the report before it (same group and scope), to say what changed since; null for the first.",
      parameters: [grpIdParameter],
      body: 'ProgressStart',
      answer: { status: 202, name: 'ProgressReportAnswer', description: 'The report, gathering (or ready: 200).' },
      notFound: 'The organisation has no such group.',
    },
    get: {
      summary:
        "A progress report's state: progress while gathering, the failed request after a fault, the data when ready",
      parameters: [grpIdParameter, ...queryParameters(progressKeySchema)],
      answer: { status: 200, name: 'ProgressReportAnswer', description: 'The report.' },
      notFound: 'No report of this group was started on this server (start one with POST).',
    },
  },
  '/groups/{grp_id}/progress/cancel': {
    post: {
      summary: 'Cancel the gathering of a progress report (what was gathered is kept for the next start)',
      parameters: [grpIdParameter, ...queryParameters(progressKeySchema)],
      answer: {
        status: 200,
        name: 'ProgressReportAnswer',
        description: 'The report, `cancelled` unless it had ended.',
      },
      notFound: 'No report of this group was started on this server.',
    },
  },
  '/history.csv': {
    get: {
      summary: "The filtered history as CSV in the caller's language",
      description:
        'UTF-8 with a BOM. `lang=fr` (else an Accept-Language that prefers French): `;` between cells and French headers; `lang=en` (the default): `,` and the field names. A cell holding `,`, `;`, a quote or a line break is quoted; one that starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading apostrophe, so a spreadsheet shows it as text.',
      parameters: queryParameters(historyCsvQuerySchema),
      answer: { status: 200, csv: true, description: 'Every matching event, newest first.' },
    },
  },
  ...jobOperations(jobIdParameter, queryParameters),
};

/** In accounts mode, a change needs the session's CSRF token as well (server/accounts/guard.ts). */
const isWrite = (method: string, path: string) => method !== 'get' && !readsByPost.test(path);

/** Seconds to wait, on a 429 or a 503. */
const retryAfter = {
  headers: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } },
};

function answerObject(answer: Operation['answer']): JsonSchema {
  if ('csv' in answer)
    return { description: answer.description, content: { 'text/csv': { schema: { type: 'string' } } } };
  if ('file' in answer) return { description: answer.description, content: fileContent };
  const headers = answer.headers && { headers: answer.headers };
  if ('empty' in answer) return { description: answer.description, ...headers };
  return { description: answer.description, ...headers, ...json(answer.name) };
}

function operationObject(operation: Operation, write: boolean): JsonSchema {
  const { answer, errors } = operation;
  const responses: Record<string, unknown> = { [answer.status]: answerObject(answer) };
  if (errors) {
    for (const [status, description] of Object.entries(errors.statuses))
      responses[status] = {
        description,
        ...json(errors.name),
        ...(status === '429' || status === '503' ? retryAfter : {}),
      };
  } else Object.assign(responses, tokenCheckedErrors(operation, write));
  return {
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    ...(operation.tags ? { tags: operation.tags } : {}),
    ...(operation.auth === false
      ? { security: [] }
      : operation.security
        ? { security: operation.security }
        : write
          ? { security: [{ portalToken: [] }, { sessionCookie: [], csrfToken: [] }] }
          : {}),
    ...(operation.parameters ? { parameters: operation.parameters } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: { ...json(operation.body).content, ...(operation.bodyFiles ? fileContent : {}) },
          },
        }
      : {}),
    responses,
  };
}

/** The errors of an endpoint behind the portal token (or, in accounts mode, the session). */
function tokenCheckedErrors(operation: Operation, write: boolean): Record<string, unknown> {
  const responses: Record<string, unknown> = {
    400: errorAnswer(
      `Bad input (\`invalid_json\`, \`invalid_body\`; \`invalid_id\`: an id in the path, query or body outside 1 to ${MAX_PORTAL_ID}, the portal's 32-bit ids): nothing was done.`,
    ),
  };
  if (operation.auth !== false) {
    responses[401] = errorAnswer(
      'No token, or a token the portal refuses (`missing_token`, `invalid_token`, `token_expired`); in accounts mode, no live session (`not_signed_in`).',
    );
    responses[403] = errorAnswer(
      (write
        ? "Accounts mode only: no or a wrong `X-CSRF-Token` (`csrf_refused`), a viewer's change (`read_only`), "
        : 'Accounts mode only: ') +
        "a group manager's request for what is the organisation's as a whole (`not_for_managers`), or a manager's change outside their groups (`outside_scope`). Outside a manager's groups a read answers 404, as for what does not exist.",
    );
    responses[429] = errorAnswer(
      'Too many failed attempts from this client, on `/api` and here together (`too_many_requests`): wait the seconds of `Retry-After`.',
    );
    responses[502] = errorAnswer(
      'The portal did not answer (`portal_unreachable`, `portal_error`), or answered with a record that breaks the ' +
        'schemas (`portal_answer_invalid`, `details`: `[{request, field, problem}]`).',
    );
  }
  if (operation.notFound) responses[404] = errorAnswer(operation.notFound);
  if (operation.auth !== false) {
    responses[503] = {
      ...errorAnswer(
        "The server's store (its database) cannot be reached right now (`store_unavailable`): try again after `Retry-After` seconds.",
      ),
      ...retryAfter,
    };
  }
  return responses;
}

/** The document, for a server mounted at `prefix` (e.g. `/dashboard-api`). */
export function openApiDocument(prefix: string): JsonSchema {
  const paths = Object.fromEntries(
    Object.entries(allOperations()).map(([path, methods]) => [
      path,
      Object.fromEntries(
        Object.entries(methods).map(([method, operation]) => [
          method,
          operationObject(operation, isWrite(method, path)),
        ]),
      ),
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Dashboard server API',
      version: '1',
      description:
        'The dashboard server\'s own endpoints, beside the portal\'s API (`/api`): the people directory, groups\' members with their names and the directory\'s coverage, the history of memberships, jobs (imports, bulk adds, copies, exports, the lookups of a people list), progress reports of groups, shared caches and the organisation\'s settings; in accounts mode (`DASHBOARD_SIGN_IN=accounts`), the sign-in and the administrators\' management of access. Every row is scoped by the organisation of the caller\'s portal token, or in accounts mode of the signed-in account. Errors have the portal\'s format: `{"status": false, "error": {"code", "message", "details"}}`.',
    },
    servers: [{ url: prefix }],
    // A portal token in token mode (the default); the session's cookie in accounts mode.
    security: [{ portalToken: [] }, { sessionCookie: [] }],
    tags: [accountsTag],
    paths,
    components: {
      securitySchemes: {
        portalToken: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description:
            "Token mode (the default): the portal's API token (bare or `Bearer <token>`), checked with the portal's `/token/validate`.",
        },
        ...accountsSecuritySchemes,
      },
      schemas: componentSchemas(),
    },
  };
}

function allOperations(): Record<string, Partial<Record<Method, Operation>>> {
  return { ...operations, ...accountsOperations(pathParameter, queryParameters) };
}

const operationNames = (record: Record<string, object>) =>
  Object.entries(record).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );

/** Method and path of every documented operation of the token-checked API, e.g. `GET /people/{user_id}` (for the tests). */
export const documentedOperations = operationNames(operations);

/** Those of accounts mode's own endpoints, e.g. `POST /auth/sign-in` (for the tests). */
export const documentedAccountsOperations = operationNames(accountsOperations(pathParameter, queryParameters));
