import { describe, expect, it } from 'vitest';
import { historyFilter, historyPageParams } from './history-search.ts';

describe('historyFilter', () => {
  it('reads every filter of the URL', () => {
    const filter = historyFilter({ group: '12', person: '257', source: 'import', result: 'failed' });
    expect(filter).toMatchObject({ grp_id: 12, user_id: 257, source: 'import', result: 'failed' });
  });

  it('leaves out what it cannot read', () => {
    expect(
      historyFilter({ group: 'sales', person: '-3', source: 'fax', result: 'maybe', from: '2026-13-45', to: 'x' }),
    ).toEqual({
      grp_id: undefined,
      user_id: undefined,
      source: undefined,
      result: undefined,
      from: undefined,
      to: undefined,
    });
  });

  it('turns days into the local day from its first to its last millisecond', () => {
    const { from, to } = historyFilter({ from: '2026-03-01', to: '2026-03-02' });
    expect(from).toBe(new Date(2026, 2, 1).toISOString());
    expect(to).toBe(new Date(2026, 2, 3, 0, 0, 0, -1).toISOString());
  });
});

describe('historyPageParams', () => {
  it('pages by start and limit', () => {
    expect(historyPageParams({ page: 3, pageSize: 20, filters: {} })).toMatchObject({ start: 40, limit: 20 });
  });
});
