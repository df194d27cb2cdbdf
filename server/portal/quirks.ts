// A portal that bends the vendor's documentation the way real (PHP) deployments do, for testing
// the dashboard's tolerance (docs/portal-api.md, "What the dashboard tolerates"). One middleware,
// first in the app, that rewrites the JSON answers the routes built; the routes know nothing of it.
// Never on by default: `--quirks strings,timestamps,...` (npm run portal) or PORTAL_QUIRKS (npm start).
import type { MiddlewareHandler } from 'hono';

export const quirkNames = ['strings', 'timestamps', 'nulls', 'ratelimit', 'notfound', 'clamp'] as const;
export type Quirk = (typeof quirkNames)[number];

/** The requests a second the `ratelimit` quirk allows, and what a clamping portal answers at most. */
export const QUIRK_REQUESTS_PER_SECOND = 8;
export const QUIRK_CLAMPED_LIMIT = 100;

/** `strings,timestamps` → the quirks; `all` for every one; an unknown name is an error. */
export function parseQuirks(value: string | undefined): Set<Quirk> {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes('all')) return new Set(quirkNames);
  for (const name of names) {
    if (!(quirkNames as readonly string[]).includes(name))
      throw new Error(`Unknown quirk "${name}": use ${quirkNames.join(', ')} or all.`);
  }
  return new Set(names as Quirk[]);
}

const utcSecond = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})Z$/;

/** 2024-01-02T10:00:00Z as the same instant two hours east, with fractions: 2024-01-02T12:00:00.000+02:00. */
function withOffset(value: string): string {
  const shifted = new Date(Date.parse(value) + 2 * 3600_000).toISOString();
  return `${shifted.slice(0, -1)}+02:00`;
}

function bend(value: unknown, quirks: Set<Quirk>): unknown {
  if (Array.isArray(value)) return value.map((item) => bend(item, quirks));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(value)) {
      // A root group: some deployments send 0 for "no parent", others leave the field out.
      if (name === 'grp_parent_id' && field === null && quirks.has('nulls')) {
        if ((out.grp_id as number) % 2 === 0) out[name] = quirks.has('strings') ? '0' : 0;
        continue;
      }
      out[name] = bend(field, quirks);
    }
    return out;
  }
  if (typeof value === 'number' && quirks.has('strings')) return String(value);
  if (value === null && quirks.has('nulls')) return '';
  if (typeof value === 'string' && quirks.has('timestamps') && utcSecond.test(value)) return withOffset(value);
  return value;
}

function isJson(response: Response): boolean {
  return response.headers.get('content-type')?.includes('application/json') ?? false;
}

export function quirksMiddleware(quirks: Set<Quirk>, now = Date.now): MiddlewareHandler {
  const served: number[] = [];
  return async (c, next) => {
    if (c.req.path.endsWith('/openapi.json')) return next();
    if (quirks.has('ratelimit')) {
      const time = now();
      while (served.length > 0 && (served[0] ?? 0) <= time - 1000) served.shift();
      if (served.length >= QUIRK_REQUESTS_PER_SECOND) {
        return c.json({ status: false, message: 'Rate limit exceeded.' }, 429, { 'Retry-After': '1' });
      }
      served.push(time);
    }
    await next();
    if (!isJson(c.res)) return;
    const { status } = c.res;
    let body = (await c.res.clone().json()) as unknown;
    if (status === 404 && quirks.has('notfound') && isRecord(body) && isRecord(body.error)) {
      // Many deployments answer a missing record with only a message.
      body = { status: false, message: body.error.message };
    }
    if (quirks.has('clamp') && isRecord(body) && Array.isArray(body.result) && 'total' in body) {
      // The portal answers at most its own page size, whatever `limit` asked for.
      body = { ...body, result: body.result.slice(0, QUIRK_CLAMPED_LIMIT) };
    }
    if (status < 300) body = bend(body, quirks);
    const headers = new Headers(c.res.headers);
    headers.delete('content-length');
    c.res = new Response(JSON.stringify(body), { status, headers });
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
