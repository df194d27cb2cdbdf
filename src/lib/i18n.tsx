// Languages: every UI string comes from a catalog `{ en, fr }` owned by the feature that shows it.
// `useMessages(catalog)` picks the current language; `useFormat()` formats with Intl.
import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import { readPreference, writePreference } from './preferences.ts';

export const locales = ['en', 'fr'] as const;
export type Locale = (typeof locales)[number];

/** A feature's messages: French must have exactly the keys of English. */
type Catalog<M extends Record<string, string>> = { en: M; fr: { [K in keyof M]: string } };

export function defineMessages<M extends Record<string, string>>(catalog: Catalog<M>): Catalog<M> {
  return catalog;
}

/**
 * Replaces `{name}` placeholders. Messages with plural or select go through `formatMessage`
 * (message-format.ts), which is kept off the first page.
 */
export function fill(template: string, values: Record<string, string | number>): string {
  refusePluralInDev(template);
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** In development, a plural or select message given to `fill` or `fillNodes` throws: only `formatMessage` reads them. */
export function refusePluralInDev(template: string): void {
  if (import.meta.env.DEV && /\{\w+,\s*(plural|select)\s*,/.test(template)) {
    throw new Error(`A plural or select message needs formatMessage: ${template}`);
  }
}

interface LocaleContextValue {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

const LocaleContext = createContext<LocaleContextValue>({ locale: 'en', setLocale: () => {} });

function initialLocale(): Locale {
  const saved = readPreference('locale');
  if (saved === 'en' || saved === 'fr') return saved;
  return navigator.language.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(initialLocale);
  const value = useMemo<LocaleContextValue>(
    () => ({
      locale,
      setLocale: (next) => {
        writePreference('locale', next);
        setLocaleState(next);
      },
    }),
    [locale],
  );
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return <LocaleContext value={value}>{children}</LocaleContext>;
}

export function useLocale(): LocaleContextValue {
  return use(LocaleContext);
}

export function useMessages<M extends Record<string, string>>(catalog: Catalog<M>): M {
  const { locale } = useLocale();
  return (locale === 'fr' ? catalog.fr : catalog.en) as M;
}

export interface Formatters {
  /** A portal timestamp as a date and time; `fallback` when null or unreadable. */
  dateTime: (value: string | null | undefined, fallback?: string) => string;
  date: (value: string | null | undefined, fallback?: string) => string;
  number: (value: number) => string;
  /** A take score (0 to 100 on our portal; shown as it comes otherwise). */
  score: (value: number | null | undefined, fallback?: string) => string;
  duration: (minutes: number) => string;
}

// One set per language for the whole app: building Intl formatters is costly, and a component
// calling useFormat may mount hundreds of times (rows of a virtualised list).
const formattersByLocale = new Map<Locale, Formatters>();

export function useFormat(): Formatters {
  const { locale } = useLocale();
  let formatters = formattersByLocale.get(locale);
  if (!formatters) {
    formatters = createFormatters(locale);
    formattersByLocale.set(locale, formatters);
  }
  return formatters;
}

/** A whole number that Intl.NumberFormat writes as String() does, in English and French. */
export function isPlainInteger(value: number): boolean {
  return Number.isInteger(value) && value > -1000 && value < 1000 && !Object.is(value, -0);
}

/** A value built on its first use only. */
function onFirstUse<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

/**
 * Each Intl formatter is built when first used: building one costs milliseconds (tens at a 4×
 * CPU slowdown), and most pages use one or two of the five.
 */
export function createFormatters(locale: Locale): Formatters {
  const dateTime = onFirstUse(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }));
  const date = onFirstUse(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }));
  const number = onFirstUse(() => new Intl.NumberFormat(locale));
  const hours = onFirstUse(() => new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'short' }));
  const minutes = onFirstUse(
    () => new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'short' }),
  );
  // Whole numbers between -999 and 999 read the same in every language here (no grouping, no
  // decimals), and counts on a page are mostly those: the NumberFormat, often a page's only
  // other Intl object next to its date formatter, is then never built (about 10 ms at normal
  // CPU, the first Intl object of a page costing more). i18n.test.ts checks the equality.
  const formatNumber = (value: number) => (isPlainInteger(value) ? String(value) : number().format(value));
  const formatDate =
    (format: () => Intl.DateTimeFormat) =>
    (value: string | null | undefined, fallback = '—') => {
      if (!value) return fallback;
      const parsed = new Date(value);
      return Number.isNaN(parsed.getTime()) ? value : format().format(parsed);
    };
  return {
    dateTime: formatDate(dateTime),
    date: formatDate(date),
    number: formatNumber,
    score: (value, fallback = '—') =>
      value === null || value === undefined ? fallback : `${formatNumber(value)} / 100`,
    duration: (total) => {
      const h = Math.floor(total / 60);
      const m = total % 60;
      if (h === 0) return minutes().format(m);
      return m === 0 ? hours().format(h) : `${hours().format(h)} ${minutes().format(m)}`;
    },
  };
}
