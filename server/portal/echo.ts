// Input echoed in an error message: short, and with nothing invisible. A 100 kB column name
// must not come back whole, and a byte-order mark or a right-to-left override must not hide
// in (or reorder) the message a person reads.

export const MAX_ECHO_CHARACTERS = 60;

/** Control, format (BOM, zero-width, bidi), line/paragraph separator and unusual space characters. */
const invisible = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Zs}]/gu;

/** Writes invisible characters (and lone surrogates) as \uXXXX escapes; plain spaces stay. */
export function visible(text: string): string {
  return text.replace(invisible, (ch) => (ch === ' ' ? ch : escape(ch))).replace(/\p{Cs}/gu, escape);
}

const escape = (ch: string) => `\\u${(ch.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`;

/** A value in double quotes, at most MAX_ECHO_CHARACTERS characters (then "…"), made visible. */
export function quoted(value: string, max = MAX_ECHO_CHARACTERS): string {
  const characters = Array.from(value);
  const shown = characters.length > max ? `${characters.slice(0, max).join('')}…` : value;
  return `"${visible(shown.replace(/["\\]/g, (ch) => `\\${ch}`))}"`;
}
