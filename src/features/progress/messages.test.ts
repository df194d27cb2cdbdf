// The report's messages that carry counts, as a user reads them in both languages.
import { describe, expect, it } from 'vitest';
import type { Locale } from '#lib/i18n.tsx';
import { formatMessage } from '#lib/message-format.ts';
import { progressMessages } from './messages.ts';

type Key = keyof (typeof progressMessages)['en'];
const say = (locale: Locale, key: Key, values: Record<string, number | string>) =>
  formatMessage(locale, progressMessages[locale][key], values);

describe('progress messages with counts', () => {
  it('agree "Stalled" with the takes and the days', () => {
    expect(say('en', 'stalledCount', { count: 1, days: 1 })).toBe(
      '1 take started more than 1 day ago and not completed, with no take of the same product started since.',
    );
    expect(say('en', 'stalledCount', { count: 0, days: 30 })).toMatch(/^No take started more than 30 days ago/);
    expect(say('fr', 'stalledCount', { count: 2, days: 30 })).toBe(
      '2 passages commencés il y a plus de 30 jours et non terminés, sans passage du même produit commencé depuis.',
    );
    expect(say('fr', 'stalledCount', { count: 0, days: 1 })).toMatch(
      /^Aucun passage commencé il y a plus de 1 jour et non terminé,/,
    );
  });

  it('agree "Below the pass mark" and the people chosen', () => {
    expect(say('en', 'belowCount', { count: 3 })).toMatch(/^3 completions with a best score/);
    expect(say('fr', 'belowCount', { count: 1 })).toMatch(/^1 achèvement avec un meilleur score/);
    expect(say('en', 'attentionPeople', { count: 1 })).toBe('1 person');
    expect(say('fr', 'attentionPeople', { count: 4 })).toBe('4 personnes');
  });
});
