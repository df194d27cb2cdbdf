// Names in the order people expect: the language's collation (accents, case) with numbers read as
// numbers, so "team-2" comes before "team-10".
import type { Locale } from './i18n.tsx';

const collators = new Map<Locale, Intl.Collator>();

/** One collator per language: building one is costly, and a tree level sorts thousands of names. */
export function naturalCollator(locale: Locale): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
    collators.set(locale, collator);
  }
  return collator;
}

/** A copy of `items` sorted by `name` in natural order; equal names keep their first order. */
export function sortNatural<T>(items: readonly T[], name: (item: T) => string, locale: Locale): T[] {
  const { compare } = naturalCollator(locale);
  return items
    .map((item) => ({ item, key: name(item) }))
    .sort((a, b) => compare(a.key, b.key))
    .map(({ item }) => item);
}
