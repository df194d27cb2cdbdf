import { describe, expect, it } from 'vitest';
import { groupResolver } from './import-groups.ts';
import type { Grp } from '#schemas/grp.ts';

const grp = (
  grp_id: number,
  grp_name: string,
  grp_external_id: string | null = null,
  grp_external_name: string | null = null,
): Grp => ({
  grp_id,
  grp_name,
  grp_description: null,
  grp_parent_id: null,
  grp_external_id,
  grp_external_name,
  grp_created_date: '2024-01-01T00:00:00Z',
  grp_updated_date: '2024-01-01T00:00:00Z',
});

describe('groupResolver', () => {
  const groups = [
    grp(12, 'Sales', 'EXT-7'),
    grp(7, 'Support', 'EXT-12'),
    grp(30, '42'),
    grp(31, 'Sales'),
    grp(40, 'mkt-gb', null, 'Marketing UK'),
    grp(41, 'Marketing UK ops', null, 'Support'),
  ];
  const resolve = groupResolver(groups);

  it('tries the external id first, then the id, then the exact name', () => {
    expect(resolve('EXT-7')?.grp_id).toBe(12);
    expect(resolve('12')?.grp_id).toBe(12);
    expect(resolve('7')?.grp_id).toBe(7);
    expect(resolve('Support')?.grp_id).toBe(7);
    // A name made of digits that is no group's id is still found by name.
    expect(resolve('42')?.grp_id).toBe(30);
    expect(resolve('  Support ')?.grp_id).toBe(7);
  });

  it('then the exact external name, after every group’s own name', () => {
    expect(resolve('Marketing UK')?.grp_id).toBe(40);
    // "Support" is group 7's name: a name wins over another group's external name.
    expect(resolve('Support')?.grp_id).toBe(7);
    expect(resolve('marketing uk')).toBeNull();
  });

  it('finds nothing for an unknown group, a name in another case or an empty cell', () => {
    expect(resolve('Marketing')).toBeNull();
    expect(resolve('sales')).toBeNull();
    expect(resolve('')).toBeNull();
  });

  it('resolves a name two groups share to the older one, always the same', () => {
    expect(resolve('Sales')?.grp_id).toBe(12);
    expect(groupResolver([...groups].reverse())('Sales')?.grp_id).toBe(12);
  });
});
