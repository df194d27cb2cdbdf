// A portal answer that breaks the schemas, read by the dashboard server: the page names the field
// as it does when it reads the portal itself, never "the portal failed to answer". The server's
// answer (502 portal_answer_invalid with its details) is the one server/dashboard's tests check
// (answer-invalid.test.ts); here it is served to the page, which reads group 38's report.
import { expect, test } from './support/fixtures.ts';

const grpId = 38;
const answerInvalid = {
  status: false,
  error: {
    code: 'portal_answer_invalid',
    message: `The portal's answer for GET /grp/get_with_children/${grpId} did not match what the dashboard expects: field result.grp_name is missing.`,
    details: [{ request: `GET /grp/get_with_children/${grpId}`, field: 'result.grp_name', problem: 'missing' }],
  },
};

test('a progress report whose group the portal answered without grp_name names that field, in English and French', async ({
  page,
}) => {
  await page.route(new RegExp(`/dashboard-api/groups/${grpId}/progress(\\?.*)?$`), (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 502, json: answerInvalid }) : route.fallback(),
  );
  await page.goto(`/groups/${grpId}/progress`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(
    'The portal’s answer for groups did not match what the dashboard expects: field grp_name is missing.',
    { timeout: 20_000 },
  );
  await expect(alert).not.toContainText('failed to answer');
  await alert.getByText('Details').click();
  await expect(alert).toContainText(`Request: GET /grp/get_with_children/${grpId}`);
  await expect(alert).toContainText('Field: result.grp_name');

  await page.evaluate(() => localStorage.setItem('lp.locale', 'fr'));
  await page.reload();
  await expect(page.getByRole('alert')).toContainText(
    'La réponse du portail pour les groupes ne correspond pas à ce qu’attend le tableau de bord : le champ grp_name est absent.',
    { timeout: 20_000 },
  );
});
