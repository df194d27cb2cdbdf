import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The token the e2e server accepts for organisation 1 (set through PORTAL_TOKEN). */
export const E2E_TOKEN = 'e2e-org1-admin-token';

/**
 * API keys the e2e server accepts (e2e/fixtures/api-keys.json, loaded through PORTAL_FIXTURE):
 * the demo seed's own keys are random, made anew for each database.
 */
export const E2E_APIKEYS = { org1: 'e2e-org1-admin-apikey', org2: 'e2e-org2-admin-apikey' } as const;

/**
 * Where the setup project keeps the signed-in browser state: one file per run (port), so that
 * runs started in parallel from the same checkout do not overwrite each other's sign-in.
 */
export const storageStatePath = (port: string | undefined) => `playwright/.auth/admin-${port ?? 'default'}.json`;

/** The dashboard built for one run (port), removed when the run ends (global-teardown.ts). */
export const buildDir = (port: string | undefined) => join(tmpdir(), `lp-e2e-dist-${port ?? 'default'}`);
