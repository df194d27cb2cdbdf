// @vitest-environment jsdom
// A static host answers the status with HTML once: components that mount later, and code that
// asks outside a component, take that answer instead of asking again (which would put every
// page part that depends on it back to "checking", unmounting and mounting its children, which
// asked again: the group page's members never left "Loading the members…").
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { configureApi } from '#api/config.ts';
import { dashboardServerThere } from '#api/dashboard-status.ts';
import { useDashboardServer } from './dashboard-server.ts';

let asked: number;

beforeEach(() => {
  asked = 0;
  configureApi({ baseUrl: '/api', dashboardBaseUrl: '/dashboard-api', getToken: () => 'token-1' });
  vi.stubGlobal('fetch', async () => {
    asked += 1;
    return new Response('<!doctype html><title>Dashboard</title>', { headers: { 'content-type': 'text/html' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Server({ name }: { name: string }) {
  return <p>{`${name}: ${useDashboardServer()}`}</p>;
}

function Page() {
  const [more, setMore] = useState(false);
  return (
    <>
      <Server name="first" />
      {more && <Server name="second" />}
      <button type="button" onClick={() => setMore(true)}>
        more
      </button>
    </>
  );
}

it('asks a static host once, whatever mounts after its answer', async () => {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <Page />
    </QueryClientProvider>,
  );
  await screen.findByText('first: absent');
  fireEvent.click(screen.getByRole('button', { name: 'more' }));
  await screen.findByText('second: absent');
  expect(await dashboardServerThere(client)).toBe(false);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.getByText('first: absent')).toBeTruthy();
  await waitFor(() => expect(asked).toBe(1));
});
