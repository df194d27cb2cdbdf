// @vitest-environment jsdom
// Code asked for early renders at once, without a fallback; a failure costs one request until a retry.
import { act, cleanup, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadable, retryFailedLoads } from './preloadable.tsx';

afterEach(cleanup);

/** A module that loads when `release` is called (or fails, if `works` is false); counts loads. */
function controlledModule() {
  const state = { loads: 0, works: true, release: () => {} };
  const Shown = preloadable(
    () => {
      state.loads += 1;
      return new Promise<{ Page: (props: { name: string }) => ReactNode }>((resolve, reject) => {
        state.release = () =>
          state.works ? resolve({ Page: ({ name }) => <h1>Hello {name}</h1> }) : reject(new Error('gone'));
      });
    },
    (module) => module.Page,
  );
  return { state, Shown };
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>Failed</p> : this.props.children;
  }
}

/** Renders inside a Suspense boundary that records whether its fallback was ever shown. */
function renderShown(Shown: ReturnType<typeof controlledModule>['Shown']) {
  const seen = { fallback: false };
  function Fallback() {
    seen.fallback = true;
    return <p>Loading</p>;
  }
  render(
    <Suspense fallback={<Fallback />}>
      <Boundary>
        <Shown name="Ada" />
      </Boundary>
    </Suspense>,
  );
  return seen;
}

describe('preloadable', () => {
  it('renders at once, without its fallback, when preloaded code is there; loads once', async () => {
    const { state, Shown } = controlledModule();
    const preloaded = Shown.preload();
    state.release();
    await preloaded;
    const seen = renderShown(Shown);
    expect(screen.getByRole('heading').textContent).toBe('Hello Ada');
    expect(seen.fallback).toBe(false);
    void Shown.preload();
    expect(state.loads).toBe(1);
  });

  it('suspends like React.lazy when rendered first, with the one load a preload started', async () => {
    const { state, Shown } = controlledModule();
    void Shown.preload();
    const seen = renderShown(Shown);
    expect(seen.fallback).toBe(true);
    await act(async () => state.release());
    expect((await screen.findByRole('heading')).textContent).toBe('Hello Ada');
    expect(state.loads).toBe(1);
  });

  it('a failure reaches the error boundary and is not asked for again until retryFailedLoads', async () => {
    const { state, Shown } = controlledModule();
    state.works = false;
    const preloaded = Shown.preload();
    state.release();
    await expect(preloaded).resolves.toBeUndefined();
    renderShown(Shown);
    expect(await screen.findByText('Failed')).toBeTruthy();
    await Shown.preload();
    expect(state.loads).toBe(1);

    retryFailedLoads();
    state.works = true;
    const again = Shown.preload();
    expect(state.loads).toBe(2);
    state.release();
    await again;
    cleanup();
    renderShown(Shown);
    expect(screen.getByRole('heading').textContent).toBe('Hello Ada');
  });
});
