// The theme and language choices, in the header and on the login page.
import { locales, useLocale, useMessages, type Locale } from '#lib/i18n.tsx';
import { themes, useTheme, type Theme } from '#lib/theme.tsx';
import { componentMessages } from './messages.ts';

/** Each language names itself, so a reader finds theirs whatever the current language. */
const languageNames: Record<Locale, string> = { en: 'English', fr: 'Français' };

function isTheme(value: string): value is Theme {
  return (themes as readonly string[]).includes(value);
}

function isLocale(value: string): value is Locale {
  return (locales as readonly string[]).includes(value);
}

export function ThemeSelect({ className }: { className?: string }) {
  const t = useMessages(componentMessages);
  const { theme, setTheme } = useTheme();
  const labels: Record<Theme, string> = { system: t.themeSystem, light: t.themeLight, dark: t.themeDark };
  return (
    <label className={className}>
      <span>{t.theme}</span>
      <select value={theme} onChange={(event) => isTheme(event.target.value) && setTheme(event.target.value)}>
        {themes.map((value) => (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ))}
      </select>
    </label>
  );
}

export function LanguageSelect({ className }: { className?: string }) {
  const t = useMessages(componentMessages);
  const { locale, setLocale } = useLocale();
  return (
    <label className={className}>
      <span>{t.language}</span>
      <select value={locale} onChange={(event) => isLocale(event.target.value) && setLocale(event.target.value)}>
        {locales.map((value) => (
          <option key={value} value={value} lang={value}>
            {languageNames[value]}
          </option>
        ))}
      </select>
    </label>
  );
}
