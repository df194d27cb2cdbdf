// What the sweeps check on a page state (sweep-pages.spec.ts, sweep-states.spec.ts): axe in the
// light and the dark theme at 1280 px and at 375 px, and on the phone that nothing scrolls
// sideways and the header stays one line with every link of the navigation in reach. The state is
// resized and recoloured in place (the charts and the tables follow a resize and a theme change
// by themselves), so one load serves the four checks.
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

export const desktop = { width: 1280, height: 800 };
export const phone = { width: 375, height: 800 };

export type Language = 'en' | 'fr';

/** The page opens in `language` (set before its first script, as a returning visitor's choice). */
export async function useLanguage(page: Page, language: Language): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('lp.locale', value), language);
}

/** Nothing is loading, and what a resize or a theme change redraws has been drawn. */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"], .page-status')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * At 375 px: no sideways scroll; signed in, also the brand and the menu button on one line and
 * every navigation link on screen (a signed-out page has no header).
 */
export async function expectPhoneLayout(
  page: Page,
  label: string,
  { language = 'en', signedIn = true }: SweepOptions = {},
): Promise<void> {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0], `scrollWidth of ${label}`).toBe(widths[1]);
  if (!signedIn) return;
  const banner = page.getByRole('banner');
  const brand = banner.getByRole('link').first();
  const menu = banner.getByRole('button', { name: 'Menu' }); // the same word in French
  const [brandBox, menuBox] = [await brand.boundingBox(), await menu.boundingBox()];
  expect(brandBox && menuBox && Math.abs(brandBox.y - menuBox.y) < brandBox.height, `one line on ${label}`).toBe(true);
  const links = page.getByRole('navigation', { name: language === 'fr' ? 'Principale' : 'Main' }).getByRole('link');
  for (const link of await links.all()) await expect(link, `${label}: a navigation link`).toBeInViewport({ ratio: 1 });
}

export interface SweepOptions {
  language?: Language;
  /** false for a page without the signed-in header (the login page). */
  signedIn?: boolean;
}

/**
 * axe at 1280 px in light then dark, then at 375 px in dark then light (one switch at a time), with
 * the phone layout checked at 375 px. The page is left at 375 px.
 */
export async function sweepThemesAndWidths(page: Page, label: string, options: SweepOptions = {}): Promise<void> {
  await page.setViewportSize(desktop);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await settled(page);
    await test.step(`axe, 1280 px, ${scheme}`, () => expectNoAxeViolations(page));
  }
  await page.setViewportSize(phone);
  for (const scheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await settled(page);
    await test.step(`axe, 375 px, ${scheme}`, () => expectNoAxeViolations(page));
  }
  await expectPhoneLayout(page, label, options);
}
