// The directory's search words: lower case, accents removed, so that "zoe" finds "Zoë" and
// "ÉLODIE" finds "élodie". A person's words are the words of their names, of their e-mail's
// local part and of their identifier, plus the whole e-mail and identifier (and any field
// without spaces), so that "e.dupont@ex" and "fr-75" find what they begin. A query matches a
// person when each of its words (split at spaces) begins one of the person's words. The store
// keeps every person's words in an index (directory_term): a query word is a range of it, which
// is what makes a search over 100,000 people take milliseconds instead of a scan.

/** Letters that Unicode does not decompose into a base letter and an accent. */
const plainLetters: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** Longer words are cut, the same way for people and queries (a prefix stays a prefix). */
const MAX_WORD = 100;
/**
 * Longer sort names are cut: they are in an index, and PostgreSQL refuses an index entry over
 * about 2,700 bytes (200 characters are 800 bytes at most).
 */
const MAX_SORT_NAME = 200;
const LAST_CODE_POINT = 0x10ffff;

export function normaliseText(value: string): string {
  return (
    value
      // Control characters (NUL included, which PostgreSQL cannot hold) separate words like spaces.
      .replace(/\p{Cc}/gu, ' ')
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[ßæœøłđðþı]/g, (letter) => plainLetters[letter] ?? letter)
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const alphanumericWords = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

export interface SearchableFields {
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  identifier: string | null;
}

/** Every distinct search word of a person. */
export function personTerms({ firstname, lastname, email, identifier }: SearchableFields): string[] {
  const terms: string[] = [];
  for (const field of [firstname, lastname, email, identifier]) {
    if (!field) continue;
    const text = normaliseText(field);
    if (!text.includes(' ')) terms.push(text);
    // An e-mail's domain is the same for most of an organisation: a word of it would match everyone.
    terms.push(...alphanumericWords(field === email ? (text.split('@')[0] ?? '') : text));
  }
  return [...new Set(terms.map((term) => term.slice(0, MAX_WORD)))];
}

/** The words of a query, longest first (the most selective drives the search). At most 8. */
export function searchTerms(query: string): string[] {
  const words = normaliseText(query).split(' ').filter(Boolean);
  return [...new Set(words.map((word) => word.slice(0, MAX_WORD)))].sort((a, b) => b.length - a.length).slice(0, 8);
}

/** The order of search results: "lastname firstname", normalised. */
export function sortName(lastname: string | null, firstname: string | null): string {
  return Array.from(normaliseText([lastname, firstname].filter(Boolean).join(' ')))
    .slice(0, MAX_SORT_NAME)
    .join('');
}

/**
 * Words that begin with `prefix` lie in [prefix, upper): the prefix with its last character
 * incremented. Compared as code points (SQLite's BINARY, PostgreSQL's "C" collation).
 */
export function prefixUpperBound(prefix: string): string {
  const chars = Array.from(prefix);
  // The last code point (U+10FFFF) has no next one: the bound moves to the character before.
  while (chars.length > 0) {
    const last = chars.pop()?.codePointAt(0) ?? 0;
    if (last < LAST_CODE_POINT) return chars.join('') + String.fromCodePoint(last + 1);
  }
  // Only U+10FFFF: above every word (a word has at most MAX_WORD code units).
  return String.fromCodePoint(LAST_CODE_POINT).repeat(MAX_WORD);
}
