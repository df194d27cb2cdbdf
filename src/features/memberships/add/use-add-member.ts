// The submit of the "Add member" form: resolve the user, check the membership, create it once.
// A React Query mutation; a synchronous ref guards against double clicks and repeated Enter
// (the mutation's state updates too late to stop a second event in the same frame). Writes are
// never retried automatically, and every attempt, a retry after a lost answer included, checks
// before it creates.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { isApiError } from '#api/errors.ts';
import { learnUsers } from '#api/directory-learning.ts';
import { createMembership, findMembership, membershipQueries } from '#api/memberships.ts';
import type { Grp } from '#schemas/grp.ts';
import type { User } from '#schemas/user.ts';
import type { UserGrp } from '#schemas/user-grp.ts';
import { userQueries } from '#api/users.ts';

/** Who is being added: a user found by identifier, or a bare id preset from a user page. */
export type Person = { user: User } | { userId: number };

const personId = (person: Person) => ('user' in person ? person.user.user_id : person.userId);

export type AddOutcome =
  | { kind: 'added'; group: Grp; person: Person; membership: UserGrp }
  | {
      kind: 'already';
      group: Grp;
      person: Person;
      since: string | null;
      /** The existing membership's group admin flag; null when unknown (a 409 says only that it exists). */
      isAdmin: boolean | null;
      /** Whether "Group admin" was asked for: the API cannot change the flag of an existing membership. */
      askedAdmin: boolean;
    }
  | { kind: 'failed'; error: unknown; uncertain: boolean };

export type AddPhase = 'idle' | 'checking' | 'creating';

export interface AddRequest {
  group: Grp;
  admin: boolean;
  /** Resolves the person at submit time (may wait for a lookup); null: the form shows why. */
  resolvePerson: () => Promise<Person | null>;
}

/** One submit; never throws: a failure is an outcome, with whether a write may have happened. */
async function addMember(
  { group, admin, resolvePerson }: AddRequest,
  onCreating: () => void,
  learnUser: (user: User) => void,
): Promise<AddOutcome | null> {
  let wrote = false;
  let person: Person | null = null;
  try {
    person = await resolvePerson();
    if (!person) return null;
    if ('user' in person) learnUser(person.user);
    const existing = await findMembership(group.grp_id, personId(person));
    if (existing) {
      const since = existing.user_grp_created_date;
      return { kind: 'already', group, person, since, isAdmin: existing.user_grp_group_admin === 1, askedAdmin: admin };
    }
    onCreating();
    wrote = true;
    const membership = await createMembership(
      {
        user_grp_grp_id: group.grp_id,
        user_grp_user_id: personId(person),
        user_grp_group_admin: admin ? 1 : 0,
      },
      undefined,
      'form',
    );
    return { kind: 'added', group, person, membership };
  } catch (error) {
    if (person && isApiError(error) && error.kind === 'http' && error.status === 409) {
      // Added meanwhile (elsewhere, or by an earlier attempt whose answer was lost).
      return { kind: 'already', group, person, since: null, isAdmin: null, askedAdmin: admin };
    }
    const lost = isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');
    return { kind: 'failed', error, uncertain: wrote && lost };
  }
}

export function useAddMember() {
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const [creating, setCreating] = useState(false);
  const mutation = useMutation({
    mutationFn: (request: AddRequest) =>
      addMember(
        request,
        () => setCreating(true),
        (user) => void learnUsers(queryClient, [user]),
      ),
    onSuccess: (outcome) => {
      if (outcome?.kind !== 'added') return;
      void queryClient.invalidateQueries({ queryKey: membershipQueries.all() });
      void queryClient.invalidateQueries({ queryKey: userQueries.groupsOf(personId(outcome.person)) });
    },
    onSettled: () => {
      inFlight.current = false;
      setCreating(false);
    },
  });

  function add(request: AddRequest): void {
    if (inFlight.current) return;
    inFlight.current = true;
    mutation.mutate(request);
  }

  const phase: AddPhase = !mutation.isPending ? 'idle' : creating ? 'creating' : 'checking';
  // While a new submit is checking, the previous outcome is gone (as before: one outcome at a time).
  const outcome = mutation.isPending ? null : (mutation.data ?? null);
  return { add, phase, outcome, reset: mutation.reset };
}
