// A file chosen and its form's button pressed in the same task, on a slow machine (CPU 4× slower):
// the click must act on that file, never on the form as it was before the file was read (the
// import once answered "Paste identifiers or choose a CSV file first." beside "2 rows read.").
// Previews only (group 63) and directory jobs of identifiers unique to the test: nothing shared.
import type { Page } from '@playwright/test';
import { E2E_TOKEN } from './support/constants.ts';
import { withoutDashboardServer } from './support/dashboard-server.ts';
import { expect, test } from './support/fixtures.ts';

test.beforeEach(async ({ context }) => {
  await context.addInitScript((token) => {
    if (!localStorage.getItem('lp.token')) localStorage.setItem('lp.token', token);
  }, E2E_TOKEN);
});

/** Chooses a file in the input and clicks the button in one task: no render can come between. */
async function chooseAndClick(page: Page, input: string, button: string, name: string, text: string) {
  await page.evaluate(
    ({ inputLabel, buttonName, fileName, content }) => {
      const label = [...document.querySelectorAll('label')].find((node) => node.textContent === inputLabel);
      const field = label?.control;
      const target = [...document.querySelectorAll('button')].find((node) => node.textContent === buttonName);
      if (!(field instanceof HTMLInputElement) || !target) throw new Error('input or button not found');
      const files = new DataTransfer();
      files.items.add(new File([content], fileName, { type: 'text/csv' }));
      field.files = files.files;
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
      target.click();
    },
    { inputLabel: input, buttonName: button, fileName: name, content: text },
  );
}

/**
 * The CPU 4× slower from the choice of the file until what it led to is on screen; the page
 * loads at full speed before (its load is not what races, and 4× slower it took most of the time).
 */
async function slowCpuFor(page: Page, race: () => Promise<void>) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  try {
    await race();
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}

test('import: a file chosen and "Preview" pressed at once previews that file, 20 times out of 20', async ({ page }) => {
  test.setTimeout(240_000);
  // The preview the browser makes of the file read (a static host's import).
  await withoutDashboardServer(page);
  const known = ['E100245', 'E100247', 'E100248', 'E100249'];
  for (let run = 1; run <= 20; run++) {
    await page.goto('/memberships/import?grp=63');
    await expect(page.getByRole('combobox', { name: 'Group' })).toHaveValue('support-emea');
    // Each run's own file: 1 to 4 rows, so the preview shown is this file's.
    const rows = known.slice(0, (run % 4) + 1);
    await slowCpuFor(page, async () => {
      await chooseAndClick(page, 'CSV file', 'Preview', `membres-${run}.csv`, rows.join('\n'));
      await expect(
        page.getByText(`membres-${run}.csv: ${rows.length} row${rows.length > 1 ? 's' : ''} read.`),
      ).toBeVisible();
      // Soft: every run is tried, and the report counts the runs that failed.
      await expect.soft(page.getByRole('table', { name: 'Preview' }).getByRole('row')).toHaveCount(rows.length + 1);
      await expect.soft(page.getByText('Paste identifiers or choose a CSV file first.')).toHaveCount(0);
    });
  }
});

test('directory: a file chosen and "Add to the directory" pressed at once starts a job of that file', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const prefix = `race${test.info().testId.slice(0, 8)}`;
  for (let run = 1; run <= 5; run++) {
    await page.goto('/people/add');
    await expect(page.getByLabel('Or choose a file (CSV or XLSX)')).toBeVisible();
    const identifiers = Array.from({ length: run }, (_, i) => `${prefix}-${run}-${i}`);
    await slowCpuFor(page, async () => {
      await chooseAndClick(
        page,
        'Or choose a file (CSV or XLSX)',
        'Add to the directory',
        `hr-${run}.csv`,
        identifiers.join('\n'),
      );
      await expect.soft(page).toHaveURL(/directory-job=/);
      const progress = page.getByRole('progressbar', { name: 'Directory progress' });
      await expect.soft(progress).toHaveAttribute('aria-valuemax', String(run));
      await expect.soft(page.getByText('Paste or choose at least one organisation identifier.')).toHaveCount(0);
    });
  }
});
