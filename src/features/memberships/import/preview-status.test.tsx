// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LocaleProvider, useLocale } from '#lib/i18n.tsx';
import { usePreviewingStatus } from './preview-status.tsx';

afterEach(cleanup);

function Status() {
  const previewingStatus = usePreviewingStatus();
  const { setLocale } = useLocale();
  return (
    <>
      <p role="status">{previewingStatus({ done: 1200, total: 34_567 })}</p>
      <button type="button" onClick={() => setLocale('fr')}>
        fr
      </button>
    </>
  );
}

describe('usePreviewingStatus', () => {
  it('writes the counts in the locale’s number format, in English and in French', () => {
    render(
      <LocaleProvider>
        <Status />
      </LocaleProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Looking people up: 1,200 of 34,567…');
    act(() => screen.getByRole('button').click());
    const french = screen.getByRole('status').textContent;
    expect(french).toBe(
      `Recherche des personnes : ${new Intl.NumberFormat('fr').format(1200)} sur ${new Intl.NumberFormat('fr').format(34_567)}…`,
    );
    expect(french).not.toContain('1200');
  });
});
