// The hand-written server of bench/server-baseline.ts: what the three benchmarked list requests
// cost when nothing but them is written, to price everything the project adds. node:http and
// better-sqlite3 only, no code shared with server/: a token looked up in a Map, the request
// body read by hand (start, limit, one `equal` on grp_parent_id), the count and the page from
// statements prepared once, the count remembered until the database changes, the answer built
// with JSON.stringify. Its bodies are byte for byte those of `npm start`'s /api
// (hand-server.test.ts); anything else it answers with the portal's error envelope.
// Run (child process): node hand-server.mjs DB_FILE TOKEN  (orgId 1)
import Database from 'better-sqlite3';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

const GRP_COLUMNS =
  'g.grp_id, g.grp_name, g.grp_description, g.grp_parent_id, g.grp_external_id, g.grp_external_name, g.grp_created_date, g.grp_updated_date';
const USER_GRP_COLUMNS =
  'ug.user_grp_id, ug.user_grp_grp_id, ug.user_grp_user_id, ug.user_grp_group_admin, ug.user_grp_created_date, ug.user_grp_updated_date';
const INTEGER = /^[+-]?\d+$/;

interface List {
  count: Database.Statement;
  page: Database.Statement;
}

function statements(db: Database.Database) {
  const list = (from: string, columns: string, where: string, order: string): List => ({
    count: db.prepare(`SELECT COUNT(*) FROM ${from} WHERE ${where}`).pluck(),
    page: db.prepare(`SELECT ${columns} FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`),
  });
  return {
    // The portal's plans: the (org_id) index named when no other index fits (list-specs.ts says why).
    groups: list('grp g INDEXED BY grp_org', GRP_COLUMNS, 'g.org_id = ?', 'g.org_id, g.grp_id'),
    groupsOfParent: list('grp g', GRP_COLUMNS, 'g.org_id = ? AND g.grp_parent_id = ?', 'g.org_id, g.grp_id'),
    memberships: list(
      'user_grp ug INDEXED BY user_grp_org',
      USER_GRP_COLUMNS,
      'ug.org_id = ?',
      'ug.org_id, ug.user_grp_id',
    ),
    version: db.prepare('PRAGMA data_version').pluck(),
  };
}

class BadRequest extends Error {}

/** start and limit as the portal takes them: integers, start ≥ 0, limit 1..1000, defaults 0 and 10. */
function page(body: Record<string, unknown>): [number, number] {
  const { start = 0, limit = 10 } = body;
  if (!Number.isInteger(start) || (start as number) < 0) throw new BadRequest('"start" must be an integer, 0 or more.');
  if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > 1000)
    throw new BadRequest('"limit" must be an integer between 1 and 1000.');
  return [start as number, limit as number];
}

/** The parent id of `criterias` (one equal on grp_parent_id), null for one that matches nothing, undefined for none. */
function parentFilter(criterias: unknown): number | null | undefined {
  if (criterias === undefined || (Array.isArray(criterias) && criterias.length === 0)) return undefined;
  const [c] = Array.isArray(criterias)
    ? (criterias as { column?: unknown; operator?: unknown; value?: unknown }[])
    : [];
  if (
    (criterias as unknown[]).length !== 1 ||
    c?.column !== 'grp_parent_id' ||
    c.operator !== 'equal' ||
    typeof c.value !== 'string'
  )
    throw new BadRequest('Only one "equal" on grp_parent_id.');
  const text = c.value.trim();
  const id = INTEGER.test(text) ? Number(text) : NaN;
  return Number.isSafeInteger(id) ? id : null;
}

export function createHandServer(db: Database.Database, tokens: ReadonlyMap<string, number>): Server {
  const sql = statements(db);
  const counts = new Map<string, number>();
  let countsVersion = -1;
  const read = db.transaction((list: List, key: string, params: number[], start: number, limit: number) => {
    const version = sql.version.get() as number;
    if (version !== countsVersion) {
      counts.clear();
      countsVersion = version;
    }
    let total = counts.get(key);
    if (total === undefined) counts.set(key, (total = list.count.get(...params) as number));
    return { total, rows: start >= total ? [] : list.page.all(...params, limit, start) };
  });

  function send(res: ServerResponse, status: number, text: string): void {
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  }
  const fail = (res: ServerResponse, status: number, code: string, message: string) =>
    send(res, status, JSON.stringify({ status: false, error: { code, message, details: [] } }));

  function answer(req: IncomingMessage, res: ServerResponse, text: string): void {
    const path = req.method === 'POST' ? req.url : undefined;
    if (path !== '/grp/get_all' && path !== '/user_grp/get_all')
      return fail(res, 404, 'route_not_found', 'Only POST /grp/get_all and /user_grp/get_all.');
    const orgId = tokens.get((req.headers.authorization ?? '').replace(/^bearer\s+/i, '').trim());
    if (orgId === undefined) return fail(res, 401, 'invalid_token', 'The token is not known.');
    try {
      const body: unknown = text === '' ? {} : JSON.parse(text);
      if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new BadRequest('Not a JSON object.');
      const [start, limit] = page(body as Record<string, unknown>);
      const criterias = (body as { criterias?: unknown }).criterias;
      let result;
      if (path === '/user_grp/get_all') {
        if (criterias !== undefined && !(Array.isArray(criterias) && criterias.length === 0))
          throw new BadRequest('No criterias on memberships here.');
        result = read(sql.memberships, `m${orgId}`, [orgId], start, limit);
      } else {
        const parent = parentFilter(criterias);
        if (parent === null) result = { total: 0, rows: [] };
        else if (parent === undefined) result = read(sql.groups, `g${orgId}`, [orgId], start, limit);
        else result = read(sql.groupsOfParent, `p${orgId}:${parent}`, [orgId, parent], start, limit);
      }
      send(res, 200, JSON.stringify({ status: true, total: result.total, result: result.rows }));
    } catch (e) {
      if (e instanceof BadRequest || e instanceof SyntaxError) return fail(res, 400, 'invalid_body', e.message);
      throw e;
    }
  }

  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () =>
      answer(req, res, chunks.length === 1 ? (chunks[0] as Buffer).toString() : Buffer.concat(chunks).toString()),
    );
  });
}

/** As a child process of the bench: the seed's file, opened with the portal's settings, and one token of organisation 1. */
function main(file: string, token: string): void {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('cache_size = -65536');
  db.pragma('busy_timeout = 5000');
  const server = createHandServer(db, new Map([[token, 1]]));
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(
      `Hand-written server listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    );
  });
  process.on('SIGTERM', () => {
    server.close();
    db.close();
    process.exit(0);
  });
}

const [file, token] = process.argv.slice(2);
if (process.argv[1]?.includes('hand-server') && file && token) main(file, token);
