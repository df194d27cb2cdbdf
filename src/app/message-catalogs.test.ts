// Every catalog of the app, read as ICU MessageFormat: a message that does not parse, a key or an
// argument that one language has and the other lacks, fails here rather than on a user's screen.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';

const modules = import.meta.glob<Record<string, unknown>>('/src/**/messages.ts', { eager: true });

interface AnyCatalog {
  en: Record<string, string>;
  fr: Record<string, string>;
}

function isCatalog(value: unknown): value is AnyCatalog {
  return typeof value === 'object' && value !== null && 'en' in value && 'fr' in value;
}

const catalogs = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, AnyCatalog] => isCatalog(entry[1]))
    .map(([name, catalog]) => ({ name: `${file} ${name}`, catalog })),
);

function argumentsOf(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type !== TYPE.literal && element.type !== TYPE.pound && element.type !== TYPE.tag) {
      names.add(element.value);
    }
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, names);
    }
  }
  return names;
}

const argumentNames = (message: string) => [...argumentsOf(parse(message, { ignoreTag: true }))].sort();

describe('message catalogs', () => {
  it('are all found', () => {
    expect(catalogs.length).toBeGreaterThanOrEqual(8);
  });

  it.each(catalogs)('$name: French has exactly the keys of English', ({ catalog }) => {
    expect(Object.keys(catalog.fr).sort()).toEqual(Object.keys(catalog.en).sort());
  });

  it.each(catalogs)('$name: every message parses, with the same arguments in both languages', ({ catalog }) => {
    for (const [key, english] of Object.entries(catalog.en)) {
      const french = catalog.fr[key] ?? '';
      expect({ key, arguments: argumentNames(french) }).toEqual({ key, arguments: argumentNames(english) });
    }
  });
});
