import { describe, expect, it } from 'vitest';
import {
  normaliseText,
  personTerms,
  prefixUpperBound,
  searchPieces,
  searchText,
  searchWords,
  sortName,
} from './search-text.ts';

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

  it("keeps a person's normalised fields one per line, and every suffix of each of their words", () => {
    const text = searchText({
      firstname: 'Zoë',
      lastname: "O'Brien",
      email: 'zoe.obrien@ACME.fr',
      identifier: 'FR-75',
    });
    expect(text).toBe("zoe\no'brien\nzoe.obrien@acme.fr\nfr-75");
    expect(personTerms(text).sort()).toEqual(
      [
        'zoe',
        'oe',
        'e',
        'o',
        'brien',
        'rien',
        'ien',
        'en',
        'n',
        'obrien',
        'acme',
        'cme',
        'me',
        'fr',
        'r',
        '75',
        '5',
      ].sort(),
    );
    expect(searchText({ firstname: null, lastname: 'Lefèvre', email: null, identifier: null })).toBe('\nlefevre\n\n');
  });

  it('cuts a long word at 100 characters before taking its suffixes', () => {
    const terms = personTerms('a'.repeat(150));
    expect(terms).toHaveLength(100);
    expect(terms[0]).toBe('a'.repeat(100));
  });

  it('splits a query at spaces into at most 8 distinct normalised words, longest first', () => {
    expect(searchWords('  Zoë   LEFÈVRE ')).toEqual(['lefevre', 'zoe']);
    expect(searchWords('e.dupont@')).toEqual(['e.dupont@']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
    expect(searchWords('   ')).toEqual([]);
  });

  it('reads the index by the runs of letters and digits of the query, longest first, none for punctuation only', () => {
    expect(searchPieces(searchWords('example.org zoe'))).toEqual(['example', 'org', 'zoe']);
    expect(searchPieces(searchWords('fr-75_001 FR'))).toEqual(['001', 'fr', '75']);
    expect(searchPieces(searchWords('% @'))).toEqual([]);
  });

  it('takes control characters (NUL included) for spaces, in queries and in names', () => {
    expect(searchWords('mar\u0000tin\u0007')).toEqual(['mar', 'tin']);
    expect(searchText({ firstname: 'Zo\u0000ë', lastname: null, email: null, identifier: null })).toBe('zo e\n\n\n');
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
