// The tolerant read of portal records (common.ts): what a real deployment may send instead of
// the documented types, read to the same values; anything whose meaning is not certain refused.
import { describe, expect, it } from 'vitest';
import { utcTimestamp } from './common.ts';
import { listEnvelopeReadSchema } from './envelope.ts';
import { grpReadSchema, grpSchema } from './grp.ts';
import { productFieldDefinitions, productReadSchema } from './product.ts';
import { tokenValidateReadSchema } from './token.ts';
import { userGrpReadSchema } from './user-grp.ts';

const group = {
  grp_id: 12,
  grp_name: 'Sales',
  grp_description: null,
  grp_parent_id: 3,
  grp_external_id: null,
  grp_external_name: null,
  grp_created_date: '2024-01-02T10:00:00Z',
  grp_updated_date: null,
};

describe('the tolerant read of portal records', () => {
  it('reads integers sent as strings of decimal digits, signed or not', () => {
    const read = grpReadSchema.parse({ ...group, grp_id: '12', grp_parent_id: '+3' });
    expect(read).toEqual(group);
    expect(
      tokenValidateReadSchema.parse({
        status: true,
        result: { message: 'ok' },
        user_data: { apikey: 'k', org_id: '1' },
      }).user_data.org_id,
    ).toBe(1);
    expect(listEnvelopeReadSchema(grpReadSchema).parse({ status: true, total: '38', result: [] }).total).toBe(38);
  });

  it.each(['12a', '1.5', '', ' 12', '0x10', '1e3'])('refuses %j for an integer, naming the field', (value) => {
    const result = grpReadSchema.safeParse({ ...group, grp_id: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['grp_id']);
  });

  it('reads the admin flag as 0/1, numbers or strings, and nothing else', () => {
    const membership = {
      user_grp_id: '5',
      user_grp_grp_id: '12',
      user_grp_user_id: '7',
      user_grp_created_date: null,
      user_grp_updated_date: null,
    };
    expect(userGrpReadSchema.parse({ ...membership, user_grp_group_admin: '1' }).user_grp_group_admin).toBe(1);
    expect(userGrpReadSchema.parse({ ...membership, user_grp_group_admin: 0 }).user_grp_group_admin).toBe(0);
    expect(userGrpReadSchema.safeParse({ ...membership, user_grp_group_admin: '2' }).success).toBe(false);
    expect(userGrpReadSchema.safeParse({ ...membership, user_grp_group_admin: true }).success).toBe(false);
  });

  it('reads a root group whose parent is null, 0 or absent alike', () => {
    const { grp_parent_id: _parent, ...withoutParent } = group;
    for (const record of [{ ...group, grp_parent_id: 0 }, { ...group, grp_parent_id: '0' }, withoutParent]) {
      expect(grpReadSchema.parse(record).grp_parent_id).toBeNull();
    }
    // The strict schema (the embedded portal, the OpenAPI document) still wants the field.
    expect(grpSchema.safeParse(withoutParent).success).toBe(false);
  });

  it('reads "" and null alike for optional texts and dates', () => {
    const read = grpReadSchema.parse({ ...group, grp_description: '', grp_external_id: '', grp_updated_date: '' });
    expect(read.grp_description).toBeNull();
    expect(read.grp_external_id).toBeNull();
    expect(read.grp_updated_date).toBeNull();
  });

  it.each([
    ['2024-01-02T10:00:00Z', '2024-01-02T10:00:00Z'],
    ['2024-01-02T12:00:00+02:00', '2024-01-02T10:00:00Z'],
    ['2024-01-02T12:00:00.250+0200', '2024-01-02T10:00:00.250Z'],
    ['2024-01-02T05:30:00-04:30', '2024-01-02T10:00:00Z'],
    ['2024-01-02 10:00:00.123456Z', '2024-01-02T10:00:00.123Z'],
    ['20240102T110000+01', '2024-01-02T10:00:00Z'],
    ['2024-01-02T10:00Z', '2024-01-02T10:00:00Z'],
  ])('reads the timestamp %s as %s (UTC)', (sent, read) => {
    expect(utcTimestamp(sent)).toBe(read);
    expect(grpReadSchema.parse({ ...group, grp_created_date: sent }).grp_created_date).toBe(read);
  });

  it.each(['2024-01-02T10:00:00', '2024-01-02', '2024-02-30T10:00:00Z', '2024-01-02T25:00:00Z', 'yesterday'])(
    'refuses the timestamp %s (no offset, or no such time), naming the field',
    (sent) => {
      const result = grpReadSchema.safeParse({ ...group, grp_created_date: sent });
      expect(result.error?.issues[0]?.path).toEqual(['grp_created_date']);
    },
  );

  it('reads a product: numeric strings by the definition, and "" as not set in any field', () => {
    const product = productReadSchema.parse({
      product_id: '40',
      product_price: '12.50',
      product_duration: '90',
      product_i18n_image: '',
      product_image_full_url: '',
      product_event_date: '2024-03-01T09:00:00+01:00',
      product_custom_field: '',
    });
    expect(product).toMatchObject({
      product_id: 40,
      product_price: 12.5,
      product_duration: 90,
      product_i18n_image: null,
      product_image_full_url: null,
      product_event_date: '2024-03-01T08:00:00Z',
      product_custom_field: null,
    });
    expect(productReadSchema.safeParse({ product_id: 40, product_price: '12,50' }).error?.issues[0]?.path).toEqual([
      'product_price',
    ]);
  });

  it('types the fields the pages read by name as the definition does (product.ts, NamedProductFields)', () => {
    const named = {
      product_key: 'string',
      product_type_id: 'string',
      product_status: 'string',
      product_i18n_title: 'string',
      product_i18n_description: 'string',
      product_i18n_learn: 'string',
      product_i18n_price_label: 'string',
      product_i18n_language_id: 'string',
      product_image_full_url: 'string',
      product_price: 'float',
      product_duration: 'integer',
      product_event_date: 'datetime',
      product_event_end_date: 'datetime',
    };
    for (const [name, type] of Object.entries(named)) expect(productFieldDefinitions.get(name)?.type, name).toBe(type);
  });
});
