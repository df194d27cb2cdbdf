import { describe, expect, it } from 'vitest';
import { kindOf, longestChain, lowerBound, type Fetch } from './waterfall.ts';

const f = (path: string, start: number, end: number, initiator = 'script'): Fetch => ({
  path,
  kind: kindOf(path, initiator),
  start,
  end,
});

// Today's groups table, in the shape of a real load at 100 ms API latency.
const waterfall = [
  f('/groups?view=table&size=50', 0, 15, 'navigation'),
  f('/preferences-init.js', 20, 30),
  f('/assets/index.js', 21, 60),
  f('/assets/index.css', 21, 50, 'link'),
  f('/favicon.svg', 200, 210, 'img'),
  f('/api/token/validate', 150, 260, 'fetch'),
  f('/assets/groups-page.js', 280, 300),
  f('/assets/groups-page.css', 281, 299, 'link'),
  f('/assets/groups-table.js', 320, 340),
  f('/api/grp/get_all', 360, 470, 'fetch'),
];

describe('kindOf', () => {
  it('sorts requests by what they are', () => {
    expect(kindOf('/users/1', 'navigation')).toBe('document');
    expect(kindOf('/api/grp/get_all', 'fetch')).toBe('api');
    expect(kindOf('/api/user/get_by_organisation_identifier/a.js', 'fetch')).toBe('api');
    expect(kindOf('/assets/index-abc.js', 'other')).toBe('script');
    expect(kindOf('/assets/index-abc.css?v=1', 'link')).toBe('style');
    expect(kindOf('/favicon.svg', 'img')).toBe('other');
  });
});

describe('longestChain', () => {
  it('follows the waterfall: each request after the end of the one before', () => {
    const chain = longestChain(waterfall);
    expect(chain.requests.map((r) => r.path)).toEqual([
      '/groups?view=table&size=50',
      '/preferences-init.js',
      '/api/token/validate',
      '/assets/groups-page.js',
      '/assets/groups-table.js',
      '/api/grp/get_all',
    ]);
    expect(chain.depth).toBe(6);
    expect(chain.apiDepth).toBe(2);
  });

  it('counts requests in flight together as one round', () => {
    const parallel = [
      f('/groups', 0, 15, 'navigation'),
      f('/assets/index.js', 20, 60),
      f('/assets/groups-page.js', 21, 62),
      f('/api/token/validate', 70, 180, 'fetch'),
      f('/api/grp/get_all', 72, 185, 'fetch'),
    ];
    const chain = longestChain(parallel);
    expect(chain.depth).toBe(3);
    expect(chain.apiDepth).toBe(1);
  });

  it('ends at a request the content needs when told which', () => {
    const withTitle = [...waterfall, f('/api/product/get/7', 480, 590, 'fetch')];
    expect(longestChain(withTitle).apiDepth).toBe(3);
    const chain = longestChain(withTitle, (r) => r.path === '/api/grp/get_all');
    expect(chain.apiDepth).toBe(2);
    expect(chain.requests.at(-1)?.path).toBe('/api/grp/get_all');
    expect(longestChain(withTitle, () => false)).toEqual({ depth: 0, requests: [], apiDepth: 0 });
  });

  it('leaves images and icons out, and is empty for no requests', () => {
    expect(longestChain([f('/favicon.svg', 0, 1, 'img')])).toEqual({ depth: 0, requests: [], apiDepth: 0 });
  });
});

describe('lowerBound', () => {
  it('adds the HTML, the longest code request, the longest API request and the render time', () => {
    const bound = lowerBound(waterfall, 500);
    expect(bound).toEqual({ html: 15, scripts: 39, api: 110, render: 30, total: 194 });
  });

  it('ignores what ended after the content showed', () => {
    const late = [...waterfall, f('/api/product/get/1', 480, 700, 'fetch'), f('/assets/late.js', 400, 900)];
    expect(lowerBound(late, 500)).toEqual(lowerBound(waterfall, 500));
  });

  it('takes the API terms from the requests the content needs only', () => {
    const withTitle = [...waterfall, f('/api/product/get/1', 300, 490, 'fetch')];
    expect(lowerBound(withTitle, 500).render).toBe(10);
    expect(lowerBound(withTitle, 500, (r) => r.path === '/api/grp/get_all')).toEqual(lowerBound(waterfall, 500));
  });
});
