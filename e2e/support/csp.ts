// Content Security Policy violations on a page (the CSP is strict: `style-src 'self'`, no inline
// styles): from the `securitypolicyviolation` events the page fires and from Chromium's console
// errors, so a blocked inline style or script fails the test that caused it.
import type { Page } from '@playwright/test';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Starts recording before the page's first script; the returned function reads what was recorded. */
export async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return async () => {
    const events = await page.evaluate(() => window.__cspViolations ?? []).catch(() => []);
    return [...events, ...console];
  };
}
