// @vitest-environment jsdom
// A page whose code fails to load: one request, the route's message with "Reload" and "Try
// again", never a loop; "Try again" and a later visit each ask once more.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { isCodeLoadError, lazyPage, PageLoadError } from './lazy-page.tsx';
import { RouteBoundary } from './route-boundary.tsx';

afterEach(cleanup);

const chunkAddress = 'http://localhost/assets/product-page-abc.js';

/**
 * A page module whose load fails until `works` is set, as Chromium fails it (naming the address);
 * counts the loads, and keeps the addresses a retry imported afresh.
 */
function flakyPage() {
  const state = { loads: 0, works: false, freshImports: [] as string[] };
  const loadOnce = async () => {
    state.loads += 1;
    if (!state.works) throw new TypeError(`Failed to fetch dynamically imported module: ${chunkAddress}`);
    return { ProductPage: () => <h1>Product</h1> };
  };
  const Page = lazyPage(loadOnce, 'ProductPage', (address) => {
    state.freshImports.push(address);
    return loadOnce();
  });
  return { state, Page };
}

function GoTo({ path, label }: { path: string; label: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(path)}>
      {label}
    </button>
  );
}

function renderRoutes(Page: ReturnType<typeof lazyPage>) {
  render(
    <MemoryRouter initialEntries={['/products/1']}>
      <GoTo path="/elsewhere" label="Leave" />
      <GoTo path="/products/1" label="Back" />
      <Routes>
        <Route
          path="/products/1"
          element={
            <RouteBoundary>
              <Page />
            </RouteBoundary>
          }
        />
        <Route path="/elsewhere" element={<h1>Elsewhere</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 200)));

describe('lazyPage', () => {
  it('a failed load shows the message with Reload and Try again after one request, and stays so', async () => {
    const { state, Page } = flakyPage();
    renderRoutes(Page);
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('may have been updated');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    await settle();
    expect(state.loads).toBe(1);
  });

  it('"Try again" asks once more and shows the page when it loads', async () => {
    const { state, Page } = flakyPage();
    renderRoutes(Page);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    await settle();
    expect(state.loads).toBe(2);

    state.works = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Product' })).toBeTruthy();
    expect(state.loads).toBe(3);
    // The browser keeps the failure of the first address: each retry asks for a new one.
    expect(state.freshImports).toEqual([`${chunkAddress}#retry=1`, `${chunkAddress}#retry=2`]);
  });

  it('coming back to the page later asks once more', async () => {
    const { state, Page } = flakyPage();
    renderRoutes(Page);
    await screen.findByRole('heading', { name: 'This page could not be loaded' });
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await screen.findByRole('heading', { name: 'Elsewhere' });
    state.works = true;
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Product' })).toBeTruthy();
    expect(state.loads).toBe(2);
  });
});

describe('isCodeLoadError', () => {
  it.each([
    [new PageLoadError(new Error('x')), true],
    [new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'), true],
    [new TypeError('error loading dynamically imported module: http://x/assets/a.js'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('Unable to preload CSS for /assets/a.css'), true],
    [new Error('Cannot read properties of undefined'), false],
    ['a string', false],
  ])('%s: %s', (error, expected) => {
    expect(isCodeLoadError(error)).toBe(expected);
  });
});
