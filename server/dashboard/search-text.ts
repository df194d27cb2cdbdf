// The directory's search text: lower case, accents removed, so that "zoe" finds "Zoë" and
// "ÉLODIE" finds "élodie". A query matches a person when each of its words (split at spaces) is
// part of one of their fields: first name, last name, e-mail or organisation identifier ("evre"
// finds Lefèvre, "example.org" finds everyone at that domain, "fr-75" finds "FR-75_001").
// Each person keeps their normalised fields in one text (`searchText`) and every suffix of every
// word of it in an index (directory_term): a part of a word is the beginning of one of its
// suffixes, so a piece of the query is one range of that index (milliseconds over 100,000 people
// instead of a scan); the people of that range are then checked against the whole query on their
// search text.

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

/**
 * Longer words are cut before their suffixes are taken, the same way for people and queries: a
 * part of such a word beyond its first 100 characters is not found.
 */
const MAX_WORD = 100;
/** Between the fields of a search text: never in a normalised query word, so no match spans two fields. */
const FIELD_SEPARATOR = '\n';
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

/** The normalised fields, one per line: what every word of a query must be part of. */
export function searchText({ firstname, lastname, email, identifier }: SearchableFields): string {
  return [firstname, lastname, email, identifier]
    .map((field) => (field ? normaliseText(field) : ''))
    .join(FIELD_SEPARATOR);
}

/** Every distinct suffix of every word of a search text: the person's rows of the index. */
export function personTerms(text: string): string[] {
  const terms = new Set<string>();
  for (const word of alphanumericWords(text)) {
    const chars = Array.from(word).slice(0, MAX_WORD);
    for (let i = 0; i < chars.length; i++) terms.add(chars.slice(i).join(''));
  }
  return [...terms];
}

/** The words of a query, longest first, at most 8: each must be part of the person's search text. */
export function searchWords(query: string): string[] {
  const words = normaliseText(query).split(' ').filter(Boolean);
  return [...new Set(words)].sort((a, b) => b.length - a.length).slice(0, 8);
}

/**
 * The runs of letters and digits in the query's words (cut like a person's words), each once,
 * longest first: each is the beginning of a suffix in the index, so a range of it; the search
 * reads the range with the fewest rows. None when the query has none ("%", "@").
 */
export function searchPieces(words: readonly string[]): string[] {
  const pieces = words.flatMap(alphanumericWords).map((piece) => Array.from(piece).slice(0, MAX_WORD).join(''));
  return [...new Set(pieces)].sort((a, b) => b.length - a.length);
}

/** The order of search results: "lastname firstname", normalised. */
export function sortName(lastname: string | null, firstname: string | null): string {
  return Array.from(normaliseText([lastname, firstname].filter(Boolean).join(' ')))
    .slice(0, MAX_SORT_NAME)
    .join('');
}

/**
 * Terms that begin with `prefix` lie in [prefix, upper): the prefix with its last character
 * incremented. Compared as code points (SQLite's BINARY, PostgreSQL's "C" collation).
 */
export function prefixUpperBound(prefix: string): string {
  const chars = Array.from(prefix);
  // The last code point (U+10FFFF) has no next one: the bound moves to the character before.
  while (chars.length > 0) {
    const last = chars.pop()?.codePointAt(0) ?? 0;
    if (last < LAST_CODE_POINT) return chars.join('') + String.fromCodePoint(last + 1);
  }
  // Only U+10FFFF: above every term (a term has at most MAX_WORD code points).
  return String.fromCodePoint(LAST_CODE_POINT).repeat(MAX_WORD + 1);
}
