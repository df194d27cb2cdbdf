// A member the directory does not know: "Not in the directory (no. 68642)" and "Look up". The
// portal finds people by organisation identifier only, so "Look up" asks for it; the person found
// (the same user id, or it is someone else's identifier) is learnt by the directory and the
// table reads the group's members again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { coverageQueries } from '#api/coverage.ts';
import { learnUsers } from '#api/directory-learning.ts';
import { isApiError } from '#api/errors.ts';
import { groupMemberQueries } from '#api/group-members.ts';
import { userQueries } from '#api/users.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { Button } from '#components/button.tsx';
import { Field } from '#components/field.tsx';
import { fill, useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { groupMessages } from './messages.ts';
import styles from './group-page.module.css';

export function LookUpMember({ userId, grpId }: { userId: number; grpId: number }) {
  const t = useMessages(groupMessages);
  const [open, setOpen] = useState(false);
  // Every unknown member has a "Look up": the member's line describes which one it is for.
  const memberId = useId();
  return (
    <div className={styles.lookUp}>
      <span className={styles.memberUser}>
        <Link id={memberId} to={paths.user(userId)} className={styles.muted}>
          {fill(t.notInDirectory, { id: userId })}
        </Link>
        {!open && (
          <Button className={styles.lookUpButton} aria-describedby={memberId} onClick={() => setOpen(true)}>
            {t.lookUp}
          </Button>
        )}
      </span>
      {open && <LookUpForm userId={userId} grpId={grpId} onCancel={() => setOpen(false)} />}
    </div>
  );
}

function LookUpForm({ userId, grpId, onCancel }: { userId: number; grpId: number; onCancel: () => void }) {
  const t = useMessages(groupMessages);
  const id = useId();
  const queryClient = useQueryClient();
  const [identifier, setIdentifier] = useState('');
  const lookUp = useMutation({
    mutationFn: async (value: string) => {
      const user = await queryClient.fetchQuery(userQueries.byIdentifier(value));
      // An identifier of someone else teaches the directory that person, not this member.
      await learnUsers(queryClient, [user]);
      if (user.user_id === userId) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: groupMemberQueries.group(grpId) }),
          queryClient.invalidateQueries({ queryKey: coverageQueries.all() }),
        ]);
      }
      return user;
    },
  });
  const nobody = isApiError(lookUp.error) && lookUp.error.isNotFound;
  const someoneElse = lookUp.data && lookUp.data.user_id !== userId ? lookUp.data.user_id : null;
  const problem = nobody
    ? t.lookUpNobody
    : someoneElse !== null
      ? fill(t.lookUpSomeoneElse, { id: someoneElse })
      : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = identifier.trim();
    if (value && !lookUp.isPending) lookUp.mutate(value);
  }

  return (
    <form className={styles.lookUpForm} onSubmit={submit} noValidate>
      <Field
        label={fill(t.lookUpField, { id: userId })}
        hint={t.lookUpHint}
        invalid={problem !== null}
        describedBy={`${id}-problem`}
        // Always in the page, so that the message is announced when it appears.
        below={
          <div id={`${id}-problem`} role="alert" className={styles.lookUpAlert}>
            {problem && <p className="field-error">{problem}</p>}
          </div>
        }
      >
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
            // The field appears because "Look up" was pressed: typing goes on there.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            value={identifier}
            onChange={(event) => setIdentifier(event.target.value)}
          />
        )}
      </Field>
      <span className={styles.lookUpActions}>
        <Button kind="primary" type="submit" aria-disabled={lookUp.isPending || undefined}>
          {t.lookUp}
        </Button>
        <Button onClick={onCancel}>{t.lookUpCancel}</Button>
      </span>
      {lookUp.isError && !nobody && (
        <ApiErrorNotice title={t.lookUpFailed} error={lookUp.error} onRetry={() => lookUp.mutate(identifier.trim())} />
      )}
    </form>
  );
}
