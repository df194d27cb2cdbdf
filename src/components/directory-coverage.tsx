// "Names known for 6 of 12 members", for a group (its page) or the whole organisation (the
// overview), with "Add your people list" while some are unknown. Only with a dashboard server
// that answers coverage: on a static host, or a server without the endpoint, nothing is shown.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { coverageQueries } from '#api/coverage.ts';
import { useDashboardServer } from '#components/dashboard-server.ts';
import { defineMessages, useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import { paths } from '#lib/paths.ts';
import styles from './directory-coverage.module.css';

const coverageMessages = defineMessages({
  en: {
    namesKnown: 'Names known for {known, number} of {members, plural, one {# member} other {# members}}',
    addPeopleList: 'Add your people list',
    gathering: 'Counting the organisation’s members… ({loaded, number} memberships read)',
  },
  fr: {
    namesKnown: 'Noms connus pour {known, plural, one {# membre} other {# membres}} sur {members, number}',
    addPeopleList: 'Ajouter votre liste de personnes',
    gathering: 'Décompte des membres de l’organisation… ({loaded, number} adhésions lues)',
  },
});

function CoverageLine({ known, members }: { known: number; members: number }) {
  const t = useMessages(coverageMessages);
  const format = useMessageFormat();
  return (
    <p className={styles.coverage}>
      <span>{format(t.namesKnown, { known, members })}</span>
      {known < members && <Link to={paths.addPeopleList()}>{t.addPeopleList}</Link>}
    </p>
  );
}

export function GroupCoverage({ grpId }: { grpId: number }) {
  const server = useDashboardServer();
  const coverage = useQuery({ ...coverageQueries.group(grpId), enabled: server === 'available' });
  if (!coverage.data) return null;
  return <CoverageLine known={coverage.data.known} members={coverage.data.members} />;
}

export function OrgCoverage() {
  const t = useMessages(coverageMessages);
  const format = useMessageFormat();
  const server = useDashboardServer();
  const coverage = useQuery({ ...coverageQueries.org(), enabled: server === 'available' });
  const data = coverage.data;
  if (!data) return null;
  // The last complete count stays shown while a new one runs.
  if (data.members !== null && data.known !== null) return <CoverageLine known={data.known} members={data.members} />;
  if (data.state === 'gathering')
    return (
      <p className={styles.coverage} role="status">
        {format(t.gathering, { loaded: data.loaded })}
      </p>
    );
  return null;
}
