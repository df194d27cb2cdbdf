// A page at /groups/:id/…: the group of the address, loaded once with its children (the same
// query and key on every such page, so moving between them reads the cache), and its states
// drawn alike: not found for an id that is not one, or that the portal does not know; loading,
// saying when the portal is slow; failed, with "Try again"; then the page.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { groupQueries } from '#api/groups.ts';
import type { GrpWithChildren } from '#schemas/grp.ts';
import { fill } from '#lib/i18n.tsx';
import { useRouteId } from '#lib/record-id.ts';
import { NotFound } from './not-found.tsx';
import { RecordStates } from './record-states.tsx';

interface GroupRouteTexts {
  /** "No group {id}": `{id}` is the address's id as typed. */
  notFoundTitle: string;
  notFoundBody: string;
  loadingGroup: string;
  groupErrorTitle: string;
}

export function GroupRoute({ t, children }: { t: GroupRouteTexts; children: (group: GrpWithChildren) => ReactNode }) {
  const { raw, id } = useRouteId();
  const options = groupQueries.children(id ?? 0);
  const query = useQuery({ ...options, enabled: id !== null });
  const notFound = <NotFound title={fill(t.notFoundTitle, { id: raw })} body={t.notFoundBody} />;
  if (id === null) return notFound;
  return (
    <RecordStates
      query={query}
      queryKey={options.queryKey}
      loading={t.loadingGroup}
      errorTitle={t.groupErrorTitle}
      notFound={notFound}
    >
      {children}
    </RecordStates>
  );
}
