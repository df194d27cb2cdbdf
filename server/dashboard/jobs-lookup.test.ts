// Lookup jobs ("Add your people list") through the API on SQLite and PostgreSQL: a list of any
// columns whose identifier column is found by its header, or chosen when several could be it
// (400 column_needed naming them), pasted or sent as a CSV or XLSX file; each identifier looked up
// once, the people saved with the portal's names (never the list's), found / not found / failed
// each as a results file; and organisation 2 never seeing organisation 1's job nor its people.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { XLSX_TYPE } from '#schemas/jobs.ts';
import { demoFacts } from '../seed/facts.ts';
import { expectError } from '../test/support.ts';
import { describeEachStore, startHarness, type Harness } from './test/harness.ts';

const org1 = demoFacts.org1;
const [first, second] = [org1.userWithManyTakes, org1.userWithoutGroups];

describeEachStore('lookup jobs', (_dialect, open) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(await open());
  });
  afterAll(async () => h.close());

  async function portalPerson(identifier: string) {
    const reply = await h.portal.get(`/user/get_by_organisation_identifier/${encodeURIComponent(identifier)}`);
    return reply.body.result as { user_id: number; firstname: string; lastname: string; email: string };
  }
  async function ended(jobId: string, token?: string) {
    await h.dashboard.idle();
    return (await h.call('GET', `/dashboard-api/jobs/${jobId}`, { token })).body.result;
  }
  const upload = (body: BodyInit, type: string, query = '?kind=lookup') =>
    h.app.request(`/dashboard-api/jobs${query}`, {
      method: 'POST',
      headers: { authorization: h.portal.token1, 'content-type': type },
      body,
    });

  it('looks every identifier of the list up, with the names and e-mails the portal gives', async () => {
    const text = [
      'Full name,Matricule,Department',
      `Not Their Name,${first.identifier},Sales`,
      `Someone,nobody-at-all-42,Sales`,
      `,,`,
      `Again,${first.identifier},HR`,
      `No identifier,,HR`,
      `Other,${second.identifier},HR`,
    ].join('\n');
    const reply = await h.call('POST', '/dashboard-api/jobs', { body: { kind: 'lookup', text } });
    expect(reply.status, reply.text).toBe(202);
    expect(reply.body.result).toMatchObject({ kind: 'lookup', grp_id: null });
    const job = await ended(reply.body.result.job_id);
    expect(job).toMatchObject({ state: 'done', total: 5, done: 5, found: 2, not_found: 1, skipped: 2, failed: 0 });

    const rows = (await h.call('GET', `/dashboard-api/jobs/${job.job_id}/rows`)).body.result;
    expect(rows.map((row: { line: number; outcome: string }) => [row.line, row.outcome])).toEqual([
      [2, 'found'],
      [3, 'not_found'],
      [5, 'skipped'],
      [6, 'skipped'],
      [7, 'found'],
    ]);
    expect(rows[2]).toMatchObject({ error_code: 'duplicate', details: 'The same identifier as line 2.' });
    expect(rows[3]).toMatchObject({ error_code: 'invalid_empty' });
    // The portal's name and e-mail, never the list's "Not Their Name".
    const person = await portalPerson(first.identifier);
    expect(rows[0]).toMatchObject({
      user_id: person.user_id,
      name: `${person.firstname} ${person.lastname}`,
      email: person.email,
    });
    const saved = await h.call('GET', `/dashboard-api/people/${person.user_id}`);
    expect(saved.body.result).toMatchObject({ firstname: person.firstname, lastname: person.lastname });

    // Each outcome as its own file; the columns of a lookup.
    const found = await h.call('GET', `/dashboard-api/jobs/${job.job_id}/results?lang=en&outcome=found`);
    expect(found.headers.get('content-disposition')).toMatch(/-found\.csv"$/);
    const lines = found.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('line,identifier,outcome,user_id,name,email,error_code,details');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(
      `2,${first.identifier},found,${person.user_id},${person.firstname} ${person.lastname},${person.email},,`,
    );
    const notFound = await h.call('GET', `/dashboard-api/jobs/${job.job_id}/results?lang=fr&outcome=not_found`);
    const frLines = notFound.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(frLines[0]).toBe("ligne;identifiant;résultat;utilisateur;nom;courriel;code d'erreur;détails");
    expect(frLines.slice(1)).toEqual(['3;nobody-at-all-42;not_found;;;;not_found;']);
    expectError(await h.call('GET', `/dashboard-api/jobs/${job.job_id}/results?outcome=lost`), 400, 'invalid_body');
  });

  it('asks which column when several could hold the identifiers, then reads the chosen one', async () => {
    const text = `Code,Badge\n${first.identifier},B-1\n${second.identifier},B-2\n`;
    const ask = await h.call('POST', '/dashboard-api/jobs', { body: { kind: 'lookup', text } });
    expectError(ask, 400, 'column_needed');
    expect(ask.body.error.details).toEqual([
      { column: 0, header: 'Code' },
      { column: 1, header: 'Badge' },
    ]);
    const chosen = await h.call('POST', '/dashboard-api/jobs', { body: { kind: 'lookup', text, column: 0 } });
    expect(chosen.status, chosen.text).toBe(202);
    expect(await ended(chosen.body.result.job_id)).toMatchObject({ total: 2, found: 2 });
    expectError(
      await h.call('POST', '/dashboard-api/jobs', { body: { kind: 'lookup', text, column: 5 } }),
      400,
      'no_such_column',
    );
    // Two headers that both name an identifier: only those two are offered.
    const two = await h.call('POST', '/dashboard-api/jobs', {
      body: { kind: 'lookup', text: `Name,Identifier,Employee ID\nA,${first.identifier},9\n` },
    });
    expectError(two, 400, 'column_needed');
    expect(two.body.error.details.map((c: { column: number }) => c.column)).toEqual([1, 2]);
    // A one-column list without a header: every line is an identifier.
    const plain = await h.call('POST', '/dashboard-api/jobs', { body: { kind: 'lookup', text: first.identifier } });
    expect(await ended(plain.body.result.job_id)).toMatchObject({ total: 1, found: 1 });
  });

  it('takes a CSV or XLSX file as the body, and refuses what is not a list', async () => {
    const csv = await upload(`identifier;other\n${first.identifier};x\n`, 'text/csv');
    expect(csv.status).toBe(202);
    const csvJob = ((await csv.json()) as { result: { job_id: string } }).result.job_id;
    expect(await ended(csvJob)).toMatchObject({ kind: 'lookup', total: 1, found: 1 });

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('HR');
    sheet.addRow(['Surname', 'Staff code']);
    sheet.addRow(['Wrong', second.identifier]);
    sheet.addRow(['Padded', 42]).getCell(2).numFmt = '00000';
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    expectError(await toReply(upload(bytes, XLSX_TYPE)), 400, 'column_needed');
    const xlsx = await upload(bytes, XLSX_TYPE, '?kind=lookup&column=1');
    expect(xlsx.status).toBe(202);
    const xlsxJob = ((await xlsx.json()) as { result: { job_id: string } }).result.job_id;
    expect(await ended(xlsxJob)).toMatchObject({ total: 2, found: 1, not_found: 1 });
    const rows = (await h.call('GET', `/dashboard-api/jobs/${xlsxJob}/rows`)).body.result;
    expect(rows.map((row: { identifier: string }) => row.identifier)).toEqual([second.identifier, '00042']);

    expectError(await toReply(upload(new Uint8Array([80, 75, 3, 4, 0]), XLSX_TYPE)), 400, 'file_unreadable');
    expectError(await toReply(upload('', 'text/csv')), 400, 'file_empty');
    expectError(await toReply(upload('Name,Code\n', 'text/csv', '?kind=lookup&column=1')), 400, 'file_empty');
    expectError(await toReply(upload('a', 'text/csv', '?kind=lookup&column=x')), 400, 'invalid_body');
    expect((await upload(new Uint8Array(10 * 1024 * 1024 + 100 * 1024).fill(65), 'text/csv')).status).toBe(413);
    const tooMany = Array.from({ length: 50_001 }, (_, i) => `id-${i}`).join('\n');
    expectError(
      await h.call('POST', '/dashboard-api/jobs', { body: { kind: 'lookup', text: tooMany } }),
      400,
      'too_many_rows',
    );
    expectError(
      await h.call('POST', '/dashboard-api/jobs', { body: { kind: 'lookup', text: 'a\u0000b' } }),
      400,
      'invalid_body',
    );
  });

  it('never shows a lookup job, its rows, results or people to another organisation', async () => {
    const person = await portalPerson(second.identifier);
    await h.call('DELETE', `/dashboard-api/people/${person.user_id}`, { token: h.portal.token2 });
    const reply = await h.call('POST', '/dashboard-api/jobs', { body: { kind: 'lookup', text: second.identifier } });
    const jobId = reply.body.result.job_id as string;
    expect(await ended(jobId)).toMatchObject({ found: 1 });
    const other = h.portal.token2;
    expectError(await h.call('GET', `/dashboard-api/jobs/${jobId}`, { token: other }), 404, 'not_found');
    for (const path of ['rows', 'results', 'results?outcome=found'])
      expectError(await h.call('GET', `/dashboard-api/jobs/${jobId}/${path}`, { token: other }), 404, 'not_found');
    for (const path of ['run', 'cancel'])
      expectError(await h.call('POST', `/dashboard-api/jobs/${jobId}/${path}`, { token: other }), 404, 'not_found');
    const list = await h.call('GET', '/dashboard-api/jobs?limit=100', { token: other });
    expect(list.body.result.map((job: { job_id: string }) => job.job_id)).not.toContain(jobId);
    // Organisation 1's lookups went into organisation 1's directory only.
    expect((await h.call('GET', `/dashboard-api/people/${person.user_id}`)).status).toBe(200);
    expectError(await h.call('GET', `/dashboard-api/people/${person.user_id}`, { token: other }), 404, 'not_found');
    // An identifier of organisation 2 is not found with organisation 1's token.
    const theirs = await h.call('POST', '/dashboard-api/jobs', {
      body: { kind: 'lookup', text: demoFacts.org2.userIdentifier },
    });
    expect(await ended(theirs.body.result.job_id)).toMatchObject({ found: 0, not_found: 1 });
  });
});

async function toReply(response: Response | Promise<Response>) {
  const res = await response;
  return { status: res.status, body: (await res.json()) as unknown } as Parameters<typeof expectError>[0];
}
