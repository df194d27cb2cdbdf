import { describe, expect, it } from 'vitest';
import { parseAdminCell, parseImportText } from './import-rows.ts';

describe('parseImportText', () => {
  it('reads a pasted list, one identifier a line, skipping blank lines', async () => {
    const parsed = await parseImportText('E100001\n\n  jean dupont  \nE100003\n');
    expect(parsed.header).toBeNull();
    expect(parsed.rows.map((r) => [r.line, r.identifier, r.admin, r.problem])).toEqual([
      [1, 'E100001', 0, null],
      [3, 'jean dupont', 0, null],
      [4, 'E100003', 0, null],
    ]);
  });

  it('detects a header with a BOM and `;`, in any column order', async () => {
    const parsed = await parseImportText('\uFEFFGroup admin;Organisation identifier\noui;élodie.martin\n0;ext/4521\n');
    expect(parsed.header).toEqual(['Group admin', 'Organisation identifier']);
    expect(parsed.identifierColumn).toBe(1);
    expect(parsed.adminColumn).toBe(0);
    expect(parsed.rows.map((r) => [r.line, r.identifier, r.admin])).toEqual([
      [2, 'élodie.martin', 1],
      [3, 'ext/4521', 0],
    ]);
  });

  it('reads an e-mail column ("email", "e-mail", "courriel"): the identifier where there is no identifier column or cell', async () => {
    const alone = await parseImportText('Courriel;Group admin\nana@example.org;oui\n');
    expect(alone.emailColumn).toBe(0);
    expect(alone.rows.map((r) => [r.identifier, r.email, r.admin, r.problem])).toEqual([
      ['ana@example.org', 'ana@example.org', 1, null],
    ]);
    const both = await parseImportText('identifier,E-mail\nE1,e1@example.org\n,e2@example.org\n');
    expect(both.identifierColumn).toBe(0);
    expect(both.rows.map((r) => [r.identifier, r.email])).toEqual([
      ['E1', 'e1@example.org'],
      ['e2@example.org', 'e2@example.org'],
    ]);
  });

  it('takes the second column as the admin flag without a header, and flags bad values', async () => {
    const parsed = await parseImportText('E1,1\nE2,maybe\n,1\n"a,b",0\n');
    expect(parsed.rows.map((r) => [r.identifier, r.admin, r.problem])).toEqual([
      ['E1', 1, null],
      ['E2', 0, 'admin-value'],
      ['', 1, 'empty'],
      ['a,b', 0, null],
    ]);
  });

  it('finds the delimiter of a pasted list whose first lines have no admin column', async () => {
    const parsed = await parseImportText('E1\nE2\nE3;1\n');
    expect(parsed.rows.map((r) => [r.identifier, r.admin])).toEqual([
      ['E1', 0],
      ['E2', 0],
      ['E3', 1],
    ]);
  });

  it('flags identifiers that are too long or carry control characters', async () => {
    const parsed = await parseImportText(`${'x'.repeat(256)}\n"bad\u0007id"\n`);
    expect(parsed.rows.map((r) => r.problem)).toEqual(['too-long', 'control-characters']);
  });
});

describe('parseAdminCell', () => {
  it('reads yes/no in English and French', () => {
    expect(['1', 'Yes', 'oui', 'TRUE', 'x'].map(parseAdminCell)).toEqual([1, 1, 1, 1, 1]);
    expect(['0', 'no', 'Non', '', 'false'].map(parseAdminCell)).toEqual([0, 0, 0, 0, 0]);
    expect(parseAdminCell('perhaps')).toBeNull();
  });
});

describe('group column', () => {
  it.each(['group', 'Groupe', 'grp_external_id', 'GRP_ID', 'grp_name'])(
    'is detected by its header: %s',
    async (header) => {
      const parsed = await parseImportText(`identifier;${header};group admin\nE1;Sales;1\nE2;;0\n`);
      expect(parsed.groupColumn).toBe(1);
      expect(parsed.identifierColumn).toBe(0);
      expect(parsed.adminColumn).toBe(2);
      expect(parsed.rows.map((r) => [r.identifier, r.group, r.admin])).toEqual([
        ['E1', 'Sales', 1],
        ['E2', '', 0],
      ]);
    },
  );

  it('is not "group admin", and is absent from a file without one', async () => {
    const parsed = await parseImportText('organisation_identifier,group_admin\nE1,1\n');
    expect(parsed.groupColumn).toBeNull();
    expect(parsed.adminColumn).toBe(1);
    expect(parsed.rows[0]?.group).toBeNull();
  });

  it('takes the identifier from the first other column when only the group column is named', async () => {
    const parsed = await parseImportText('groupe;matricule interne\nSales;E1\n');
    expect(parsed.groupColumn).toBe(0);
    expect(parsed.rows.map((r) => [r.identifier, r.group])).toEqual([['E1', 'Sales']]);
  });

  it('can be chosen by hand, or turned off', async () => {
    const text = 'E1,Sales\nE2,Support\n';
    const detected = await parseImportText(text);
    expect([detected.groupColumn, detected.adminColumn, detected.columns]).toEqual([null, 1, 2]);
    const chosen = await parseImportText(text, { groupColumn: 1 });
    expect([chosen.groupColumn, chosen.adminColumn]).toEqual([1, null]);
    expect(chosen.rows.map((r) => [r.identifier, r.group, r.problem])).toEqual([
      ['E1', 'Sales', null],
      ['E2', 'Support', null],
    ]);
    const off = await parseImportText('identifier;group\nE1;Sales\n', { groupColumn: null });
    expect(off.groupColumn).toBeNull();
    expect(off.rows[0]?.group).toBeNull();
  });
});
