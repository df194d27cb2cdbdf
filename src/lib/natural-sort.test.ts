import { describe, expect, it } from 'vitest';
import { sortNatural } from './natural-sort.ts';

const byself = (s: string) => s;

describe('sortNatural', () => {
  it('reads numbers as numbers: team-2 before team-10', () => {
    expect(sortNatural(['team-10', 'team-2', 'team-1'], byself, 'en')).toEqual(['team-1', 'team-2', 'team-10']);
  });

  it('sorts by name, not creation order, ignoring case and accents as the language does', () => {
    expect(sortNatural(['sales', 'stores', 'sales-2', 'Engineering', 'éducation'], byself, 'fr')).toEqual([
      'éducation',
      'Engineering',
      'sales',
      'sales-2',
      'stores',
    ]);
  });

  it('keeps the first order of equal names and does not touch its input', () => {
    const input = [
      { id: 1, name: 'b' },
      { id: 2, name: 'a' },
      { id: 3, name: 'A' },
    ];
    expect(sortNatural(input, (g) => g.name, 'en').map((g) => g.id)).toEqual([2, 3, 1]);
    expect(input.map((g) => g.id)).toEqual([1, 2, 3]);
  });
});
