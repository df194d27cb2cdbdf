// @vitest-environment jsdom
// "Stalled" and "Below the pass mark" as a training administrator meets them: each count, the
// people by name with what tells two of the same name apart, "Add these people to a group…"
// handing them to the bulk add as the members table does, and the number of days.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readChosenPeople } from '#lib/chosen-people.ts';
import { paths } from '#lib/paths.ts';
import { AttentionSections } from './attention-sections.tsx';
import type { BelowPassMarkRow, StalledRow } from './attention.ts';
import { productNamer } from './labels.ts';
import { progressMessages } from './messages.ts';

afterEach(cleanup);

const member = (user_id: number, email: string | null) => ({
  user_id,
  grp_ids: [7],
  firstname: 'Ann',
  lastname: 'Lee',
  user_organisation_identifier: `E-${user_id}`,
  email,
});
const safety = { product_id: 100, title: 'Safety', type: 'elearning', status: 'published', min_score: 70 };
const stalled: StalledRow[] = [
  { member: member(10, 'ann@example.org'), product: safety, started: '2026-01-02T08:00:00Z', days: 90, score: null },
  { member: member(11, null), product: safety, started: '2026-03-02T08:00:00Z', days: 31, score: 12 },
];
const below: BelowPassMarkRow[] = [
  {
    member: member(10, 'ann@example.org'),
    product: safety,
    started: '2026-01-02T08:00:00Z',
    completed: '2026-01-05T08:00:00Z',
    score: 40,
    passMark: 70,
  },
];

/** Where "Add these people to a group…" leads, with the people it hands over. */
function AddPeople() {
  const chosen = readChosenPeople(useLocation().state);
  return (
    <p>
      Chosen from {chosen?.from}: {chosen?.userIds.join(', ')}
    </p>
  );
}

function renderSections(onStalledDays = vi.fn()) {
  render(
    <MemoryRouter initialEntries={['/groups/7/progress']}>
      <Routes>
        <Route
          path="/groups/7/progress"
          element={
            <AttentionSections
              groupId={7}
              nameOf={productNamer([safety], progressMessages.en)}
              stalled={stalled}
              stalledDays={30}
              onStalledDays={onStalledDays}
              below={below}
            />
          }
        />
        <Route path={paths.addPeople()} element={<AddPeople />} />
      </Routes>
    </MemoryRouter>,
  );
  return onStalledDays;
}

describe('AttentionSections', () => {
  it('lists each section with its count, the people by name and what tells them apart', () => {
    renderSections();
    expect(
      screen.getByText(
        '2 takes started more than 30 days ago and not completed, with no take of the same product started since.',
      ),
    ).toBeTruthy();
    const [, first, second] = within(screen.getByRole('table', { name: 'Stalled' })).getAllByRole('row');
    if (!first || !second) throw new Error('rows missing');
    // The e-mail next to the name; without one, the identifier under the name tells two namesakes apart.
    expect(
      within(screen.getByRole('table', { name: 'Stalled' }))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Member', 'E-mail', 'Product', 'Started', 'Days since started', 'Score']);
    expect(within(first).getByRole('rowheader').textContent).toBe('Ann Lee');
    expect(within(second).getByRole('rowheader').textContent).toBe('Ann LeeE-11');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['ann@example.org', 'Safety', 'Jan 2, 2026', '90', '—']);
    expect(
      within(second)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['', 'Safety', 'Mar 2, 2026', '31', '12 / 100']);
    expect(
      within(screen.getByRole('table', { name: 'Below the pass mark' }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 2),
    ).toEqual(['ann@example.org', 'Safety']);
    expect(
      screen.getByText(
        '1 completion with a best score under the product’s pass mark. Products without a pass mark, and completions without a score, are not judged.',
      ),
    ).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Below the pass mark' })).getByText('40 / 100')).toBeTruthy();
  });

  it('hands the people of a section, each once, to the bulk add', () => {
    renderSections();
    const section = screen.getByRole('heading', { name: 'Stalled' }).closest('section');
    if (!section) throw new Error('no section');
    expect(within(section).getByText('2 people')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Add these people to a group…' }));
    expect(screen.getByText('Chosen from 7: 10, 11')).toBeTruthy();
  });

  it('applies a number of days once it is a whole number from 1 to 3650', () => {
    const onStalledDays = renderSections();
    const field = screen.getByRole('spinbutton', { name: 'Days since started' });
    fireEvent.change(field, { target: { value: '0' } });
    expect(screen.getByText('Enter a whole number of days, from 1 to 3650.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: '45' } });
    expect(onStalledDays.mock.calls).toEqual([[45]]);
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });
});
