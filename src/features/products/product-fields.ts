// How the product page lays out a product from GET /product/definition: which section each
// field belongs to, and what kind of value it holds. Pure data, so it is unit-tested alone.
import type { ProductDefinition } from '#schemas/product.ts';

const sectionIds = ['identity', 'catalogue', 'certificate', 'event', 'texts', 'media', 'custom', 'other'] as const;
export type SectionId = (typeof sectionIds)[number];

type FieldType = 'integer' | 'float' | 'datetime' | 'string' | 'unknown';

export interface FieldLayout {
  name: string;
  /** The definition's type, or `unknown` for a field the definition does not describe. */
  type: FieldType;
  /** From the definition; undefined when the definition does not describe the field. */
  editable: boolean | undefined;
  inDefinition: boolean;
  inProduct: boolean;
  value: unknown;
}

interface SectionLayout {
  id: SectionId;
  fields: FieldLayout[];
}

/** Integer fields that the portal fills with 0 or 1 (docs/portal-api.md, product). */
export const flagFields: ReadonlySet<string> = new Set([
  'product_for_sale',
  'product_add_to_catalog',
  'product_certificate_report',
  'product_allow_notation',
  'product_certificate_unit',
  'product_waiting_list',
  'product_show_list_of_participants',
  'product_event_access_need_approval',
]);

/** Fields that hold a storage path or an address: shown as text, never loaded by the page. */
export const pathFields: ReadonlySet<string> = new Set(['product_i18n_image', 'product_i18n_image_spotlight']);

const explicitSections: Record<string, SectionId> = {
  product_id: 'identity',
  product_key: 'identity',
  product_type_id: 'identity',
  product_status: 'identity',
  product_external_id: 'identity',
  product_external_code: 'identity',
  product_provider_id: 'identity',
  product_i18n_language_id: 'identity',
  product_i18n_slug: 'identity',
  product_i18n_title: 'identity',
  product_i18n_name: 'identity',
  product_created_date: 'identity',
  product_updated_date: 'identity',
  product_created_by_user_id: 'identity',
  product_updated_by_user_id: 'identity',
  product_for_sale: 'catalogue',
  product_add_to_catalog: 'catalogue',
  product_price: 'catalogue',
  product_i18n_price_label: 'catalogue',
  product_duration: 'catalogue',
  product_min_score: 'catalogue',
  product_allow_notation: 'catalogue',
  product_product_access_expired_day: 'catalogue',
  product_do_before_type: 'catalogue',
  product_i18n_region: 'catalogue',
  product_i18n_audience: 'catalogue',
  product_i18n_admissibility: 'catalogue',
  product_i18n_how_to_access: 'catalogue',
  product_i18n_certificate_mention: 'certificate',
  product_waiting_list: 'event',
  product_show_list_of_participants: 'event',
  product_min_participant: 'event',
  product_i18n_speaker_bio: 'event',
  product_i18n_registration_text: 'event',
  product_i18n_programmation: 'event',
  product_i18n_first_reminder_text: 'event',
  product_i18n_second_reminder_text: 'event',
  product_i18n_post_reminder_text: 'event',
  product_i18n_summary: 'texts',
  product_i18n_description: 'texts',
  product_i18n_learn: 'texts',
  product_i18n_extra_info: 'texts',
  product_i18n_content: 'texts',
  product_i18n_video_transcription: 'texts',
  product_i18n_creator_name: 'texts',
  product_image_full_url: 'media',
  product_i18n_image: 'media',
  product_i18n_image_spotlight: 'media',
  product_i18n_creator_url: 'media',
  product_i18n_external_link: 'media',
  product_i18n_do_external_link: 'media',
};

/** The section of a field: an explicit choice, else a guess from its name, else "other". */
export function sectionOf(name: string): SectionId {
  const explicit = explicitSections[name];
  if (explicit) return explicit;
  if (name.startsWith('product_certificate_')) return 'certificate';
  if (name.startsWith('product_event_')) return 'event';
  if (/(video|image|_url$|_link$)/.test(name)) return 'media';
  if (name.startsWith('product_i18n_')) return 'texts';
  return 'other';
}

function toFieldType(type: string): FieldType {
  return type === 'integer' || type === 'float' || type === 'datetime' || type === 'string' ? type : 'unknown';
}

/** Custom property names listed by the definition's `properties` entry. */
function customPropertyNames(definition: ProductDefinition): string[] {
  const properties = definition.properties;
  return Array.isArray(properties) ? properties : [];
}

/**
 * Every field the definition lists and every field the product carries, in definition order
 * then product order, grouped by section. Nothing is dropped: a field missing on either side
 * is still laid out, flagged as such.
 */
export function layoutProduct(product: Record<string, unknown>, definition: ProductDefinition): SectionLayout[] {
  const custom = customPropertyNames(definition);
  const nested = isRecord(product.properties) ? product.properties : {};
  const fields = new Map<SectionId, FieldLayout[]>(sectionIds.map((id) => [id, []]));
  const add = (section: SectionId, field: FieldLayout) => fields.get(section)?.push(field);

  for (const [name, entry] of Object.entries(definition)) {
    if (Array.isArray(entry)) continue;
    add(sectionOf(name), {
      name,
      type: toFieldType(entry.type),
      editable: entry.editable,
      inDefinition: true,
      inProduct: name in product,
      value: product[name],
    });
  }
  for (const name of custom) {
    const carried = name in product ? product[name] : nested[name];
    add('custom', {
      name,
      type: 'unknown',
      editable: undefined,
      inDefinition: true,
      inProduct: name in product || name in nested,
      value: carried,
    });
  }
  for (const [name, value] of Object.entries(product)) {
    if (name in definition || custom.includes(name)) continue;
    // The custom properties' container is shown through the names it holds, when the definition lists them.
    if (
      name === 'properties' &&
      isRecord(value) &&
      custom.length > 0 &&
      Object.keys(value).every((key) => custom.includes(key))
    )
      continue;
    add('other', { name, type: 'unknown', editable: undefined, inDefinition: false, inProduct: true, value });
  }
  return sectionIds.map((id) => ({ id, fields: fields.get(id) ?? [] })).filter((section) => section.fields.length > 0);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when a text holds HTML tags or entities, i.e. must go through the sanitiser to be read. */
export function containsMarkup(text: string): boolean {
  return /<\/?[a-z][^>]*>|&(?:[a-z]+|#\d+|#x[\da-f]+);/i.test(text);
}

/** An absolute web address, the only kind the page turns into a link or an image. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
