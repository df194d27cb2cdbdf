// Jobs through the API on SQLite and PostgreSQL: an import previewed on the server (identifiers,
// e-mails through the directory, "Did you mean"), run through the outbox (one history event per
// membership), bulk add, copy and export with subgroups, files (CSV, XLSX), results in the
// caller's language, ids checked, and organisation 2 never seeing organisation 1's jobs.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { XLSX_TYPE } from '#schemas/jobs.ts';
import { demoFacts } from '../seed/facts.ts';
import { eq, expectError } from '../test/support.ts';
import { describeEachStore, startHarness, type Harness } from './test/harness.ts';

const org1 = demoFacts.org1;
const newcomer = org1.userWithoutGroups;
const member = org1.userWithManyTakes;

describeEachStore('jobs', (_dialect, open) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(await open());
  });
  afterAll(async () => h.close());

  async function job(jobId: string, token?: string) {
    return h.call('GET', `/dashboard-api/jobs/${jobId}`, { token });
  }
  /** Starts a job and waits for what it does by itself (a preview, an export). */
  async function start(body: unknown, headers?: Record<string, string>) {
    const reply = await h.call('POST', '/dashboard-api/jobs', { body, headers });
    expect(reply.status, reply.text).toBe(202);
    await h.dashboard.idle();
    return (await job(reply.body.result.job_id)).body.result;
  }
  async function rows(jobId: string, query = '') {
    return (await h.call('GET', `/dashboard-api/jobs/${jobId}/rows?limit=100${query}`)).body.result;
  }
  async function runToEnd(jobId: string) {
    const reply = await h.call('POST', `/dashboard-api/jobs/${jobId}/run`);
    expect(reply.status, reply.text).toBe(202);
    await h.dashboard.idle();
    return (await job(jobId)).body.result;
  }
  async function membersOf(grpId: number, userId: number) {
    const reply = await h.portal.post('/user_grp/get_all', {
      criterias: [eq('user_grp_grp_id', String(grpId)), eq('user_grp_user_id', String(userId))],
    });
    return reply.body.total as number;
  }

  it('previews an import on the server, then runs it through the outbox: one membership, one event', async () => {
    // The directory knows the newcomer (with their e-mail) once looked up.
    const person = await h.call('POST', '/dashboard-api/people', { body: { identifiers: [newcomer.identifier] } });
    expect(person.body.result.saved).toBe(1);
    const email = (await h.call('GET', `/dashboard-api/people/${newcomer.userId}`)).body.result.email as string;
    const text = [
      'identifier,email',
      `${member.identifier},`,
      `,${email.toUpperCase()}`,
      `  ${newcomer.identifier.toLowerCase()}x,`,
      `${newcomer.identifier.toUpperCase()},`,
      'nobody-at-all,',
      `${member.identifier},`,
    ].join('\n');
    const ready = await start(
      { kind: 'import', grp_id: org1.rootGroupId, text },
      { 'x-dashboard-actor': encodeURIComponent('Zoé T.') },
    );
    expect(ready).toMatchObject({ kind: 'import', state: 'ready', started_by: 'Zoé T.', grp_id: org1.rootGroupId });
    expect(ready).toMatchObject({ total: 6, already_member: 1, not_found: 3, skipped: 1, added: 0 });
    const previewed = await rows(ready.job_id);
    expect(previewed.map((r: { outcome: string }) => r.outcome)).toEqual([
      'already_member',
      'pending',
      'not_found',
      'not_found',
      'not_found',
      'skipped',
    ]);
    expect(previewed[1]).toMatchObject({ user_id: newcomer.userId, identifier: newcomer.identifier });
    expect(newcomer.identifier.toUpperCase()).not.toBe(newcomer.identifier);
    expect(previewed[3].details).toBe(`Did you mean ${newcomer.identifier}?`);
    expect(previewed[2].details).toBeNull();
    expect(previewed[5]).toMatchObject({ error_code: 'duplicate', details: 'The same person and group as line 2.' });
    // Nothing written before run.
    expect(await membersOf(org1.rootGroupId, newcomer.userId)).toBe(0);

    const done = await runToEnd(ready.job_id);
    expect(done).toMatchObject({ state: 'done', added: 1, done: 6, failed: 0 });
    expect(done.finished_at).not.toBeNull();
    expect(await membersOf(org1.rootGroupId, newcomer.userId)).toBe(1);
    const events = await h.call('GET', `/dashboard-api/history?grp_id=${org1.rootGroupId}&user_id=${newcomer.userId}`);
    expect(events.body.result).toHaveLength(1);
    expect(events.body.result[0]).toMatchObject({ result: 'added', source: 'import', actor: 'Zoé T.' });
    // A job that ran cannot run again; a second import of the same list adds nobody.
    expectError(await h.call('POST', `/dashboard-api/jobs/${ready.job_id}/run`), 409, 'job_not_ready');
    const again = await start({ kind: 'import', grp_id: org1.rootGroupId, text });
    expect(again.already_member).toBe(2);
  });

  it('says of a current member asked to be a group admin that the flag cannot change', async () => {
    // A plain member of the root group, and the deepest group's admin already.
    const text = `${member.identifier};1\n`;
    const plain = await start({ kind: 'import', grp_id: org1.rootGroupId, text });
    expect((await rows(plain.job_id))[0]).toMatchObject({ outcome: 'already_member', error_code: 'admin_unchanged' });
    const admin = await start({ kind: 'import', grp_id: org1.deepestGroupId, text });
    expect((await rows(admin.job_id))[0]).toMatchObject({ outcome: 'already_member', error_code: null });
    const notAsked = await start({ kind: 'import', grp_id: org1.rootGroupId, text: `${member.identifier};0\n` });
    expect((await rows(notAsked.job_id))[0]).toMatchObject({ outcome: 'already_member', error_code: null });

    // Added elsewhere between the preview and the run: the portal's 409 does not say how.
    const grpId = org1.groupWithSpecialExternalId.grpId;
    expect(await membersOf(grpId, newcomer.userId)).toBe(0);
    const late = await start({ kind: 'import', grp_id: grpId, text: `${newcomer.identifier};1\n` });
    expect((await rows(late.job_id))[0]).toMatchObject({ outcome: 'pending' });
    const created = await h.portal.post('/user_grp/create', {
      user_grp_grp_id: grpId,
      user_grp_user_id: newcomer.userId,
      user_grp_group_admin: 0,
    });
    expect(created.status).toBe(200);
    expect(await runToEnd(late.job_id)).toMatchObject({ state: 'done', already_member: 1, added: 0 });
    expect((await rows(late.job_id))[0]).toMatchObject({ outcome: 'already_member', error_code: 'admin_unknown' });
  });

  it('bulk add, copy with subgroups and export with subgroups', async () => {
    const target = org1.deepestGroupId;
    const bulk = await start({ kind: 'bulk-add', grp_id: target, user_ids: [member.userId, newcomer.userId] });
    // The user with many takes is the deepest group's admin already.
    expect(bulk).toMatchObject({ state: 'ready', total: 2, already_member: 1, grp_name: expect.any(String) });
    expect(await runToEnd(bulk.job_id)).toMatchObject({ state: 'done', added: 1 });
    const history = await h.call('GET', `/dashboard-api/history?grp_id=${target}&user_id=${newcomer.userId}`);
    expect(history.body.result[0]).toMatchObject({ source: 'bulk', result: 'added' });

    const exported = await start({ kind: 'export', grp_id: org1.rootGroupId, include_subgroups: true });
    expect(exported.state).toBe('done');
    const listed = await h.call('GET', `/dashboard-api/jobs/${exported.job_id}/rows?outcome=listed&limit=1`);
    const direct = await h.portal.post('/user_grp/get_all', {
      criterias: [eq('user_grp_grp_id', String(org1.rootGroupId))],
    });
    expect(listed.body.total).toBeGreaterThan(direct.body.total as number);

    const copy = await start({
      kind: 'copy',
      from_grp_id: org1.rootGroupId,
      grp_id: org1.groupWithNullExternalId,
      include_subgroups: true,
    });
    expect(copy.state).toBe('ready');
    // One row per person of the exported tree, however many of its groups they are in.
    const people = new Set<number>();
    for (let start = 0; start < exported.total; start += 100)
      for (const row of await rows(exported.job_id, `&start=${start}`)) people.add(row.user_id as number);
    expect(people.size).toBeLessThan(exported.total);
    expect(copy.total).toBe(people.size);
  });

  it('takes a CSV or XLSX file as the body, ids as text, and refuses what is not one', async () => {
    const upload = (body: BodyInit, type: string, query = `?kind=import&grp_id=${org1.rootGroupId}`) =>
      h.app.request(`/dashboard-api/jobs${query}`, {
        method: 'POST',
        headers: { authorization: h.portal.token1, 'content-type': type },
        body,
      });
    const fromCsv = await upload(`identifier\n${member.identifier}\n`, 'text/csv');
    expect(fromCsv.status).toBe(202);

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('People');
    sheet.addRow(['Identifier', 'Group admin']);
    sheet.addRow([42, 'no']).getCell(1).numFmt = '00000';
    sheet.addRow([new Date(Date.UTC(2024, 0, 31)), 'yes']);
    sheet.addRow([member.identifier, 'no']);
    const fromXlsx = await upload(new Uint8Array(await book.xlsx.writeBuffer()), XLSX_TYPE);
    expect(fromXlsx.status).toBe(202);
    await h.dashboard.idle();
    const xlsxRows = await rows(((await fromXlsx.json()) as { result: { job_id: string } }).result.job_id);
    expect(xlsxRows.map((r: { identifier: string }) => r.identifier)).toEqual([
      '00042',
      '2024-01-31',
      member.identifier,
    ]);
    expect(xlsxRows.map((r: { line: number }) => r.line)).toEqual([2, 3, 4]);
    expect(xlsxRows[1].group_admin).toBe(true);

    // The group column chosen on the page (a header the detection does not know), and the encoding
    // named by the page's charset over the detected one (UTF-8 bytes read as Windows-1252 here).
    const chosen = await upload(
      new TextEncoder().encode(`identifier;team\n${member.identifier};Équipe\n`),
      'text/csv; charset=windows-1252',
      `?kind=import&grp_id=${org1.rootGroupId}&group_column=1`,
    );
    expect(chosen.status).toBe(202);
    await h.dashboard.idle();
    const [chosenRow] = await rows(((await chosen.json()) as { result: { job_id: string } }).result.job_id);
    expect(chosenRow).toMatchObject({ grp_name: 'Ã‰quipe', outcome: 'skipped', error_code: 'unknown_group' });
    const detected = await start({ kind: 'import', grp_id: org1.rootGroupId, text: `identifier;team\nx1;Équipe\n` });
    expect((await rows(detected.job_id))[0].grp_name).toBeNull();
    const none = await start({
      kind: 'import',
      grp_id: org1.rootGroupId,
      text: `id;group\nx1;Sales\n`,
      group_column: null,
    });
    // "Sales" would be an unknown group (skipped); with no group column the row is looked up.
    expect((await rows(none.job_id))[0]).toMatchObject({
      identifier: 'x1',
      outcome: 'not_found',
      grp_id: org1.rootGroupId,
    });
    expectError(await toReply(upload('x', 'text/csv', '?kind=import&group_column=-1')), 400, 'invalid_body');

    expectError(await toReply(upload(new Uint8Array([80, 75, 3, 4, 0, 0]), XLSX_TYPE)), 400, 'file_unreadable');
    expectError(await toReply(upload('', 'text/csv')), 400, 'file_empty');
    expectError(await toReply(upload('x', 'text/csv', '?kind=export')), 400, 'invalid_body');
    const tooBig = new Uint8Array(10 * 1024 * 1024 + 100 * 1024).fill(65);
    expect((await upload(tooBig, 'text/csv')).status).toBe(413);
    expectError(
      await h.call('POST', '/dashboard-api/jobs', { body: { kind: 'import', text: 'a' } }),
      400,
      'invalid_body',
    );
    expectError(
      await h.call('POST', '/dashboard-api/jobs', { body: { kind: 'bulk-add', grp_id: 2147483648, user_ids: [1] } }),
      400,
      'invalid_id',
    );
  });

  it('results as CSV in the caller language or XLSX', async () => {
    const ready = await start({ kind: 'import', grp_id: org1.rootGroupId, text: `${member.identifier}\n=1+2\n` });
    const fr = await h.call('GET', `/dashboard-api/jobs/${ready.job_id}/results`, {
      headers: { 'accept-language': 'fr-CA,fr;q=0.9' },
    });
    expect(fr.status).toBe(200);
    expect(fr.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = fr.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      "ligne;identifiant;courriel;utilisateur;nom;groupe;nom du groupe;administrateur du groupe;résultat;code d'erreur;détails;membre depuis",
    );
    expect(lines[2]).toContain(`"'=1+2"`);
    const en = await h.call('GET', `/dashboard-api/jobs/${ready.job_id}/results?lang=en`);
    expect(en.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^line,identifier,email,/);
    const xlsx = await h.app.request(`/dashboard-api/jobs/${ready.job_id}/results?format=xlsx`, {
      headers: { authorization: h.portal.token1 },
    });
    expect(xlsx.headers.get('content-type')).toBe(XLSX_TYPE);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    expect(book.worksheets[0]?.getRow(2).getCell(2).value).toBe(member.identifier);
  });

  it('never shows a job to another organisation, and checks ids', async () => {
    const mine = await start({ kind: 'import', grp_id: org1.rootGroupId, text: member.identifier });
    const other = h.portal.token2;
    expectError(await job(mine.job_id, other), 404, 'not_found');
    for (const path of ['rows', 'results'])
      expectError(await h.call('GET', `/dashboard-api/jobs/${mine.job_id}/${path}`, { token: other }), 404);
    for (const path of ['run', 'cancel'])
      expectError(await h.call('POST', `/dashboard-api/jobs/${mine.job_id}/${path}`, { token: other }), 404);
    const list = await h.call('GET', '/dashboard-api/jobs', { token: other });
    expect(list.body.result.map((j: { job_id: string }) => j.job_id)).not.toContain(mine.job_id);
    const ours = await h.call('GET', '/dashboard-api/jobs?limit=100');
    expect(ours.body.result[0].job_id).toBe(mine.job_id);
    // Another organisation's group is not found: its job never starts.
    expectError(
      await h.call('POST', '/dashboard-api/jobs', { body: { kind: 'export', grp_id: demoFacts.org2.groupId } }),
      404,
      'not_found',
    );
    expectError(await job('not-a-uuid'), 400, 'invalid_id');
    expectError(await h.call('GET', '/dashboard-api/jobs/12/rows'), 400, 'invalid_id');
    // Cancel, then cancel again: the same answer; a finished job cannot be cancelled.
    const cancelled = await h.call('POST', `/dashboard-api/jobs/${mine.job_id}/cancel`);
    expect(cancelled.body.result.state).toBe('cancelled');
    expect((await h.call('POST', `/dashboard-api/jobs/${mine.job_id}/cancel`)).status).toBe(200);
    expectError(await h.call('POST', `/dashboard-api/jobs/${mine.job_id}/run`), 409, 'job_not_ready');
  });
});

async function toReply(response: Response | Promise<Response>) {
  const res = await response;
  return { status: res.status, body: (await res.json()) as unknown } as Parameters<typeof expectError>[0];
}
