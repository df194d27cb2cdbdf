// The words for the coded values of a product that several pages show (its type, its status):
// the catalogue's filters and badges, the progress report's filters and files. A value our
// portal does not use is shown as it comes.
import { defineMessages } from '#lib/i18n.tsx';

export const productValueMessages = defineMessages({
  en: {
    typeElearning: 'E-learning',
    typeEvent: 'Event',
    typeClassroom: 'Classroom',
    typeBundle: 'Bundle',
    statusDraft: 'Draft',
    statusPublished: 'Published',
    statusArchived: 'Archived',
    statusActive: 'Active',
    statusInactive: 'Inactive',
  },
  fr: {
    typeElearning: 'E-learning',
    typeEvent: 'Événement',
    typeClassroom: 'Présentiel',
    typeBundle: 'Parcours',
    statusDraft: 'Brouillon',
    statusPublished: 'Publié',
    statusArchived: 'Archivé',
    statusActive: 'Actif',
    statusInactive: 'Inactif',
  },
});

export type ProductValueWords = (typeof productValueMessages)['en'];

export function productTypeLabel(value: string, t: ProductValueWords): string {
  const known: Record<string, string> = {
    elearning: t.typeElearning,
    event: t.typeEvent,
    classroom: t.typeClassroom,
    bundle: t.typeBundle,
  };
  return known[value] ?? value;
}

export function statusLabel(value: string, t: ProductValueWords): string {
  const known: Record<string, string> = {
    draft: t.statusDraft,
    published: t.statusPublished,
    archived: t.statusArchived,
    active: t.statusActive,
    inactive: t.statusInactive,
  };
  return known[value] ?? value;
}
