// `npm run accounts -- organisation add --api-key KEY | invite --org 1 --email E --name N --role
// admin|manager|viewer [--groups 3,9] | list --org 1`: accounts mode's set-up from the shell, on
// the store `npm start` uses (DASHBOARD_DB / DASHBOARD_DATABASE_URL), with DASHBOARD_SECRET,
// DASHBOARD_PUBLIC_URL and the portal (PORTAL_API_URL, else the embedded portal's database).
// Run by scripts/accounts.js from build/accounts.js (scripts/build-server.js compiles it).
import { parseArgs } from 'node:util';
import { httpCall, inProcessCall, type PortalCall } from '../dashboard/portal-gateway.ts';
import { dashboardSettings } from '../dashboard/settings.ts';
import { openStore } from '../dashboard/store/connection.ts';
import { openEmbeddedPortal } from '../web/embedded-portal.ts';
import { Accounts } from './accounts.ts';
import { AccountError } from './accounts-http.ts';
import { accountRoles } from '#schemas/account-session.ts';
import type { Role } from './account-store.ts';
import { orgOfToken, PortalKeyError, tokenFromKey } from './portal-tokens.ts';
import { accountsSecret, publicUrl } from './settings.ts';

const usage = `Usage:
  npm run accounts -- organisation add --api-key KEY
  npm run accounts -- invite --org ID --email E --name "N" --role admin|manager|viewer [--groups 3,9]
  npm run accounts -- list --org ID`;

class UsageError extends Error {}

function orgId(value: string | undefined): number {
  const id = Number(value);
  if (!value || !Number.isInteger(id) || id < 1)
    throw new UsageError('--org must be an organisation id, e.g. --org 1.');
  return id;
}

function groupIds(value: string | undefined): number[] {
  if (!value) return [];
  const ids = value.split(',').map((part) => Number(part.trim()));
  if (ids.some((id) => !Number.isInteger(id) || id < 1))
    throw new UsageError('--groups must be group ids separated by commas, e.g. 3,9.');
  return ids;
}

function portalCall(env: NodeJS.ProcessEnv): { call: PortalCall; close: () => void } {
  const url = env.PORTAL_API_URL?.trim();
  if (url) return { call: httpCall(url), close: () => undefined };
  const embedded = openEmbeddedPortal(env);
  return { call: inProcessCall(embedded.app), close: () => embedded.db.close() };
}

async function run(argv: string[], env: NodeJS.ProcessEnv, print: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'api-key': { type: 'string' },
      org: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      groups: { type: 'string' },
    },
  });
  const command = positionals.join(' ');
  if (!['organisation add', 'invite', 'list'].includes(command)) throw new UsageError(usage);
  const secret = accountsSecret(env);
  const store = await openStore(dashboardSettings(env).store);
  // Only `organisation add` asks the portal: invite and list never open its database.
  let portal: { call: PortalCall; close: () => void } | undefined;
  const call: PortalCall = (path, init) => (portal ??= portalCall(env)).call(path, init);
  try {
    const accounts = new Accounts({
      db: store.db,
      secret,
      call,
      publicUrl: publicUrl(env),
      times: { idleMs: 30 * 60_000, maxMs: 12 * 3_600_000 },
    });
    if (command === 'organisation add') {
      const apiKey = values['api-key']?.trim();
      if (!apiKey) throw new UsageError('organisation add needs --api-key KEY.');
      const org = await orgOfToken(call, (await tokenFromKey(call, apiKey)).token);
      await accounts.addOrganisation(org, apiKey);
      print(`Organisation ${org} added.`);
    } else if (command === 'invite') {
      const org = orgId(values.org);
      if ((await accounts.store.sealedKey(org)) === undefined)
        throw new UsageError(
          `Organisation ${org} has not been added: run \`npm run accounts -- organisation add --api-key KEY\` first.`,
        );
      const role = values.role as Role;
      if (!accountRoles.includes(role)) throw new UsageError('--role must be admin, manager or viewer.');
      const email = values.email?.trim() ?? '';
      const name = values.name?.trim() ?? '';
      if (!/^[^\s@]+@[^\s@]+$/.test(email) || !name) throw new UsageError('invite needs --email and --name.');
      const { invitation_url } = await accounts.invite(
        org,
        { email, name, role, group_ids: groupIds(values.groups) },
        null,
      );
      print(`Invitation: ${invitation_url}`);
    } else {
      const now = Date.now();
      for (const account of await accounts.store.list(orgId(values.org), now - 30 * 60_000, now))
        print(
          [
            account.account_id,
            account.email,
            account.name,
            account.role,
            account.status,
            account.group_ids.join(',') || '-',
          ].join('\t'),
        );
    }
  } finally {
    portal?.close();
    await store.close();
  }
}

try {
  await run(process.argv.slice(2), process.env, (line) => console.log(line));
} catch (error) {
  const known = error instanceof UsageError || error instanceof AccountError || error instanceof PortalKeyError;
  // Never the error's whole object: a portal error could echo the request.
  console.error(`npm run accounts: ${known || error instanceof Error ? (error as Error).message : String(error)}`);
  process.exit(1);
}
