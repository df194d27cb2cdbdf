// The progress summary's scope, formatted as a user sees it: no takes, one take, many.
import { describe, expect, it } from 'vitest';
import type { Locale } from '#lib/i18n.tsx';
import { formatMessage } from '#lib/message-format.ts';
import { userMessages } from './messages.ts';

const scope = (locale: Locale, total: number, scored: number) =>
  formatMessage(locale, userMessages[locale].summaryScope, { total, scored });

describe('summaryScope', () => {
  it('in English', () => {
    expect(scope('en', 0, 0)).toBe('This user has no takes yet (whatever the product filter).');
    expect(scope('en', 1, 0)).toBe('Over the one take of this user (whatever the product filter), not scored.');
    expect(scope('en', 1, 1)).toBe('Over the one take of this user (whatever the product filter), scored.');
    expect(scope('en', 12, 1)).toBe('Over all 12 takes of this user (whatever the product filter), 1 of them scored.');
  });

  it('in French, where 0 and 1 are singular', () => {
    expect(scope('fr', 1, 1)).toBe('Sur le seul passage de cet utilisateur (quel que soit le filtre produit), noté.');
    expect(scope('fr', 12, 0)).toBe(
      'Sur l’ensemble des 12 passages de cet utilisateur (quel que soit le filtre produit), dont 0 noté.',
    );
    expect(scope('fr', 12, 5)).toBe(
      'Sur l’ensemble des 12 passages de cet utilisateur (quel que soit le filtre produit), dont 5 notés.',
    );
  });
});
