import { describe, expect, it, vi } from 'vitest';
import { createFormatters, fill } from './i18n.tsx';

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
      expect(formatters.number(3)).toBe('3');
      formatters.score(4);
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
