// Words for the state values our portal uses; any other value is shown as it comes.
import { productTypeLabel, statusLabel } from '#components/product-values.ts';
import type { Locale } from '#lib/i18n.tsx';
import type { ProductMessages } from './messages.ts';

type StatusTone = 'positive' | 'neutral' | 'muted';

export function statusTone(value: string): StatusTone {
  if (value === 'published' || value === 'active') return 'positive';
  if (value === 'archived' || value === 'inactive') return 'muted';
  return 'neutral';
}

/** The words for a product field's coded value (a type, a status, a language), or undefined when it is free text. */
export function fieldValueLabel(name: string, value: string, t: ProductMessages, locale: Locale): string | undefined {
  switch (name) {
    case 'product_type_id':
      return productTypeLabel(value, t);
    case 'product_status':
      return statusLabel(value, t);
    case 'product_event_type':
      return ({ webinar: t.eventWebinar, onsite: t.eventOnsite, hybrid: t.eventHybrid } as Record<string, string>)[
        value
      ];
    case 'product_certificate_working_type':
      return ({ hours: t.certificateHours, units: t.certificateUnits } as Record<string, string>)[value];
    case 'product_i18n_language_id':
      return languageName(value, locale);
    default:
      return undefined;
  }
}

function languageName(code: string, locale: Locale): string | undefined {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(code);
    return name && name !== code ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : undefined;
  } catch {
    return undefined; // Not a language code: shown as it comes.
  }
}
