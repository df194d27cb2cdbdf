import { describe, expect, it } from 'vitest';
import { normaliseText, personTerms, prefixUpperBound, searchTerms, sortName } from './search-text.ts';

describe('directory search words', () => {
  it.each([
    ['Zoë', 'zoe'],
    ['ÉLODIE', 'elodie'],
    ['Bjørn  Østergård', 'bjorn ostergard'],
    ['Straße', 'strasse'],
    ['Łukasz', 'lukasz'],
    ['Ｆｕｌｌ', 'full'],
  ])('normalises %j to %j', (value, normalised) => {
    expect(normaliseText(value)).toBe(normalised);
  });

  it("takes the words of a person's names, e-mail local part and identifier, and the whole fields without spaces", () => {
    expect(
      personTerms({
        firstname: 'Zoë',
        lastname: "O'Brien-Smith",
        email: 'zoe.obrien@ACME.com',
        identifier: 'FR-75_001',
      }),
    ).toEqual([
      'zoe',
      "o'brien-smith",
      'o',
      'brien',
      'smith',
      'zoe.obrien@acme.com',
      'obrien',
      'fr-75_001',
      'fr',
      '75',
      '001',
    ]);
    expect(personTerms({ firstname: 'Van der', lastname: null, email: null, identifier: null })).toEqual([
      'van',
      'der',
    ]);
  });

  it('splits a query at spaces into at most 8 distinct normalised words, longest first', () => {
    expect(searchTerms('  Zoë   LEFÈVRE ')).toEqual(['lefevre', 'zoe']);
    expect(searchTerms('e.dupont@')).toEqual(['e.dupont@']);
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(8);
    expect(searchTerms('   ')).toEqual([]);
  });

  it('takes control characters (NUL included) for spaces, in queries and in names', () => {
    expect(searchTerms('mar\u0000tin\u0007')).toEqual(['mar', 'tin']);
    expect(personTerms({ firstname: 'Zo\u0000ë', lastname: null, email: null, identifier: null })).toEqual(['zo', 'e']);
    expect(sortName('Le\u0000fèvre', null)).toBe('le fevre');
  });

  it('cuts sort names at 200 characters (an index entry of PostgreSQL has a size limit)', () => {
    expect(Array.from(sortName('😀'.repeat(5000), 'Zoë'))).toHaveLength(200);
  });

  it('orders by last name then first name', () => {
    expect(sortName('Lefèvre', 'Zoë')).toBe('lefevre zoe');
    expect(sortName(null, 'Zoë')).toBe('zoe');
  });

  it('bounds the words that begin with a prefix', () => {
    expect(prefixUpperBound('lef')).toBe('leg');
    expect(prefixUpperBound('a9')).toBe('a:');
    const inRange = (word: string, prefix: string) => word >= prefix && word < prefixUpperBound(prefix);
    expect(inRange('lefevre', 'lef')).toBe(true);
    expect(inRange('lef', 'lef')).toBe(true);
    expect(inRange('leg', 'lef')).toBe(false);
    expect(inRange('lee', 'lef')).toBe(false);
  });

  it('bounds a prefix that ends with the last code point, U+10FFFF', () => {
    expect(prefixUpperBound('a\u{10FFFF}')).toBe('b');
    expect(prefixUpperBound('\u{10FFFF}') > '\u{10FFFF}'.repeat(50)).toBe(true);
  });
});
