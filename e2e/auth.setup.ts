import { expect, test as setup } from '@playwright/test';
import { E2E_TOKEN, storageStatePath } from './support/constants.ts';

// Signs in once through the real login screen (landing on the overview, /); "keep me signed in" puts the token in
// localStorage, which storageState carries to every test of the `chromium` project.
setup('sign in as the organisation 1 administrator', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'API token' }).fill(E2E_TOKEN);
  await page.getByRole('checkbox', { name: 'Keep me signed in on this device' }).check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.context().storageState({ path: storageStatePath(process.env.E2E_PORT) });
});
