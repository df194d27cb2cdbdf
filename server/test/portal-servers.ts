// Servers for the API layer's tests (never imported by the app): the real portal server on a
// free port with the demo seed, optionally behind a proxy that caps `limit` or breaks the answers
// of some paths (faults.ts), and a stub that answers with the faults a real portal or its gateway
// can produce.
import { serve, type HttpBindings, type ServerType } from '@hono/node-server';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { apikeyLabel } from '../db/credentials.ts';
import { openDatabase } from '../db/database.ts';
import { createPortalApp } from '../portal/app.ts';
import type { FailedAttemptsOptions } from '../portal/failed-attempts.ts';
import { issueToken } from '../portal/tokens.ts';
import { demoFacts } from '../seed/facts.ts';
import { seedDatabase } from '../seed/seed.ts';
import { faultAnswer, mutateAnswer, type FaultKind, type MutateOptions } from './faults.ts';

interface RunningServer {
  baseUrl: string;
  close: () => Promise<void>;
}

export interface RunningPortal extends RunningServer {
  /** A valid token of organisation 1. */
  token: string;
  /** Another valid token of organisation 1 whose lifetime is over. */
  expiredToken: string;
  /** demoFacts, plus each organisation's API key (random, made by the seed) and its label. */
  facts: PortalFacts;
  /** Every request the portal received: method, path and the `limit` asked, for the paging tests. */
  requests: { method: string; path: string; limit?: number }[];
  /** From now on the requests whose path matches `pattern` meet the fault (null: none). */
  setFault: (fault: PortalFault | null) => void;
  /** From now on every request is answered this late (a portal far away; 0: at once). */
  setDelay: (ms: number) => void;
}

export interface PortalFault extends MutateOptions {
  pattern: RegExp;
  kind: FaultKind;
}

type WithKey<T> = T & { apikey: string; apikeyLabel: string };
export interface PortalFacts {
  org1: WithKey<typeof demoFacts.org1>;
  org2: WithKey<typeof demoFacts.org2>;
}

function withKey<T>(facts: T, apikey: string | undefined): WithKey<T> {
  if (apikey === undefined) throw new Error('the demo seed made no API key for this organisation');
  return { ...facts, apikey, apikeyLabel: apikeyLabel(apikey) };
}

function listen(
  fetch: (request: Request) => Response | Promise<Response>,
): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve({ server, port: info.port }));
  });
}

function closer(server: { close: (done: () => void) => void }) {
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The real portal server (in-memory demo seed). With `capLimit`, a gateway in front lowers every `limit` to it. */
export async function startPortal({
  capLimit,
  failedAttempts,
}: { capLimit?: number; failedAttempts?: FailedAttemptsOptions } = {}): Promise<RunningPortal> {
  const db = openDatabase(':memory:');
  const keys = seedDatabase(db, 'demo');
  const keyOf = (orgId: number) => keys.find((k) => k.orgId === orgId)?.apikey;
  const facts: PortalFacts = { org1: withKey(demoFacts.org1, keyOf(1)), org2: withKey(demoFacts.org2, keyOf(2)) };
  const token = issueToken(db, { orgId: 1 });
  const expiredToken = issueToken(db, { orgId: 1, lifetimeSeconds: -1 });
  const portal = createPortalApp(db, { failedAttempts });
  const requests: RunningPortal['requests'] = [];
  let fault: PortalFault | null = null;
  let delayMs = 0;

  const front = new Hono<{ Bindings: HttpBindings }>();
  front.all('*', async (c) => {
    const url = new URL(c.req.url);
    let body = c.req.method === 'POST' ? await c.req.text() : undefined;
    const json: unknown = body ? JSON.parse(body) : undefined;
    let limit: number | undefined;
    if (typeof json === 'object' && json !== null && 'limit' in json && typeof json.limit === 'number') {
      limit = json.limit;
      if (capLimit !== undefined) body = JSON.stringify({ ...json, limit: Math.min(json.limit, capLimit) });
    }
    requests.push({ method: c.req.method, path: url.pathname, limit });
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const answer = () =>
      portal.request(url.pathname + url.search, { method: c.req.method, headers: c.req.raw.headers, body });
    if (!fault?.pattern.test(url.pathname)) return answer();
    return faulted(fault, answer, () => c.env.incoming.socket.destroy());
  });

  const { server, port } = await listen(front.fetch);
  const close = closer(server);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    token,
    expiredToken,
    facts,
    requests,
    setFault: (next) => {
      fault = next;
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    close: async () => {
      // A request a fault holds keeps its connection open.
      if ('closeAllConnections' in server) server.closeAllConnections();
      await close();
      db.close();
    },
  };
}

/** The answer under `fault`: held forever, dropped, made up, or the real one changed. */
async function faulted(
  fault: PortalFault,
  real: () => Response | Promise<Response>,
  drop: () => void,
): Promise<Response> {
  const answer = faultAnswer(fault.kind);
  switch (answer.kind) {
    case 'hang':
      return new Promise<Response>(() => {});
    case 'drop':
      drop();
      return new Promise<Response>(() => {});
    case 'answer':
      return new Response(answer.body, { status: answer.status, headers: { 'Content-Type': answer.contentType } });
    case 'mutate': {
      const response = await real();
      return Response.json(mutateAnswer(await response.json(), fault.kind, fault), { status: response.status });
    }
  }
}

type Fault =
  | { kind: 'hang' } // never answers: the client's timeout must fire
  | { kind: 'drop' } // closes the connection without an answer
  | { kind: 'answer'; status: number; contentType: string; body: string; headers?: Record<string, string> };

export interface FaultyPortal extends RunningServer {
  /** What every following request gets, whatever its path. */
  answer: (fault: Fault) => void;
  /** A JSON answer (200 unless told). */
  answerJson: (body: unknown, status?: number) => void;
  /** The last request received, as it came on the wire (raw path, headers). */
  lastRequest: () =>
    { method: string; url: string; headers: Record<string, string | string[] | undefined> } | undefined;
}

/** A misbehaving portal or gateway: hangs, drops connections, sends HTML or broken JSON. */
export async function startFaultyPortal(): Promise<FaultyPortal> {
  let fault: Fault = { kind: 'answer', status: 404, contentType: 'text/plain', body: '' };
  let last: ReturnType<FaultyPortal['lastRequest']>;
  const server: Server = createServer((req, res) => {
    last = { method: req.method ?? '', url: req.url ?? '', headers: req.headers };
    req.resume();
    if (fault.kind === 'hang') return;
    if (fault.kind === 'drop') return req.socket.destroy();
    res.writeHead(fault.status, { ...fault.headers, 'Content-Type': fault.contentType });
    res.end(fault.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    answer: (next) => {
      fault = next;
    },
    answerJson: (body, status = 200) => {
      fault = { kind: 'answer', status, contentType: 'application/json', body: JSON.stringify(body) };
    },
    lastRequest: () => last,
    close: () => {
      server.closeAllConnections();
      return closer(server)();
    },
  };
}
