import type { Page } from '@playwright/test';

/**
 * The page runs as on a static host: `/dashboard-api` answers the dashboard's HTML, so the
 * browser gathers the group index and the catalogue from the portal itself. For the specs that
 * fake or break those portal requests.
 */
export async function withoutDashboardServer(page: Page): Promise<void> {
  await page.route('**/dashboard-api/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Dashboard</title>' }),
  );
}
