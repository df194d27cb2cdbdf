import { describe, expect, it } from 'vitest';
import { isolated } from './page-title.tsx';

describe('isolated', () => {
  it('leaves plain left-to-right names as they are', () => {
    expect(isolated('marketing-montreal')).toBe('marketing-montreal');
  });

  it('wraps a name with a right-to-left override, or right-to-left letters, in FSI … PDI', () => {
    expect(isolated('pay\u202Eroll')).toBe('\u2068pay\u202Eroll\u2069');
    expect(isolated('שלום')).toBe('\u2068שלום\u2069');
  });
});
