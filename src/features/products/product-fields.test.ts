import { describe, expect, it } from 'vitest';
import { containsMarkup, isWebUrl, layoutProduct, sectionOf } from './product-fields.ts';

const definition = {
  product_id: { type: 'integer', editable: false },
  product_i18n_title: { type: 'string', editable: true },
  product_event_date: { type: 'datetime', editable: true },
  product_i18n_description: { type: 'string', editable: true },
  product_brand_new_field: { type: 'string', editable: true },
  properties: ['internal_code', 'budget_line'],
};

describe('layoutProduct', () => {
  const sections = layoutProduct(
    { product_id: 7, product_i18n_title: 'Title', product_event_date: null, internal_code: 'X-1', product_extra: 3 },
    definition,
  );
  const fields = sections.flatMap((s) => s.fields);
  const field = (name: string) => fields.find((f) => f.name === name);

  it('lays out every field of the definition and of the product, never dropping one', () => {
    expect(fields.map((f) => f.name).sort()).toEqual(
      [
        'budget_line',
        'internal_code',
        'product_brand_new_field',
        'product_event_date',
        'product_extra',
        'product_i18n_description',
        'product_i18n_title',
        'product_id',
      ].sort(),
    );
  });

  it('says which side lacks a field', () => {
    expect(field('product_i18n_description')).toMatchObject({ inDefinition: true, inProduct: false, value: undefined });
    expect(field('product_extra')).toMatchObject({
      inDefinition: false,
      inProduct: true,
      type: 'unknown',
      editable: undefined,
    });
    expect(field('product_event_date')).toMatchObject({ inProduct: true, value: null, type: 'datetime' });
    expect(field('product_id')).toMatchObject({ editable: false, type: 'integer' });
  });

  it('groups fields into sections, custom properties and unknown fields last', () => {
    expect(sections.map((s) => s.id)).toEqual(['identity', 'event', 'texts', 'custom', 'other']);
    expect(sections.find((s) => s.id === 'custom')?.fields.map((f) => [f.name, f.value])).toEqual([
      ['internal_code', 'X-1'],
      ['budget_line', undefined],
    ]);
  });

  it('reads custom properties carried in a nested `properties` object', () => {
    const nested = layoutProduct({ product_id: 1, properties: { budget_line: 'B7' } }, definition).flatMap(
      (s) => s.fields,
    );
    expect(nested.find((f) => f.name === 'budget_line')?.value).toBe('B7');
    expect(nested.find((f) => f.name === 'properties')).toBeUndefined();
  });

  it('guesses a section from the name of a field it does not know', () => {
    expect(sectionOf('product_certificate_template')).toBe('certificate');
    expect(sectionOf('product_event_room')).toBe('event');
    expect(sectionOf('product_i18n_banner_url')).toBe('media');
    expect(sectionOf('product_i18n_tagline')).toBe('texts');
    expect(sectionOf('foo')).toBe('other');
  });
});

describe('text helpers', () => {
  it('detects markup', () => {
    expect(containsMarkup('<p>Hello</p>')).toBe(true);
    expect(containsMarkup('Tom &amp; Jerry')).toBe(true);
    expect(containsMarkup('3 < 4 and 5 > 2')).toBe(false);
    expect(containsMarkup('Plain text')).toBe(false);
  });

  it('accepts only web addresses as links', () => {
    expect(isWebUrl('https://example.org/x')).toBe(true);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(isWebUrl('products/1/cover.jpg')).toBe(false);
  });
});
