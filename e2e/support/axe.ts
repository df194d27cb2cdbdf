// The axe check of the specs (WCAG 2.1 AA tags), run by axe-core inside the page. axe-core is
// injected once per document and stays warm for the next check of the same page (another theme,
// another width), where @axe-core/playwright's AxeBuilder injected its 580 KB script twice per
// check and opened a blank tab to finish each run, for the same rules and the same result.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type * as Axe from 'axe-core';

declare global {
  interface Window {
    axe?: typeof Axe;
  }
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const wcag21aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** `within`: a CSS selector, to check only what it matches (a part a sweep does not reach). */
export async function expectNoAxeViolations(page: Page, within?: string): Promise<void> {
  // Evaluated through the DevTools protocol: the page's CSP (no inline script) does not apply.
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axeSource);
  const summary = await page.evaluate(
    async ({ tags, selector }) => {
      if (!window.axe) throw new Error('axe-core is not in the page');
      // Only the violations are read: passes and the rest keep one node each (less to serialise).
      const results = await window.axe.run(selector ? { include: [selector] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    },
    { tags: wcag21aa, selector: within },
  );
  expect(summary, 'axe violations').toEqual([]);
}
