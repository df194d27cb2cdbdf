/** The token the e2e server accepts for organisation 1 (set through PORTAL_TOKEN). */
export const E2E_TOKEN = 'e2e-org1-admin-token';
