// @vitest-environment jsdom
// The login card in accounts mode: a session the server says is already open is adopted once
// (read afresh on every render, it was adopted by every render, and the page hung), and the
// sign-in the server offers is shown otherwise.
import { cleanup, render, screen } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountSession } from '#api/auth.ts';
import { LocaleProvider } from '#lib/i18n.tsx';
import { AccountSignIn } from './account-sign-in.tsx';

afterEach(cleanup);

const account = { account_id: 1, org_id: 5, email: 'a@example.org', name: 'A', role: 'admin', group_ids: [] };

/** Re-renders on each adoption, as the session provider does when it adopts a session. */
function Harness({ answer, adopted }: { answer: unknown; adopted: AccountSession[] }) {
  const [, setRenders] = useState(0);
  return (
    <AccountSignIn
      answer={answer}
      titleId="t"
      onSignedIn={async (session) => {
        adopted.push(session);
        setRenders((n) => n + 1);
      }}
    />
  );
}

describe('AccountSignIn', () => {
  it('adopts a session already open once, however often it renders', async () => {
    const adopted: AccountSession[] = [];
    const answer = { mode: 'accounts', account, csrf_token: 'c', idle_expires_at: 'x', expires_at: 'y' };
    render(
      <StrictMode>
        <LocaleProvider>
          <Harness answer={answer} adopted={adopted} />
        </LocaleProvider>
      </StrictMode>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    // StrictMode runs the effect twice on mount; a loop would be far more.
    expect(adopted.length).toBeGreaterThan(0);
    expect(adopted.length).toBeLessThanOrEqual(2);
    expect(adopted[0]).toEqual({ orgId: 5, account, csrfToken: 'c' });
  });

  it('shows the form, and the single sign-on the server names', () => {
    const answer = {
      status: false,
      error: { code: 'not_signed_in', message: 'x', details: { mode: 'accounts', sso: { name: 'Acme ID' } } },
    };
    render(
      <LocaleProvider>
        <AccountSignIn answer={answer} titleId="t" onSignedIn={vi.fn()} />
      </LocaleProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText('E-mail')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in with Acme ID' }).getAttribute('href')).toBe(
      '/dashboard-api/auth/oidc/start',
    );
  });
});
