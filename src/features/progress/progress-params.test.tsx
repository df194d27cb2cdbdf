// @vitest-environment jsdom
// The page's filters in the URL: two changes made before the router has rendered the first (a
// date typed, then the switch) both stay; what is asked shows at once.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { useProgressParams } from './progress-params.ts';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

function Filters() {
  const { includeSubgroups, filter, stalledDays, update } = useProgressParams();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          update({ from: '2024-01-01' });
          update({ subgroups: '1' });
        }}
      >
        Two changes
      </button>
      <button type="button" onClick={() => update({ from: undefined, stalled: '45' })}>
        Clear the date
      </button>
      <p>
        {`subgroups ${includeSubgroups}, from ${filter.from ?? 'none'}, type ${filter.type ?? 'any'}, stalled ${stalledDays}`}
      </p>
    </>
  );
}

it('keeps both of two changes in a row, and the parameters it does not change', async () => {
  window.history.replaceState(null, '', '/groups/7/progress?type=event');
  render(
    <BrowserRouter>
      <Filters />
    </BrowserRouter>,
  );
  expect(screen.getByText('subgroups false, from none, type event, stalled 30')).toBeTruthy();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Two changes' })));
  expect(new URLSearchParams(window.location.search).toString()).toBe('type=event&from=2024-01-01&subgroups=1');
  expect(screen.getByText('subgroups true, from 2024-01-01, type event, stalled 30')).toBeTruthy();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Clear the date' })));
  expect(new URLSearchParams(window.location.search).toString()).toBe('type=event&subgroups=1&stalled=45');
  expect(screen.getByText('subgroups true, from none, type event, stalled 45')).toBeTruthy();
});
