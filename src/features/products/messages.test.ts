// The catalogue messages that carry counts, formatted as a user sees them in both languages.
import { describe, expect, it } from 'vitest';
import type { Locale } from '#lib/i18n.tsx';
import { formatMessage } from '#lib/message-format.ts';
import { productMessages, type ProductMessages } from './messages.ts';

const say = (locale: Locale, key: keyof ProductMessages, values: Record<string, number>) =>
  formatMessage(locale, productMessages[locale][key], values);

describe('catalogue messages with counts', () => {
  it('agree with each count on its own', () => {
    expect(say('en', 'catalogueCount', { total: 1, loaded: 0 })).toBe('1 product · 0 loaded');
    expect(say('fr', 'catalogueCount', { total: 1, loaded: 0 })).toBe('1 produit · 0 chargé');
    expect(say('fr', 'catalogueCount', { total: 40, loaded: 12 })).toBe('40 produits · 12 chargés');
    expect(say('en', 'filterMatches', { shown: 1, missing: 3 })).toBe(
      '1 loaded product matches. 3 products are not loaded yet.',
    );
    expect(say('fr', 'filterMatches', { shown: 0, missing: 1 })).toBe(
      "0 produit chargé correspond. 1 produit n'est pas encore chargé.",
    );
    expect(say('en', 'filterAllLoaded', { shown: 0 })).toBe('0 products match.');
    expect(say('fr', 'filterAllLoaded', { shown: 2 })).toBe('2 produits correspondent.');
  });

  it('name the last product to load without a count', () => {
    expect(say('en', 'loadRemaining', { n: 1 })).toBe('Load the other product');
    expect(say('en', 'loadRemaining', { n: 25 })).toBe('Load the other 25 products');
    expect(say('fr', 'loadRemaining', { n: 1 })).toBe("Charger l'autre produit");
    expect(say('fr', 'loadRemaining', { n: 25 })).toBe('Charger les 25 autres produits');
  });
});
