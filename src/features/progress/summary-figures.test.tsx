// @vitest-environment jsdom
// The summary as a training administrator reads it, in English and French: the time of its data,
// what changed since the previous report (or that the next report will say), the figures, and
// under them how they count; "Not started" is defined there and never summed as a figure.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LocaleProvider } from '#lib/i18n.tsx';
import type { Summary } from './aggregate.ts';
import { AsOfTime } from './as-of.tsx';
import type { ReportChanges } from './changes.ts';
import { ChangesSince } from './report-changes.tsx';
import { SummaryFigures } from './summary-figures.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const summary: Summary = {
  members: 14,
  membersWithTake: 12,
  completed: 40,
  inProgress: 9,
  completionRate: 0.8163,
  averageScore: 61.25,
};
const changes: ReportChanges = { since: '2026-11-20T09:00:00Z', newCompletions: 4, newlyStalled: 2, newMembers: 3 };

function renderSummary(kept: ReportChanges | null) {
  render(
    <LocaleProvider>
      <AsOfTime value="2026-11-28T14:05:00Z">
        <SummaryFigures summary={summary} withPeriod={false} changes={<ChangesSince changes={kept} />} />
      </AsOfTime>
    </LocaleProvider>,
  );
}

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('SummaryFigures', () => {
  it('says as of when, what changed since the previous report, the figures and how they count', () => {
    renderSummary(changes);
    expect(screen.getByText(/^As of Nov 28, 2026, \d{1,2}:\d{2}/)).toBeTruthy();
    expect(screen.getByText('Since Nov 20, 2026: 4 new completions, 2 newly stalled, 3 new members.')).toBeTruthy();
    expect(figure('Members')).toBe('14');
    expect(figure('Takes completed')).toBe('40');
    expect(figure('Completion rate')).toBe('82%');
    expect(figure('Average score')).toBe('61.3');
    // "Not started" is a figure of each product, defined here, never a summed figure.
    expect(screen.queryByText('Not started', { selector: 'dt' })).toBeNull();
    expect(
      screen.getByText(/^Not started, for a product: the members of the group with no take of it begun/),
    ).toBeTruthy();
  });

  it('for the first report kept, says that the next one will say what changed', () => {
    renderSummary(null);
    expect(
      screen.getByText('The server keeps the figures of this report: the next one will say what changed since.'),
    ).toBeTruthy();
  });

  it('reads in French, with the words of a completion rate and one word for a take', () => {
    localStorage.setItem('lp.locale', 'fr');
    renderSummary({ ...changes, newCompletions: 1, newlyStalled: 0, newMembers: 1 });
    expect(screen.getByText(/^État au 28 nov\. 2026/)).toBeTruthy();
    expect(
      screen.getByText(
        'Depuis le 20 nov. 2026 : 1 nouvel achèvement, aucun nouveau passage à l’arrêt, 1 nouveau membre.',
      ),
    ).toBeTruthy();
    expect(figure('Taux d’achèvement')).toMatch(/^82\s?%$/);
    expect(figure('Membres avec au moins un passage')).toBe('12');
    expect(figure('Passages terminés')).toBe('40');
  });
});
