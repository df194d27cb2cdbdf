// The directory's search text: lower case, accents removed, so that "zoe" finds "Zoë" and
// "ÉLODIE" finds "élodie". Written once per person; queries are normalised the same way.

/** Letters that Unicode does not decompose into a base letter and an accent. */
const plainLetters: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

export function normaliseText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => plainLetters[letter] ?? letter);
}

/** The searchable text of a person: every field, separated by spaces (a term never spans two). */
export function personSearchText(fields: readonly (string | null)[]): string {
  return fields
    .filter((field): field is string => !!field)
    .map((field) => normaliseText(field).replace(/\s+/g, ' ').trim())
    .join(' ');
}

/** The words of a query; each must appear somewhere in the person's text. At most 8. */
export function searchTerms(query: string): string[] {
  return normaliseText(query).split(/\s+/).filter(Boolean).slice(0, 8);
}
