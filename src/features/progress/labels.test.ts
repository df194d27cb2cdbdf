import { describe, expect, it } from 'vitest';
import { productNamer } from './labels.ts';
import { progressMessages } from './messages.ts';

const product = (product_id: number, title: string | null) => ({
  product_id,
  title,
  type: null,
  status: null,
  min_score: null,
});

describe('productNamer', () => {
  const products = [
    product(1, 'Public Speaking'),
    product(2, 'public  speaking '),
    product(3, 'Safety'),
    product(4, null),
    product(5, '  '),
  ];

  it('follows a title that repeats (case and spaces aside) with its product id, and only then', () => {
    const nameOf = productNamer(products, progressMessages.en);
    expect(products.map(nameOf)).toEqual([
      'Public Speaking (#1)',
      'public  speaking (#2)',
      'Safety',
      'Product 4',
      'Product 5',
    ]);
    expect(productNamer(products, progressMessages.fr)(products[0]!)).toBe('Public Speaking (n° 1)');
  });
});
