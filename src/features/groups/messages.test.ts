// The group messages that carry a count, formatted as a user sees them: each language's plural rule
// (French 0 and 1 singular) and digits.
import { describe, expect, it } from 'vitest';
import type { Locale } from '#lib/i18n.tsx';
import { formatMessage } from '#lib/message-format.ts';
import { groupMessages } from './messages.ts';

type Key = keyof (typeof groupMessages)['en'];
const say = (locale: Locale, key: Key, values: Record<string, number | string>) =>
  formatMessage(locale, groupMessages[locale][key], values);

describe('group messages with counts', () => {
  it('count subgroups', () => {
    expect([0, 1, 2].map((count) => say('en', 'subgroupCount', { count }))).toEqual([
      '0 subgroups',
      '1 subgroup',
      '2 subgroups',
    ]);
    expect([0, 1, 2].map((count) => say('fr', 'subgroupCount', { count }))).toEqual([
      '0 sous-groupe',
      '1 sous-groupe',
      '2 sous-groupes',
    ]);
    expect([1, 3].map((count) => say('fr', 'subgroups', { count }))).toEqual(['sous-groupe', 'sous-groupes']);
  });

  it('count search matches', () => {
    expect(say('en', 'searchMatches', { count: 1 })).toBe('1 matching group. Pick it to show it in the tree.');
    expect(say('en', 'searchMatches', { count: 7 })).toBe('7 matching groups. Pick one to show it in the tree.');
    expect(say('fr', 'searchMatches', { count: 1 })).toBe(
      "1 groupe correspond. Choisissez-le pour l'afficher dans l'arborescence.",
    );
    expect(say('fr', 'searchPartial', { count: 1 })).toBe(
      "(1 groupe parcouru pour l'instant : l'index est encore en chargement)",
    );
  });

  it('write the count in the language’s digits', () => {
    expect(say('en', 'searchManyMatches', { shown: 50, total: 1234 })).toBe(
      'The first 50 of 1,234 matching groups. Type more to narrow the list.',
    );
    expect(say('fr', 'indexReady', { count: 1234, time: '24 nov. 2026' })).toBe(
      `${new Intl.NumberFormat('fr').format(1234)} groupes consultables, à jour au 24 nov. 2026.`,
    );
    expect(say('en', 'indexReady', { count: 1, time: 'Nov 24, 2026' })).toBe('1 group searchable, as of Nov 24, 2026.');
  });
});
