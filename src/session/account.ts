// What the signed-in account may do, for the pages that hide what the server would refuse.
// Token mode has no account: whoever holds the token does everything, as before.
import type { SignedInAccount } from '#schemas/account-session.ts';
import { useSession } from './session.tsx';

/** The signed-in account (accounts mode), or null (token mode, signed out). */
export function useSignedInAccount(): SignedInAccount | null {
  const { state } = useSession();
  if (state.status !== 'signed-in' && state.status !== 'expired') return null;
  return 'account' in state.session ? state.session.account : null;
}

/** False for a viewer, whose writes the server refuses (403 `read_only`): write actions are hidden. */
export function useCanWrite(): boolean {
  return useSignedInAccount()?.role !== 'viewer';
}

/** Only an admin manages the organisation's access (the Access page). */
export function useIsAccountAdmin(): boolean {
  return useSignedInAccount()?.role === 'admin';
}

/** The organisation's own settings: an admin's (or token mode's) to change; others read them. */
export function useCanChangeOrganisation(): boolean {
  const role = useSignedInAccount()?.role;
  return role === undefined || role === 'admin';
}

/**
 * Who may open a page (and see its navigation entry) in accounts mode (checked by the layout): `writers` leaves out a
 * viewer, whose writes the server refuses; `admins` is for admins only. Token mode has no account:
 * every page but the admins' (which are accounts mode's).
 */
export type Audience = 'writers' | 'admins';
