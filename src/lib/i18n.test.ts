import { describe, expect, it, vi } from 'vitest';
import { createFormatters, fill, isPlainInteger, locales } from './i18n.tsx';

describe('formatters', () => {
  const en = createFormatters('en');
  const fr = createFormatters('fr');

  it('format dates and numbers with Intl for the chosen language', () => {
    const when = '2026-03-05T14:07:00Z';
    const expectedFr = new Intl.DateTimeFormat('fr', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(when),
    );
    expect(fr.dateTime(when)).toBe(expectedFr);
    expect(fr.dateTime(when)).not.toBe(en.dateTime(when));
    expect(en.date(when)).toMatch(/Mar 5, 2026/);
    expect(fr.date(when)).toMatch(/5 mars 2026/);
    expect(fr.number(1234.5)).toBe(new Intl.NumberFormat('fr').format(1234.5));
    expect(en.number(1234.5)).toBe('1,234.5');
  });

  it('show a fallback for empty dates and keep unreadable ones as they came', () => {
    expect(en.dateTime(null)).toBe('—');
    expect(en.date(undefined, 'Not set')).toBe('Not set');
    expect(en.dateTime('sometime soon')).toBe('sometime soon');
  });

  it('format scores and durations', () => {
    expect(en.score(87)).toBe('87 / 100');
    expect(fr.score(null, 'Non noté')).toBe('Non noté');
    expect(en.duration(480)).toBe('8 hr');
    expect(en.duration(95)).toBe('1 hr 35 min');
    expect(fr.duration(45).replace(/\s/g, ' ')).toBe('45 min');
  });
});

describe('numbers written without Intl', () => {
  it('read exactly as Intl.NumberFormat writes them, in every language', () => {
    for (const locale of locales) {
      const intl = new Intl.NumberFormat(locale);
      const formatters = createFormatters(locale);
      for (let n = -1200; n <= 1200; n++) expect(formatters.number(n), `${locale} ${n}`).toBe(intl.format(n));
      for (const n of [-0, 0.5, -999.5, 1e21, NaN]) expect(formatters.number(n), `${locale} ${n}`).toBe(intl.format(n));
    }
  });

  it('are the whole numbers between -999 and 999 only', () => {
    expect([0, 999, -999].every(isPlainInteger)).toBe(true);
    expect([1000, -1000, 0.5, -0, NaN, Infinity].some(isPlainInteger)).toBe(false);
  });
});

describe('formatters are built on first use', () => {
  it('none when the set is created, one per kind when first used, never twice', () => {
    const { DateTimeFormat, NumberFormat } = Intl;
    const dates = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args) {
      return new DateTimeFormat(...args);
    });
    const numbers = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (...args) {
      return new NumberFormat(...args);
    });
    try {
      const formatters = createFormatters('en');
      expect(dates).not.toHaveBeenCalled();
      expect(numbers).not.toHaveBeenCalled();
      formatters.date('2026-03-05T14:07:00Z');
      formatters.date('2026-03-06T14:07:00Z');
      expect(dates).toHaveBeenCalledTimes(1);
      expect(numbers).not.toHaveBeenCalled();
      // Whole numbers under 1,000 need no formatter (isPlainInteger).
      expect(formatters.number(3)).toBe('3');
      expect(formatters.score(4)).toBe('4 / 100');
      expect(numbers).not.toHaveBeenCalled();
      expect(formatters.number(1234)).toBe('1,234');
      formatters.number(2.5);
      expect(numbers).toHaveBeenCalledTimes(1);
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('fill', () => {
  it('replaces known placeholders and leaves unknown ones visible', () => {
    expect(fill('Organisation {id} of {n}', { id: 3 })).toBe('Organisation 3 of {n}');
  });
});
