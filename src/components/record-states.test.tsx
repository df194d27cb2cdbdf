// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '#api/errors.ts';
import { RecordStates } from './record-states.tsx';

afterEach(cleanup);

function Page({ load }: { load: () => Promise<string> }) {
  const query = useQuery({ queryKey: ['record'], queryFn: load, retry: false });
  return (
    <RecordStates
      query={query}
      queryKey={['record']}
      loading="Loading the record…"
      errorTitle="Record 7"
      notFound={<h1>Record 7 not found</h1>}
    >
      {(record) => <h1>{record}</h1>}
    </RecordStates>
  );
}

function show(load: () => Promise<string>) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Page load={load} />
    </QueryClientProvider>,
  );
}

describe('RecordStates', () => {
  it('says it is loading, then shows the record', async () => {
    let resolve = (_: string) => {};
    show(() => new Promise((r) => (resolve = r)));
    expect(screen.getByRole('status').textContent).toBe('Loading the record…');
    resolve('The record');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('The record');
  });

  it('shows the page of a missing record on a 404', async () => {
    show(() => Promise.reject(new ApiError({ kind: 'http', status: 404, endpoint: 'GET record' })));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Record 7 not found');
  });

  it('shows any other failure under the title, with a retry', async () => {
    show(() => Promise.reject(new ApiError({ kind: 'network', endpoint: 'GET record' })));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Record 7');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
