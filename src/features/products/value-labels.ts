// Words for the state values our portal uses; any other value is shown as it comes.
import type { ProductMessages } from './messages.ts';

export function productTypeLabel(value: string, t: ProductMessages): string {
  const known: Record<string, string> = {
    elearning: t.typeElearning,
    event: t.typeEvent,
    classroom: t.typeClassroom,
    bundle: t.typeBundle,
  };
  return known[value] ?? value;
}

export function statusLabel(value: string, t: ProductMessages): string {
  const known: Record<string, string> = {
    draft: t.statusDraft,
    published: t.statusPublished,
    archived: t.statusArchived,
    active: t.statusActive,
    inactive: t.statusInactive,
  };
  return known[value] ?? value;
}

type StatusTone = 'positive' | 'neutral' | 'muted';

export function statusTone(value: string): StatusTone {
  if (value === 'published' || value === 'active') return 'positive';
  if (value === 'archived' || value === 'inactive') return 'muted';
  return 'neutral';
}
