// One realistic product: every field of the product definition present, null where empty; HTML description.
import { productFieldNames } from '#schemas/product.ts';
import { formatTimestamp } from '../db/time.ts';
import { asciiKey, regions, topics } from './names.ts';
import type { Prng } from './prng.ts';

const HOUR = 3_600_000;

const typeTitle = {
  elearning: { fr: (t: string) => t, en: (t: string) => t },
  event: { fr: (t: string) => `Webinaire : ${t}`, en: (t: string) => `Webinar: ${t}` },
  classroom: { fr: (t: string) => `Atelier présentiel : ${t}`, en: (t: string) => `Classroom workshop: ${t}` },
  bundle: { fr: (t: string) => `Parcours : ${t}`, en: (t: string) => `Learning path: ${t}` },
} as const;

function description(lang: 'fr' | 'en', topic: string, id: number): string {
  const link = `https://learning.example.com/catalogue/${id}`;
  return lang === 'fr'
    ? `<p>Une formation <strong>pratique</strong> sur « ${topic} », conçue avec nos experts.</p>` +
        `<ul><li><strong>Format :</strong> modules courts et exercices</li><li>Quiz final et attestation</li><li>Accessible sur mobile</li></ul>` +
        `<p>En savoir plus : <a href="${link}">fiche du programme</a>.</p>`
    : `<p>A <strong>hands-on</strong> course on “${topic}”, built with our experts.</p>` +
        `<ul><li><strong>Format:</strong> short modules and exercises</li><li>Final quiz and certificate</li><li>Works on mobile</li></ul>` +
        `<p>Learn more: <a href="${link}">programme page</a>.</p>`;
}

function learn(lang: 'fr' | 'en'): string {
  return lang === 'fr'
    ? '<ul><li>Appliquer les bonnes pratiques</li><li>Éviter les erreurs courantes</li></ul>'
    : '<ul><li>Apply good practice</li><li>Avoid common mistakes</li></ul>';
}

type ProductType = keyof typeof typeTitle;

export function buildProduct(
  rng: Prng,
  id: number,
  type: ProductType,
  created: number,
  updated: number,
  firstUserId: number,
): Record<string, unknown> {
  const lang = rng.chance(0.6) ? 'fr' : 'en';
  const topic = rng.pick(topics)[lang];
  const title = typeTitle[type][lang](topic);
  const forSale = type !== 'bundle' && rng.chance(0.4) ? 1 : 0;
  const price = forSale ? rng.pick([49.99, 99, 149.99, 290, 450]) : 0;
  const isEvent = type === 'event';
  const eventDate = isEvent ? Math.floor(created / HOUR) * HOUR + rng.int(7, 120) * 24 * HOUR : null;
  const slug = `${asciiKey(topic)}-${id}`;
  const record: Record<string, unknown> = Object.fromEntries(productFieldNames.map((f) => [f, null]));
  Object.assign(record, {
    product_id: id,
    product_created_by_user_id: firstUserId,
    product_updated_by_user_id: firstUserId,
    product_provider_id: rng.int(1, 3),
    product_for_sale: forSale,
    product_add_to_catalog: rng.chance(0.8) ? 1 : 0,
    product_min_score: type === 'elearning' ? rng.pick([0, 50, 60, 70, 80]) : 0,
    product_duration: rng.int(2, 32) * 15,
    product_certificate_report: rng.chance(0.5) ? 1 : 0,
    product_allow_notation: rng.chance(0.7) ? 1 : 0,
    product_certificate_unit: rng.chance(0.5) ? 1 : 0,
    product_certificate_hour: rng.int(1, 14),
    product_waiting_list: isEvent && rng.chance(0.5) ? 1 : 0,
    product_show_list_of_participants: isEvent ? 1 : 0,
    product_min_participant: isEvent || type === 'classroom' ? rng.int(3, 12) : 0,
    product_product_access_expired_day: type === 'bundle' ? 365 : 0,
    product_event_access_need_approval: isEvent && rng.chance(0.3) ? 1 : 0,
    product_price: price,
    product_event_date: eventDate === null ? null : formatTimestamp(eventDate),
    product_event_end_date: eventDate === null ? null : formatTimestamp(eventDate + rng.int(1, 8) * HOUR),
    product_created_date: formatTimestamp(created),
    product_updated_date: formatTimestamp(updated),
    product_i18n_language_id: lang,
    product_event_type: isEvent ? rng.pick(['webinar', 'onsite', 'hybrid']) : null,
    product_external_code: rng.chance(0.5) ? `CAT-${String(id).padStart(5, '0')}` : null,
    product_image_full_url: `https://cdn.learning.example.com/storage/products/${id}/cover.jpg`,
    product_do_before_type: null,
    product_key: slug,
    product_type_id: type,
    product_status: rng.chance(0.7) ? 'published' : rng.chance(0.6) ? 'draft' : 'archived',
    product_certificate_working_type: 'hours',
    product_external_id: rng.chance(0.3) ? `LMS-${id}` : null,
    product_i18n_slug: slug,
    product_i18n_title: title,
    product_i18n_summary:
      lang === 'fr'
        ? `L’essentiel de « ${topic} » en ${type === 'event' ? 'direct' : 'quelques heures'}.`
        : `The essentials of ${topic}.`,
    product_i18n_description: description(lang, topic, id),
    product_i18n_name: title,
    product_i18n_learn: learn(lang),
    product_i18n_region: rng.chance(0.4) ? rng.pick(regions) : null,
    product_i18n_audience: rng.chance(0.5) ? (lang === 'fr' ? 'Tous les collaborateurs' : 'All employees') : null,
    product_i18n_speaker_bio: isEvent
      ? lang === 'fr'
        ? '<p>Consultante senior, 15 ans d’expérience.</p>'
        : '<p>Senior consultant, 15 years of experience.</p>'
      : null,
    product_i18n_image: `products/${id}/cover.jpg`,
    product_i18n_price_label: forSale
      ? lang === 'fr'
        ? `${price.toFixed(2).replace('.', ',')} €`
        : `€${price.toFixed(2)}`
      : lang === 'fr'
        ? 'Gratuit'
        : 'Free',
  });
  return record;
}
