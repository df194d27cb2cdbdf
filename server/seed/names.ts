// Word lists for realistic French and English records.
export const firstNames = [
  'Élodie', 'Zoé', 'Chloé', 'Léa', 'Hélène', 'Jérôme', 'François', 'Clément', 'Benoît', 'Gaëlle',
  'Anaïs', 'Noémie', 'Céline', 'Loïc', 'Mathéo', 'Thérèse', 'Rémi', 'Inès', 'Maël', 'Joël',
  'Camille', 'Julien', 'Manon', 'Nicolas', 'Sophie', 'Antoine', 'Pauline', 'Hugo', 'Juliette', 'Lucas',
  'Olivia', 'James', 'Emily', 'George', 'Charlotte', 'Harry', 'Amelia', 'Jack', 'Grace', 'William',
  'Isla', 'Oliver', 'Lucy', 'Daniel', 'Hannah', 'Samuel', 'Megan', 'Ethan', 'Aoife', 'Siobhan',
] as const;

export const lastNames = [
  'Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau',
  'Simon', 'Laurent', 'Lefèvre', 'Michel', 'Garcia', 'David', 'Bertrand', 'Roux', 'Vincent', 'Fournier',
  'Morel', 'Girard', 'André', 'Mercier', 'Dupont', 'Lambert', 'Bonnet', 'Legrand', 'Garnier', 'Faure',
  'Rousseau', 'Blanc', 'Guérin', 'Chevalier', 'Gauthier', 'Perrin', 'Lemaître', 'Côté', 'Gagnon', 'Bouchard',
  'Tremblay', 'Pelletier', 'Bélanger', 'Lévesque', 'Smith', 'Jones', 'Williams', 'Taylor', 'Brown', 'Davies',
  'Evans', 'Wilson', 'Johnson', 'Roberts', 'Walker', 'Wright', 'Robinson', 'Thompson', 'White', 'Hughes',
  "O'Brien", 'Murphy', 'Kelly', 'Campbell', 'Van der Berg', 'De la Cruz',
] as const;

export const departments = ['Ventes', 'Marketing', 'Ingénierie', 'Support', 'Ressources humaines', 'Finance', 'Sales', 'Operations'];

/** Segments of group keys (`sales-emea-france-paris-retail`). */
export const groupRoots = ['sales', 'marketing', 'engineering', 'support', 'hr', 'finance', 'operations'];
export const groupWords = [
  'emea', 'amer', 'apac', 'nordics', 'benelux', 'france', 'belgium', 'canada', 'uk', 'germany', 'spain',
  'quebec', 'paris', 'lyon', 'marseille', 'bordeaux', 'lille', 'nantes', 'toulouse', 'montreal', 'london',
  'brussels', 'geneva', 'retail', 'b2b', 'onboarding', 'juniors', 'seniors', 'managers', 'interns', 'field',
  'inside', 'key-accounts', 'level-1', 'level-2', 'data', 'platform', 'mobile', 'web', 'north', 'south',
];

export const groupDescriptions = [
  'Équipe régionale, formations obligatoires incluses.',
  'Regional team; mandatory compliance training applies.',
  'Nouveaux arrivants : parcours d’intégration de 3 mois.',
  'Managers in charge of yearly reviews.',
  'Groupe créé pour la campagne de certification 2025.',
];

export interface Topic {
  fr: string;
  en: string;
}

export const topics: Topic[] = [
  { fr: 'Excel avancé', en: 'Advanced Excel' },
  { fr: 'Management d’équipe', en: 'Team Management' },
  { fr: 'Sécurité au travail', en: 'Workplace Safety' },
  { fr: 'Protection des données (RGPD)', en: 'Data Privacy (GDPR)' },
  { fr: 'Négociation commerciale', en: 'Sales Negotiation' },
  { fr: 'Prise de parole en public', en: 'Public Speaking' },
  { fr: 'Gestion du temps', en: 'Time Management' },
  { fr: 'Cybersécurité : les bons réflexes', en: 'Cybersecurity Essentials' },
  { fr: 'Accueil client', en: 'Customer Care' },
  { fr: 'Conduite de projet agile', en: 'Agile Project Delivery' },
  { fr: 'Premiers secours', en: 'First Aid' },
  { fr: 'Éthique et conformité', en: 'Ethics and Compliance' },
  { fr: 'Analyse de données avec SQL', en: 'Data Analysis with SQL' },
  { fr: 'Leadership au féminin', en: 'Women in Leadership' },
  { fr: 'Diversité et inclusion', en: 'Diversity and Inclusion' },
];

export const regions = ['Québec', 'Île-de-France', 'Auvergne-Rhône-Alpes', 'EMEA', 'Wallonie', 'Greater London'];

/** ASCII, lower case, for e-mail addresses and keys. */
export function asciiKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
