// A row's actions on the Access page: change the role and groups (a dialog), remove the account
// (after a confirmation), end its sessions (at once: nothing is lost but a sign-in).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { accessQueries, changeAccount, endSessions, removeAccount } from '#api/access.ts';
import { isApiError } from '#api/errors.ts';
import type { AccessAccount } from '#schemas/access.ts';
import type { AccountRole } from '#schemas/account-session.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { Button } from '#components/button.tsx';
import { fill, useMessages } from '#lib/i18n.tsx';
import { accessMessages } from './messages.ts';
import { groupsOfRole, RoleFields } from './role-fields.tsx';
import styles from './access-page.module.css';

/** An error the page words itself (the last admin), or the request's own notice. */
function ActionError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useMessages(accessMessages);
  if (isApiError(error) && error.code === 'last_admin')
    return (
      <p className="notice notice-error" role="alert">
        {t.lastAdmin}
      </p>
    );
  return <ApiErrorNotice error={error} onRetry={onRetry} />;
}

export function AccountActions({ account, onDone }: { account: AccessAccount; onDone: (message: string) => void }) {
  const t = useMessages(accessMessages);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: accessQueries.all() });
  const end = useMutation({
    mutationFn: () => endSessions(account.account_id),
    onSuccess: async ({ ended }) => {
      onDone(fill(t.sessionsEnded, { name: account.name, count: ended }));
      await refresh();
    },
  });
  return (
    <div className={styles.actions}>
      <ChangeDialog account={account} />
      <RemoveDialog account={account} />
      <Button onClick={() => !end.isPending && end.mutate()} aria-disabled={end.isPending || undefined}>
        {end.isPending ? t.ending : t.endSessions}
      </Button>
      {end.isError && <ApiErrorNotice error={end.error} onRetry={() => end.mutate()} />}
    </div>
  );
}

function ChangeDialog({ account }: { account: AccessAccount }) {
  const t = useMessages(accessMessages);
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const queryClient = useQueryClient();
  const [role, setRole] = useState<AccountRole>(account.role);
  const [groups, setGroups] = useState(account.group_ids.join(', '));
  const [groupsError, setGroupsError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (groupIds: number[]) => changeAccount(account.account_id, { role, group_ids: groupIds }),
    onSuccess: async () => {
      dialog.current?.close();
      await queryClient.invalidateQueries({ queryKey: accessQueries.all() });
    },
  });

  function open() {
    // Opened afresh on what the table shows now.
    setRole(account.role);
    setGroups(account.group_ids.join(', '));
    setGroupsError(null);
    change.reset();
    dialog.current?.showModal();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const chosen = groupsOfRole(role, groups, t);
    setGroupsError('problem' in chosen ? chosen.problem : null);
    if ('groupIds' in chosen && !change.isPending) change.mutate(chosen.groupIds);
  }

  return (
    <>
      <Button onClick={open}>{t.change}</Button>
      <dialog ref={dialog} className="dialog" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{fill(t.changeTitle, { name: account.name })}</h2>
        <form className="stack" onSubmit={submit} noValidate>
          <RoleFields role={role} groups={groups} onRole={setRole} onGroups={setGroups} groupsError={groupsError} />
          {change.isError && <ActionError error={change.error} onRetry={() => change.mutate(change.variables ?? [])} />}
          <div className="dialog-footer">
            <Button onClick={() => dialog.current?.close()}>{t.cancel}</Button>
            <Button kind="primary" type="submit" aria-disabled={change.isPending || undefined}>
              {change.isPending ? t.saving : t.save}
            </Button>
          </div>
        </form>
      </dialog>
    </>
  );
}

function RemoveDialog({ account }: { account: AccessAccount }) {
  const t = useMessages(accessMessages);
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => removeAccount(account.account_id),
    onSuccess: async () => {
      dialog.current?.close();
      await queryClient.invalidateQueries({ queryKey: accessQueries.all() });
    },
  });
  return (
    <>
      <Button
        onClick={() => {
          remove.reset();
          dialog.current?.showModal();
        }}
      >
        {t.remove}
      </Button>
      <dialog ref={dialog} className="dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`}>
        <h2 id={`${id}-title`}>{fill(t.removeTitle, { name: account.name })}</h2>
        <p id={`${id}-body`}>{fill(t.removeBody, { name: account.name })}</p>
        {remove.isError && <ActionError error={remove.error} onRetry={() => remove.mutate()} />}
        <div className="dialog-footer">
          <Button onClick={() => dialog.current?.close()}>{t.cancel}</Button>
          <Button
            kind="primary"
            onClick={() => !remove.isPending && remove.mutate()}
            aria-disabled={remove.isPending || undefined}
          >
            {remove.isPending ? t.removing : t.remove}
          </Button>
        </div>
      </dialog>
    </>
  );
}
