// Shared set-up of the server tests: a demo-seeded in-memory database, the app, and tokens of
// both organisations. Requests go through Hono in-process (app.request), no port needed.
import type { Database } from 'better-sqlite3';
import { openDatabase } from '../db/database.ts';
import { createPortalApp, type PortalOptions } from '../portal/app.ts';
import { issueToken } from '../portal/tokens.ts';
import { seedDatabase } from '../seed/seed.ts';

export interface Portal {
  db: Database;
  app: ReturnType<typeof createPortalApp>;
  token1: string;
  token2: string;
  /** The API keys the seed made for organisations 1 and 2 ('' without a seed). */
  apikey1: string;
  apikey2: string;
  call: (
    method: string,
    path: string,
    body?: unknown,
    opts?: { token?: string | null; raw?: string; headers?: Record<string, string> },
  ) => Promise<Reply>;
  post: (path: string, body?: unknown, token?: string) => Promise<Reply>;
  get: (path: string, token?: string) => Promise<Reply>;
}

export interface Reply {
  status: number;
  // Tests look into arbitrary response shapes.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export function demoPortal(options: PortalOptions = {}, seed = true): Portal {
  const db = openDatabase(':memory:');
  const keys = seed ? seedDatabase(db, 'demo') : [];
  const apikeyOf = (orgId: number) => keys.find((k) => k.orgId === orgId)?.apikey ?? '';
  const app = createPortalApp(db, options);
  const token1 = seed ? issueToken(db, { orgId: 1, value: 'token-org-1' }) : '';
  const token2 = seed ? issueToken(db, { orgId: 2, value: 'token-org-2' }) : '';
  const call: Portal['call'] = async (method, path, body, opts = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
    const token = opts.token === undefined ? token1 : opts.token;
    if (token !== null) headers.authorization = token;
    const init: RequestInit = { method, headers };
    if (opts.raw !== undefined) init.body = opts.raw;
    else if (body !== undefined) init.body = JSON.stringify(body);
    const res = await app.request(path, init);
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  };
  return {
    db,
    app,
    token1,
    token2,
    apikey1: apikeyOf(1),
    apikey2: apikeyOf(2),
    call,
    post: (path, body, token) => call('POST', path, body === undefined ? {} : body, { token }),
    get: (path, token) => call('GET', path, undefined, { token }),
  };
}

/** An error reply in the format of docs/portal-api.md. */
export function expectError(reply: Reply, status: number, code?: string): void {
  if (reply.status !== status || reply.body?.status !== false || typeof reply.body?.error?.message !== 'string') {
    throw new Error(`expected error ${status} ${code ?? ''}, got ${reply.status} ${JSON.stringify(reply.body)}`);
  }
  if (code !== undefined && reply.body.error.code !== code) {
    throw new Error(`expected error code ${code}, got ${reply.body.error.code as string}`);
  }
}

export const eq = (column: string, value: string) => ({ column, operator: 'equal', value });
