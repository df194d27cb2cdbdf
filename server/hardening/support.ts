// What the hardening tests share: the fifteen routes of the portal with the zod envelope of
// their success, a request helper that keeps the raw answer, the check every answer must pass
// (a valid envelope or an error body (docs/portal-api.md) with a 4xx that fits), a fingerprint of the
// database to prove a rejected request wrote nothing, and hostile strings for fast-check.
import type { Database } from 'better-sqlite3';
import fc from 'fast-check';
import type * as z from 'zod/mini';
import { availabilityGroupSchema } from '#schemas/availability-group.ts';
import { errorBodySchema, itemEnvelopeSchema, listEnvelopeSchema } from '#schemas/envelope.ts';
import { grpSchema, grpWithChildrenSchema } from '#schemas/grp.ts';
import { productAccessSchema } from '#schemas/product-access.ts';
import { productDefinitionSchema, productSchema } from '#schemas/product.ts';
import { takeSchema } from '#schemas/take.ts';
import { tokenResultSchema, tokenValidateSchema } from '#schemas/token.ts';
import { userGrpSchema } from '#schemas/user-grp.ts';
import { userSchema } from '#schemas/user.ts';
import {
  availabilityGroupResource,
  grpResource,
  productAccessResource,
  takeResource,
  userGrpResource,
  type Resource,
} from '../db/resources.ts';

type Kind = 'list' | 'page' | 'item' | 'create' | 'token' | 'plain';

export interface Endpoint {
  method: 'GET' | 'POST';
  /** The path with `{}` where the path parameter goes. */
  path: string;
  kind: Kind;
  success: z.ZodMiniType;
  /** `id`: an integer path id (400 when malformed); `text`: any string (identifier, external id). */
  param?: 'id' | 'text';
  resource?: Resource;
  /** Whether a success may write (create a membership or a token). */
  writes?: boolean;
}

export const endpoints: readonly Endpoint[] = [
  { method: 'GET', path: '/token/validate', kind: 'plain', success: tokenValidateSchema },
  { method: 'POST', path: '/token', kind: 'token', success: itemEnvelopeSchema(tokenResultSchema), writes: true },
  {
    method: 'POST',
    path: '/availability_group/get_all',
    kind: 'list',
    success: listEnvelopeSchema(availabilityGroupSchema),
    resource: availabilityGroupResource,
  },
  { method: 'GET', path: '/product/definition', kind: 'plain', success: itemEnvelopeSchema(productDefinitionSchema) },
  {
    method: 'POST',
    path: '/take/get_all_for_user/{}',
    kind: 'list',
    success: listEnvelopeSchema(takeSchema),
    param: 'id',
    resource: takeResource,
  },
  { method: 'POST', path: '/grp/get_all', kind: 'list', success: listEnvelopeSchema(grpSchema), resource: grpResource },
  {
    method: 'POST',
    path: '/product_access/get_all_for_bundle',
    kind: 'list',
    success: listEnvelopeSchema(productAccessSchema),
    resource: productAccessResource,
  },
  {
    method: 'GET',
    path: '/grp/get_with_children/{}',
    kind: 'item',
    success: itemEnvelopeSchema(grpWithChildrenSchema),
    param: 'id',
  },
  { method: 'POST', path: '/user/grp/{}', kind: 'page', success: listEnvelopeSchema(grpSchema), param: 'id' },
  {
    method: 'POST',
    path: '/user_grp/get_all',
    kind: 'list',
    success: listEnvelopeSchema(userGrpSchema),
    resource: userGrpResource,
  },
  { method: 'GET', path: '/product/get/{}', kind: 'item', success: itemEnvelopeSchema(productSchema), param: 'id' },
  {
    method: 'POST',
    path: '/user_grp/create',
    kind: 'create',
    success: itemEnvelopeSchema(userGrpSchema),
    writes: true,
  },
  {
    method: 'GET',
    path: '/user/get_by_organisation_identifier/{}',
    kind: 'item',
    success: itemEnvelopeSchema(userSchema),
    param: 'text',
  },
  {
    method: 'GET',
    path: '/grp/get_by_external_id/{}',
    kind: 'item',
    success: itemEnvelopeSchema(grpSchema),
    param: 'text',
  },
  { method: 'GET', path: '/take/get/{}', kind: 'item', success: itemEnvelopeSchema(takeSchema), param: 'id' },
];

/** The error codes of server/portal/README.md, by status. */
const codesByStatus: Record<number, readonly string[]> = {
  400: [
    'invalid_json',
    'invalid_body',
    'invalid_start',
    'invalid_limit',
    'unknown_column',
    'unknown_operator',
    'invalid_id',
  ],
  401: ['missing_token', 'invalid_token', 'token_expired', 'invalid_apikey'],
  404: ['not_found', 'route_not_found'],
  409: ['duplicate_membership'],
  413: ['payload_too_large'],
  429: ['too_many_requests'],
};

/**
 * The fuzz tests send thousands of wrong tokens and keys from one client on purpose, to check
 * how each is answered; the failed-attempt limit (tested in server/portal/failed-attempts.test.ts)
 * would turn all but the first twenty into 429s. Their portal has no reachable limit.
 */
export const fuzzPortalOptions = { failedAttempts: { limit: Number.MAX_SAFE_INTEGER, windowSeconds: 60 } };

interface Answer {
  status: number;
  contentType: string;
  text: string;
  json: unknown;
}

interface Fetchable {
  request: (path: string, init?: RequestInit) => Response | Promise<Response>;
}

export async function send(
  app: Fetchable,
  method: string,
  path: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: BodyInit } = {},
): Promise<Answer> {
  // A stream body needs `duplex` (undici); it is not in TypeScript's RequestInit yet.
  const init = { method, headers, body, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit;
  const res = await app.request(path, init);
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    // Checked by expectValidAnswer: every answer but HEAD's must be JSON.
  }
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text, json };
}

/**
 * The rule every answer obeys: a 2xx is the endpoint's envelope, anything else is the error body
 * of docs/portal-api.md with one of `allowed` statuses and a code that goes with it. Never a 500.
 */
export function expectValidAnswer(
  answer: Answer,
  success: z.ZodMiniType | null,
  allowed: readonly number[],
  context: string,
): void {
  const fail = (why: string) => {
    throw new Error(`${context}: ${why}; got ${answer.status} ${answer.text.slice(0, 300)}`);
  };
  if (!answer.contentType.startsWith('application/json')) fail('not JSON');
  if (answer.status >= 200 && answer.status < 300) {
    if (!success) fail('a success where only errors fit');
    else if (!success.safeParse(answer.json).success) fail('a success that is not the endpoint envelope');
    return;
  }
  if (!allowed.includes(answer.status)) fail(`status not among ${allowed.join(', ')}`);
  const parsed = errorBodySchema.safeParse(answer.json);
  if (!parsed.success) return fail('not the error body of docs/portal-api.md');
  if (!codesByStatus[answer.status]?.includes(parsed.data.error.code))
    fail(`code ${parsed.data.error.code} does not go with ${answer.status}`);
  if (parsed.data.error.message.trim() === '') fail('empty message');
}

/** Changes to the database by this connection, and a digest of the memberships and tokens. */
export function fingerprint(db: Database): string {
  const changes = db.prepare('SELECT total_changes() AS n').pluck().get() as number;
  const grp = db
    .prepare("SELECT COUNT(*) || ':' || TOTAL(user_grp_id * 31 + user_grp_grp_id * 7 + user_grp_user_id) FROM user_grp")
    .pluck()
    .get() as string;
  const tokens = db.prepare('SELECT COUNT(*) FROM token').pluck().get() as number;
  return `${changes}|${grp}|${tokens}`;
}

/**
 * A path segment as a client would send it. Lone surrogates cannot go through
 * encodeURIComponent; they are sent as the bytes a sloppy client would produce (WTF-8).
 */
export function encodeSegment(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

/** SQL injection attempts, for columns, values, operators and path segments. */
export const sqlInjections = [
  "' OR '1'='1",
  '1 OR 1=1',
  '1; DROP TABLE user_grp; --',
  'grp_id; DELETE FROM user_grp',
  'grp_id = grp_id OR 1',
  'grp_id) OR (1=1',
  '" OR ""="',
  "1' UNION SELECT token, apikey, org_id, expires_at FROM token --",
  'org_id',
  'rowid',
  '*',
  '%',
  '_',
  '1e3',
  '0x10',
  '-0',
  ' 12 ',
  'NULL',
] as const;

/** Unicode edge cases: NUL, bidi controls, BOM, emoji and other 4-byte characters, lone surrogates, combining marks. */
export const unicodeEdges = [
  '\u0000',
  'a\u0000b',
  '\u200f',
  '\u202e',
  '\u200e\u2066',
  '\ufeff',
  '😀',
  '👩‍👩‍👧',
  '𝔘𝔫𝔦',
  '\u{10FFFF}',
  '\ud800',
  '\udfff',
  'x\ud83d',
  'e\u0301',
  'Élodie Ø',
  'שלום',
  '\u2028\u2029',
  '\r\n\t',
  '..',
  '../..',
  '/',
  '%',
  '%00',
  '%2e%2e',
  '?x=1#y',
  '\\',
] as const;

/** A hostile string: a known edge case, random full-unicode text, or a mix of both. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...sqlInjections, ...unicodeEdges),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .array(
      fc.oneof(fc.constantFrom(...sqlInjections, ...unicodeEdges), fc.string({ unit: 'grapheme', maxLength: 8 })),
      { maxLength: 5 },
    )
    .map((parts) => parts.join('')),
);

/** Integers as they come: fine, negative, huge, unsafe, or not integers at all. */
export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: -5, max: 1200 }),
  fc.constantFrom(
    0,
    -1,
    1000,
    1001,
    2 ** 31,
    2 ** 53,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    1e308,
    0.5,
    -0,
  ),
  fc.double(),
  fc.constantFrom('1', '', null, true, [], {}, '1 OR 1=1'),
);
