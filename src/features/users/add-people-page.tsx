// "Add your people list" (/people/add): an export of HR or the portal, or pasted identifiers, that
// the dashboard server looks up in the portal for its directory (names come from the portal, never
// from the file). Needs the dashboard server; on a static host a sentence says so.
import { useMessages } from '#lib/i18n.tsx';
import { AddPeople } from './add-people.tsx';
import { directoryMessages } from './messages.ts';
import { ServerNeeded } from './server-needed.tsx';
import directoryStyles from './directory.module.css';
import styles from './users-page.module.css';

export function AddPeopleListPage() {
  const t = useMessages(directoryMessages);
  return (
    <div className={styles.page}>
      <header>
        <h1>{t.addPeopleListTitle}</h1>
        <p className={styles.intro}>{t.addIntro}</p>
      </header>
      <section aria-label={t.addPeopleListTitle} className={`card ${directoryStyles.section}`}>
        <ServerNeeded>
          <AddPeople />
        </ServerNeeded>
      </section>
    </div>
  );
}
