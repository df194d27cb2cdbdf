// Accounts mode in `npm start`: the accounts on the dashboard server's store, asking the same
// portal for tokens. With the embedded portal, its demo organisation 1 is added on the first
// start (a new API key of its own, sealed), so that the first admin can be invited at once.
import type { Database } from 'better-sqlite3';
import type { PortalCall } from '../dashboard/portal-gateway.ts';
import type { StoreDb } from '../dashboard/store/connection.ts';
import { addApikey, newApikey } from '../portal/tokens.ts';
import { Accounts } from './accounts.ts';
import type { AccountsSettings } from './settings.ts';

export const DEMO_ORG = 1;

export async function openAccounts(
  settings: Extract<AccountsSettings, { mode: 'accounts' }>,
  {
    db,
    call,
    trustedHops,
    embeddedPortal,
  }: { db: StoreDb; call: PortalCall; trustedHops: number; embeddedPortal?: Database },
): Promise<{ accounts: Accounts; addedDemoOrg: boolean }> {
  const accounts = new Accounts({ db, call, trustedHops, ...settings });
  if (!embeddedPortal || (await accounts.store.sealedKey(DEMO_ORG)) !== undefined)
    return { accounts, addedDemoOrg: false };
  const apiKey = newApikey();
  addApikey(embeddedPortal, apiKey, DEMO_ORG);
  await accounts.addOrganisation(DEMO_ORG, apiKey);
  return { accounts, addedDemoOrg: true };
}
