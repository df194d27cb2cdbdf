// The bare server of bench/server-baseline.ts: node:http and better-sqlite3, no framework, for
// the two list endpoints that benchmark loads. It does the work any correct server must do for
// them, with the portal's own pieces so that the comparison is fair: the same database settings
// (openDatabase), the same token check and token cache (TokenStore), the same request parsing
// (parseListRequest), the same SQL and count cache (ListRunner and list-specs). It leaves out
// what the benchmark prices: Hono, the middlewares (body buffer, turns, request log), the
// response schema parse and the security headers.
// Run (child process): node --import tsx bench/support/bare-server.ts DB_FILE TOKEN
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { openDatabase } from '../../server/db/database.ts';
import { grpResource, userGrpResource, type Resource } from '../../server/db/resources.ts';
import { PortalError } from '../../server/portal/errors.ts';
import { ListRunner } from '../../server/portal/list-query.ts';
import { parseListRequest } from '../../server/portal/list-request.ts';
import { grpList, userGrpList, type ListEndpoint } from '../../server/portal/list-specs.ts';
import { DEFAULT_TOKEN_LIFETIME_SECONDS, TokenStore, issueToken } from '../../server/portal/tokens.ts';

const [file, tokenValue] = process.argv.slice(2);
if (!file || !tokenValue) throw new Error('usage: bare-server.ts DB_FILE TOKEN');
const db = openDatabase(file);
issueToken(db, { orgId: 1, value: tokenValue });
const tokens = new TokenStore(db, DEFAULT_TOKEN_LIFETIME_SECONDS);
const lists = new ListRunner(db);
const routes = new Map<string, { endpoint: ListEndpoint; resource: Resource }>([
  ['/grp/get_all', { endpoint: grpList, resource: grpResource }],
  ['/user_grp/get_all', { endpoint: userGrpList, resource: userGrpResource }],
]);

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const fail = (res: ServerResponse, status: number, code: string, message: string) =>
  send(res, status, { status: false, error: { code, message } });

function answer(req: IncomingMessage, res: ServerResponse, text: string): void {
  const route = req.method === 'POST' ? routes.get(req.url ?? '') : undefined;
  if (!route) return fail(res, 404, 'route_not_found', 'Only POST /grp/get_all and /user_grp/get_all.');
  const token = (req.headers.authorization ?? '')
    .trim()
    .replace(/^bearer(?:\s+|$)/i, '')
    .trim();
  const holder = token === '' ? undefined : tokens.lookup(token);
  if (!holder || holder.expiresAt <= Date.now()) return fail(res, 401, 'invalid_token', 'Unknown or expired token.');
  try {
    const { page, filter } = parseListRequest(
      text.trim() === '' ? {} : JSON.parse(text),
      route.resource,
      route.endpoint.defaultLimit,
    );
    const { total, rows } = lists.run(route.endpoint.spec(holder.orgId, 0), page, filter);
    send(res, 200, { status: true, total, result: rows });
  } catch (e) {
    if (e instanceof PortalError) return fail(res, e.status, e.code, e.message);
    if (e instanceof SyntaxError) return fail(res, 400, 'invalid_json', e.message);
    throw e;
  }
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => answer(req, res, Buffer.concat(chunks).toString('utf8')));
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`Bare server listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => {
  server.close();
  db.close();
  process.exit(0);
});
