// @vitest-environment jsdom
// Empty is not "Not set" (issue #33): a value the portal sends as "" reads like null, so an
// image path shows "Not set" instead of an empty grey box.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { productReadSchema } from '#schemas/product.ts';
import { FieldValue } from './field-value.tsx';
import type { FieldLayout } from './product-fields.ts';

afterEach(cleanup);

const field = (name: string, value: unknown): FieldLayout => ({
  name,
  type: 'string',
  editable: true,
  inDefinition: true,
  inProduct: true,
  value,
});

describe('a product field without a value', () => {
  it.each([null, ''])('%j in an image path shows "Not set", no empty code box', (value) => {
    const { container } = render(<FieldValue field={field('product_i18n_image', value)} label="Image" />);
    expect(screen.getByText('Not set')).toBeTruthy();
    expect(container.querySelector('code')).toBeNull();
  });

  it('"" in a text field shows "Not set" too, as read from the portal', () => {
    const product = productReadSchema.parse({ product_id: 1, product_i18n_summary: '' });
    render(<FieldValue field={field('product_i18n_summary', product.product_i18n_summary)} label="Summary" />);
    expect(screen.getByText('Not set')).toBeTruthy();
  });
});
