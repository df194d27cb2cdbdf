// The submit of the "Add member" form: resolve the user, check the membership, create it once.
// A synchronous ref guards against double clicks and repeated Enter (state updates too late to
// stop a second event in the same frame); writes are never retried automatically, and every
// attempt, a retry after a lost answer included, checks before it creates.
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { rememberUser } from '../../api/known-users.ts';
import { createMembership, findMembership, membershipQueries } from '../../api/memberships.ts';
import type { Grp } from '../../api/schemas/grp.ts';
import type { User } from '../../api/schemas/user.ts';
import type { UserGrp } from '../../api/schemas/user-grp.ts';
import { userQueries } from '../../api/users.ts';

/** Who is being added: a user found by identifier, or a bare id preset from a user page. */
export type Person = { user: User } | { userId: number };

const personId = (person: Person) => ('user' in person ? person.user.user_id : person.userId);

export type AddOutcome =
  | { kind: 'added'; group: Grp; person: Person; membership: UserGrp }
  | { kind: 'already'; group: Grp; person: Person; since: string | null }
  | { kind: 'failed'; error: unknown; uncertain: boolean };

export type AddPhase = 'idle' | 'checking' | 'creating';

export interface AddRequest {
  group: Grp;
  admin: boolean;
  /** Resolves the person at submit time (may wait for a lookup); null: the form shows why. */
  resolvePerson: () => Promise<Person | null>;
}

export function useAddMember() {
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const [phase, setPhase] = useState<AddPhase>('idle');
  const [outcome, setOutcome] = useState<AddOutcome | null>(null);

  async function add({ group, admin, resolvePerson }: AddRequest): Promise<void> {
    if (inFlight.current) return;
    inFlight.current = true;
    setPhase('checking');
    setOutcome(null);
    let wrote = false;
    let person: Person | null = null;
    try {
      person = await resolvePerson();
      if (!person) return;
      if ('user' in person) rememberUser(person.user);
      const userId = personId(person);
      const existing = await findMembership(group.grp_id, userId);
      if (existing) {
        setOutcome({ kind: 'already', group, person, since: existing.user_grp_created_date });
        return;
      }
      setPhase('creating');
      wrote = true;
      const membership = await createMembership(
        {
          user_grp_grp_id: group.grp_id,
          user_grp_user_id: userId,
          user_grp_group_admin: admin ? 1 : 0,
        },
        undefined,
        'form',
      );
      setOutcome({ kind: 'added', group, person, membership });
      void queryClient.invalidateQueries({ queryKey: membershipQueries.all() });
      void queryClient.invalidateQueries({ queryKey: [...userQueries.all(), 'groups', userId] });
    } catch (error) {
      if (person && isApiError(error) && error.kind === 'http' && error.status === 409) {
        // Added meanwhile (elsewhere, or by an earlier attempt whose answer was lost).
        setOutcome({ kind: 'already', group, person, since: null });
      } else {
        const lost = isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');
        setOutcome({ kind: 'failed', error, uncertain: wrote && lost });
      }
    } finally {
      inFlight.current = false;
      setPhase('idle');
    }
  }

  return { add, phase, outcome, reset: () => setOutcome(null) };
}
