// The product record (docs/portal-api.md). The field list below is the product definition
// itself: the portal server answers GET /product/definition from it and the record schema
// is built from it, so the two can never disagree.
import * as z from 'zod/mini';
import { strictFields, tolerantFields, type FieldKit } from './common.ts';

export type ProductFieldType = 'integer' | 'float' | 'datetime' | 'string';
interface ProductFieldDefinition {
  type: ProductFieldType;
  editable: boolean;
}

function fields(type: ProductFieldType, editable: boolean, names: readonly string[]) {
  return names.map((name) => [name, { type, editable }] as const);
}

export const productFieldDefinitions: ReadonlyMap<string, ProductFieldDefinition> = new Map([
  ...fields('integer', false, [
    'product_id',
    'product_created_by_user_id',
    'product_updated_by_user_id',
    'product_provider_id',
  ]),
  ...fields('integer', true, [
    'product_for_sale',
    'product_add_to_catalog',
    'product_min_score',
    'product_duration',
    'product_certificate_report',
    'product_allow_notation',
    'product_certificate_unit',
    'product_certificate_hour',
    'product_waiting_list',
    'product_show_list_of_participants',
    'product_min_participant',
    'product_product_access_expired_day',
    'product_event_access_need_approval',
  ]),
  ...fields('float', true, ['product_price']),
  ...fields('datetime', true, ['product_event_date', 'product_event_end_date']),
  ...fields('datetime', false, ['product_created_date', 'product_updated_date']),
  ...fields('string', false, [
    'product_i18n_language_id',
    'product_event_type',
    'product_external_code',
    'product_image_full_url',
    'product_do_before_type',
  ]),
  ...fields('string', true, [
    'product_key',
    'product_type_id',
    'product_status',
    'product_certificate_working_type',
    'product_external_id',
    'product_i18n_slug',
    'product_i18n_title',
    'product_i18n_summary',
    'product_i18n_description',
    'product_i18n_name',
    'product_i18n_learn',
    'product_i18n_certificate_mention',
    'product_i18n_region',
    'product_i18n_admissibility',
    'product_i18n_audience',
    'product_i18n_how_to_access',
    'product_i18n_extra_info',
    'product_i18n_programmation',
    'product_i18n_image_spotlight',
    'product_i18n_first_reminder_text',
    'product_i18n_second_reminder_text',
    'product_i18n_post_reminder_text',
    'product_i18n_speaker_bio',
    'product_i18n_registration_text',
    'product_i18n_creator_name',
    'product_i18n_creator_url',
    'product_i18n_promo_video_url',
    'product_i18n_promo_video_url_vimeo_video_id',
    'product_i18n_promo_video_url_vimeo_video_status',
    'product_i18n_external_link',
    'product_i18n_do_external_link',
    'product_i18n_video_transcription',
    'product_i18n_content',
    'product_i18n_image',
    'product_i18n_price_label',
  ]),
]);

export const productFieldNames: readonly string[] = [...productFieldDefinitions.keys()];

/** The fields the pages read by name, typed by their kind in the definition (types only). */
interface NamedProductFields<K extends FieldKit> {
  product_key: z.ZodMiniOptional<K['text']>;
  product_type_id: z.ZodMiniOptional<K['text']>;
  product_status: z.ZodMiniOptional<K['text']>;
  product_i18n_title: z.ZodMiniOptional<K['text']>;
  product_i18n_description: z.ZodMiniOptional<K['text']>;
  product_i18n_learn: z.ZodMiniOptional<K['text']>;
  product_i18n_price_label: z.ZodMiniOptional<K['text']>;
  product_i18n_language_id: z.ZodMiniOptional<K['text']>;
  product_image_full_url: z.ZodMiniOptional<K['text']>;
  product_price: z.ZodMiniOptional<K['nullableNumber']>;
  product_duration: z.ZodMiniOptional<K['nullableInt']>;
  product_min_score: z.ZodMiniOptional<K['nullableInt']>;
  product_event_date: z.ZodMiniOptional<K['timestamp']>;
  product_event_end_date: z.ZodMiniOptional<K['timestamp']>;
}

/** Every field of the definition, by its type; product_id required. */
const productShape = <K extends FieldKit>(f: K) => {
  const byType = { integer: f.nullableInt, float: f.nullableNumber, datetime: f.timestamp, string: f.text };
  const fields = Object.fromEntries(
    [...productFieldDefinitions].map(([name, { type }]) => [name, z.optional(byType[type])]),
  ) as unknown as NamedProductFields<K>;
  return { ...fields, product_id: f.id };
};

/**
 * A product: `product_id` is required; every other field of the definition may be null or, from
 * a real portal, absent. Fields the definition does not know are kept (`looseObject`) so the page
 * can show them.
 */
export const productSchema = /* @__PURE__ */ z.looseObject(/* @__PURE__ */ productShape(strictFields));
/**
 * As read from any portal (common.ts): numbers as strings, dates with an offset; and `""`, in any
 * field, reads as null like an absent value (shown "Not set").
 */
export const productReadSchema = z.pipe(
  z.looseObject(productShape(tolerantFields)),
  z.transform((product) => {
    for (const key of Object.keys(product)) if (product[key] === '') product[key] = null;
    return product;
  }),
);
export type Product = z.infer<typeof productSchema>;

const productFieldDefinitionSchema = z.object({
  type: z.string(),
  editable: z.boolean(),
});

/** GET /product/definition: one entry per field, plus `properties` (custom property names). */
export const productDefinitionSchema = z.record(
  z.string(),
  z.union([productFieldDefinitionSchema, z.array(z.string())]),
);
export type ProductDefinition = z.infer<typeof productDefinitionSchema>;
