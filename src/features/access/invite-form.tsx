// "Invite someone": an e-mail, a name, a role and groups; the server answers with the invitation
// link, shown here to copy (it is the only time it is shown: the server keeps only its hash).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { accessQueries, inviteAccount } from '#api/access.ts';
import { isApiError } from '#api/errors.ts';
import type { AccountRole } from '#schemas/account-session.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { Button } from '#components/button.tsx';
import { Field } from '#components/field.tsx';
import { fill, useMessages } from '#lib/i18n.tsx';
import { accessMessages } from './messages.ts';
import { groupsOfRole, RoleFields } from './role-fields.tsx';
import styles from './access-page.module.css';

export function InviteForm({ onClose }: { onClose: () => void }) {
  const t = useMessages(accessMessages);
  const queryClient = useQueryClient();
  const titleId = useId();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<AccountRole>('viewer');
  const [groups, setGroups] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [groupsError, setGroupsError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const invite = useMutation({
    mutationFn: inviteAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessQueries.all() }),
    onError: (error) => {
      if (isApiError(error) && error.code === 'account_exists') setProblem(t.accountExists);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (invite.isPending) return;
    const chosen = groupsOfRole(role, groups, t);
    setGroupsError('problem' in chosen ? chosen.problem : null);
    if (!email.trim() || !name.trim()) return setProblem(t.emailRequired);
    setProblem(null);
    if ('groupIds' in chosen)
      invite.mutate({ email: email.trim(), name: name.trim(), role, group_ids: chosen.groupIds });
  }

  const link = invite.data?.invitation_url;
  if (link)
    return (
      <section className={styles.panel} aria-labelledby={titleId}>
        <h2 id={titleId}>{t.inviteTitle}</h2>
        <p role="status">{fill(t.invitationReady, { email: invite.variables?.email ?? email })}</p>
        <Field label={t.invitationLink} status={copied ? t.copied : ''}>
          {(control) => <input {...control} readOnly value={link} onFocus={(event) => event.target.select()} />}
        </Field>
        <div className={styles.buttons}>
          <Button
            kind="primary"
            onClick={() =>
              void navigator.clipboard.writeText(link).then(
                () => setCopied(true),
                () => undefined,
              )
            }
          >
            {t.copy}
          </Button>
          <Button onClick={onClose}>{t.close}</Button>
        </div>
      </section>
    );

  const otherFailure = invite.isError && !(isApiError(invite.error) && invite.error.code === 'account_exists');
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>{t.inviteTitle}</h2>
      <form className="stack" onSubmit={submit} noValidate>
        <Field label={t.email}>
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="off"
              // eslint-disable-next-line jsx-a11y/no-autofocus -- opened by "Invite someone" for this
              autoFocus
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </Field>
        <Field label={t.name}>
          {(control) => (
            <input {...control} autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
          )}
        </Field>
        <RoleFields role={role} groups={groups} onRole={setRole} onGroups={setGroups} groupsError={groupsError} />
        {problem && (
          <p className="notice notice-error" role="alert">
            {problem}
          </p>
        )}
        {otherFailure && <ApiErrorNotice error={invite.error} />}
        <div className={styles.buttons}>
          <Button kind="primary" type="submit" aria-disabled={invite.isPending || undefined}>
            {invite.isPending ? t.creating : t.createInvitation}
          </Button>
          <Button onClick={onClose}>{t.cancel}</Button>
        </div>
      </form>
    </section>
  );
}
