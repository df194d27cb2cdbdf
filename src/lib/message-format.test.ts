import { describe, expect, it } from 'vitest';
import { fill } from './i18n.tsx';
import { formatMessage } from './message-format.ts';

const groups = {
  en: '{count, plural, one {# group} other {# groups}}',
  fr: '{count, plural, one {# groupe} other {# groupes}}',
};

describe('formatMessage', () => {
  it('chooses the plural form by the language’s rules: French 0 and 1 are singular', () => {
    expect([0, 1, 2].map((count) => formatMessage('en', groups.en, { count }))).toEqual([
      '0 groups',
      '1 group',
      '2 groups',
    ]);
    expect([0, 1, 2].map((count) => formatMessage('fr', groups.fr, { count }))).toEqual([
      '0 groupe',
      '1 groupe',
      '2 groupes',
    ]);
  });

  it('writes the count in the language’s digits and keeps plain arguments and apostrophes as they are', () => {
    expect(formatMessage('en', groups.en, { count: 1234 })).toBe('1,234 groups');
    expect(formatMessage('fr', groups.fr, { count: 1234 })).toBe(`${new Intl.NumberFormat('fr').format(1234)} groupes`);
    expect(formatMessage('fr', "L'import de {name} <b>", { name: 'Été' })).toBe("L'import de Été <b>");
  });

  it('selects a branch by value', () => {
    const message = '{state, select, done {Finished} other {Running}}';
    expect(formatMessage('en', message, { state: 'done' })).toBe('Finished');
    expect(formatMessage('en', message, { state: 'waiting' })).toBe('Running');
  });
});

describe('fill', () => {
  it('refuses a plural message, which only formatMessage can read', () => {
    expect(() => fill(groups.en, { count: 2 })).toThrow(/formatMessage/);
  });
});
