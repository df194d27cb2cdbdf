import { describe, expect, it } from 'vitest';
import { productFieldDefinitions, productFieldNames, productSchema } from '#schemas/product.ts';
import { demoFacts } from '../seed/facts.ts';
import { demoPortal, expectError } from '../test/support.ts';

const f = demoFacts.org1;

describe('GET /product/get/{id}', () => {
  const p = demoPortal();

  it('returns every field of the product definition, null where empty', async () => {
    for (const id of [f.elearningProductId, f.eventProductId, f.classroomProductId, f.bundleProductId]) {
      const r = await p.get(`/product/get/${id}`);
      expect(r.status).toBe(200);
      productSchema.parse(r.body.result);
      expect(Object.keys(r.body.result).sort()).toEqual([...productFieldNames].sort());
    }
  });

  it('fills the event fields of events only, with the right types', async () => {
    const event = (await p.get(`/product/get/${f.eventProductId}`)).body.result;
    expect(event.product_type_id).toBe('event');
    expect(event.product_event_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(event.product_event_type).toEqual(expect.any(String));
    const course = (await p.get(`/product/get/${f.elearningProductId}`)).body.result;
    expect(course.product_type_id).toBe('elearning');
    expect([course.product_event_date, course.product_event_end_date, course.product_event_type]).toEqual([
      null,
      null,
      null,
    ]);
    for (const [name, def] of productFieldDefinitions) {
      const v = course[name];
      if (v === null) continue;
      const ok = {
        integer: Number.isInteger(v),
        float: typeof v === 'number',
        datetime: typeof v === 'string',
        string: typeof v === 'string',
      }[def.type];
      expect(ok, name).toBe(true);
    }
    expect((await p.get(`/product/get/${f.bundleProductId}`)).body.result.product_type_id).toBe('bundle');
  });

  it('carries an HTML description', async () => {
    const d = (await p.get(`/product/get/${f.elearningProductId}`)).body.result.product_i18n_description as string;
    for (const tag of ['<p>', '<ul>', '<li>', '<strong>', '<a href="https://']) expect(d).toContain(tag);
  });

  it('answers 404 for an unknown product and 400 for a malformed id', async () => {
    expectError(await p.get('/product/get/99999'), 404, 'not_found');
    expectError(await p.get('/product/get/excel-avance'), 400, 'invalid_id');
  });
});

describe('GET /product/definition', () => {
  const p = demoPortal();

  it('describes every product field with its type and editability, plus properties', async () => {
    const r = await p.get('/product/definition');
    expect(r.status).toBe(200);
    const { properties, ...fields } = r.body.result;
    expect(Object.fromEntries(productFieldDefinitions)).toEqual(fields);
    expect(fields.product_id).toEqual({ type: 'integer', editable: false });
    expect(fields.product_price).toEqual({ type: 'float', editable: true });
    expect(fields.product_created_date).toEqual({ type: 'datetime', editable: false });
    expect(fields.product_i18n_title).toEqual({ type: 'string', editable: true });
    expect(properties).toEqual(['internal_code', 'budget_line', 'target_audience']);
    expect((await p.get('/product/definition', p.token2)).body.result.properties).toEqual([]);
  });
});
