// /memberships/new: add one person to a group. `?grp=<id>` presets the group (from a group page),
// `?user=<id>` the person (from a user page).
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { parseRecordId } from '#lib/record-id.ts';
import { AddMemberForm } from './add-member-form.tsx';
import { membershipMessages } from '../messages.ts';
import styles from '../memberships.module.css';

export function AddMemberPage() {
  const t = useMessages(membershipMessages);
  const titleId = useId();
  const [params] = useSearchParams();
  const grp = parseRecordId(params.get('grp'));
  const user = parseRecordId(params.get('user'));

  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <header className={styles.header}>
        <h1 id={titleId}>{t.addTitle}</h1>
        <Link to={paths.importMembers({ grp: grp ?? undefined })}>{t.importLink}</Link>
      </header>
      <p className={styles.intro}>{t.addIntro}</p>
      {/* A new preset (another group or user page) starts a fresh form. */}
      <AddMemberForm key={`${grp}-${user}`} labelledBy={titleId} presetGroupId={grp} presetUserId={user} />
    </div>
  );
}
