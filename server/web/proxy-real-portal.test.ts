// The dashboard's API layer through the proxy to the real portal server: what a deployment with
// PORTAL_API_URL does, identifiers that need encoding included.
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { configureApi } from '#api/config.ts';
import { startPortal, type RunningPortal } from '../test/portal-servers.ts';
import { validateToken } from '#api/token.ts';
import { fetchUserByIdentifier } from '#api/users.ts';
import { demoFacts } from '../seed/facts.ts';
import { createApp } from './app.ts';
import { makeDist } from './test-dist.ts';

const dist = makeDist();
let portal: RunningPortal;
let server: ServerType;

beforeAll(async () => {
  portal = await startPortal();
  const app = createApp({ distDir: dist.dir, portalUrl: portal.baseUrl });
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port));
  });
  configureApi({ baseUrl: `http://127.0.0.1:${port}/api`, getToken: () => portal.token, timeoutMs: 5_000 });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await portal.close();
  dist.remove();
});

it('validates the token through the proxy', async () => {
  expect(await validateToken()).toMatchObject({ orgId: 1, message: expect.stringMatching(/valid/) as unknown });
});

it.each(demoFacts.org1.specialIdentifiers)('finds the user %j through the proxy', async (identifier) => {
  expect((await fetchUserByIdentifier(identifier)).user_organisation_identifier).toBe(identifier);
});
