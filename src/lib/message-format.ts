// ICU MessageFormat for messages that carry counts or choices: `{count, plural, one {# groupe}
// other {# groupes}}`, `{kind, select, …}`. A module of its own, apart from i18n.tsx, so the
// first page (login and shell) does not carry the parser: only the pages that format such
// messages load it. Messages without plural or select keep the light `fill` of i18n.tsx.
import { IntlMessageFormat } from 'intl-messageformat';
import { useCallback } from 'react';
import { useLocale, type Locale } from './i18n.tsx';

type MessageValues = Record<string, string | number>;

// Parsing a message costs far more than formatting it: one compiled form per language and message.
const compiled = new Map<string, IntlMessageFormat>();

function compile(locale: Locale, message: string): IntlMessageFormat {
  const key = `${locale}\u0000${message}`;
  let format = compiled.get(key);
  if (!format) {
    // ignoreTag: our messages are plain text, and `<` in them is just a character.
    format = new IntlMessageFormat(message, locale, undefined, { ignoreTag: true });
    compiled.set(key, format);
  }
  return format;
}

/** Formats an ICU message in `locale`; `#` in a plural branch is the count in the language's digits. */
export function formatMessage(locale: Locale, message: string, values: MessageValues): string {
  return String(compile(locale, message).format(values));
}

/** `format(message, values)` in the current language. */
export function useMessageFormat(): (message: string, values: MessageValues) => string {
  const { locale } = useLocale();
  return useCallback((message, values) => formatMessage(locale, message, values), [locale]);
}
