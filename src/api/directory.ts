// The people directory of the dashboard server (`/dashboard-api/people`; a people list's lookups are jobs, src/api/jobs.ts):
// the users of the organisation as the portal last showed them, kept for every administrator.
import { queryOptions } from '@tanstack/react-query';
import { create, windowedFiniteBatchScheduler } from '@yornaath/batshit';
import { apiRequest, encodePathSegment } from './client.ts';
import type { Page } from './list.ts';
import { itemEnvelopeSchema } from './schemas/envelope.ts';
import {
  directorySizeSchema,
  forgottenSchema,
  peopleSearchResultSchema,
  LEARN_PEOPLE_BATCH,
  learnPeopleResultSchema,
  personSchema,
  type Person,
} from './schemas/directory.ts';
import * as z from 'zod/mini';

/** What POST /people/names takes at most in one request. */
export const DIRECTORY_BATCH = 500;

export async function fetchPeopleNames(userIds: readonly number[], signal?: AbortSignal): Promise<Person[]> {
  const body = await apiRequest({
    service: 'dashboard',
    method: 'POST',
    path: '/people/names',
    endpoint: 'POST /dashboard-api/people/names',
    body: { user_ids: userIds },
    schema: itemEnvelopeSchema(z.array(personSchema)),
    signal,
  });
  return body.result;
}

/** The directory's record of each of these users it knows, asked DIRECTORY_BATCH at a time (an export's names). */
export async function fetchPeopleByIds(userIds: readonly number[], signal?: AbortSignal): Promise<Map<number, Person>> {
  const unique = [...new Set(userIds)];
  const people = new Map<number, Person>();
  for (let i = 0; i < unique.length; i += DIRECTORY_BATCH) {
    for (const person of await fetchPeopleNames(unique.slice(i, i + DIRECTORY_BATCH), signal)) {
      people.set(person.user_id, person);
    }
  }
  return people;
}

export function searchPeople(q: string, start: number, limit: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ q, start: String(start), limit: String(limit) });
  return apiRequest({
    service: 'dashboard',
    method: 'GET',
    path: `/people?${query}`,
    endpoint: 'GET /dashboard-api/people',
    schema: peopleSearchResultSchema,
    signal,
  });
}

export async function fetchDirectorySize(signal?: AbortSignal) {
  const body = await apiRequest({
    service: 'dashboard',
    method: 'GET',
    path: '/people/count',
    endpoint: 'GET /dashboard-api/people/count',
    schema: itemEnvelopeSchema(directorySizeSchema),
    signal,
  });
  return body.result;
}

export async function forgetPerson(userId: number) {
  const body = await apiRequest({
    service: 'dashboard',
    method: 'DELETE',
    path: `/people/${encodePathSegment(userId)}`,
    endpoint: 'DELETE /dashboard-api/people/{user_id}',
    schema: itemEnvelopeSchema(forgottenSchema),
  });
  return body.result;
}

/**
 * Has the server learn the users of these organisation identifiers, which the dashboard received
 * from the portal without the server seeing them: the server asks the portal itself.
 */
export async function learnPeople(identifiers: readonly string[]): Promise<number> {
  let saved = 0;
  for (let start = 0; start < identifiers.length; start += LEARN_PEOPLE_BATCH) {
    const body = await apiRequest({
      service: 'dashboard',
      method: 'POST',
      path: '/people',
      endpoint: 'POST /dashboard-api/people',
      body: { identifiers: identifiers.slice(start, start + LEARN_PEOPLE_BATCH) },
      schema: itemEnvelopeSchema(learnPeopleResultSchema),
    });
    saved += body.result.saved;
  }
  return saved;
}

/**
 * Every name asked for within 10 ms goes in one POST /people/names: a table asks for the names
 * of its rows one cell at a time, and the page of rows becomes one request (a library, batshit,
 * rather than hand-written batching). No per-cell signal: one cell leaving must not cancel the rest.
 */
const nameBatcher = create({
  fetcher: (userIds: number[]) => fetchPeopleNames(userIds),
  resolver: (people: Person[], userId: number) => people.find((person) => person.user_id === userId) ?? null,
  scheduler: windowedFiniteBatchScheduler({ windowMs: 10, maxBatchSize: DIRECTORY_BATCH }),
});

/** The queries that list or count people: stale once the directory gains or loses someone. */
export function isDirectoryListing(queryKey: readonly unknown[]): boolean {
  const [root, kind] = queryKey;
  return root === directoryQueries.all()[0] && (kind === 'size' || kind === 'search' || kind === 'page');
}

export const directoryQueries = {
  all: () => ['directory'] as const,
  names: () => [...directoryQueries.all(), 'name'] as const,
  /** The directory's record of one user, or null when the directory does not know them. */
  name: (userId: number) =>
    queryOptions({
      queryKey: [...directoryQueries.names(), userId] as const,
      queryFn: () => nameBatcher.fetch(userId),
      // Another administrator may teach the directory a name: not cached for long.
      staleTime: 60_000,
    }),
  search: (q: string, start: number, limit: number) =>
    queryOptions({
      queryKey: [...directoryQueries.all(), 'search', { q, start, limit }] as const,
      queryFn: ({ signal }) => searchPeople(q, start, limit, signal),
    }),
  /**
   * A page of the directory as a table shows it: the search's page, and its total. A search's
   * total stops at PEOPLE_SEARCH_COUNT_CAP; the whole list (no words) takes the directory's real
   * size instead, so that every page of it can be reached.
   */
  page: (q: string, start: number, limit: number) =>
    queryOptions({
      queryKey: [...directoryQueries.all(), 'page', { q, start, limit }] as const,
      queryFn: async ({ signal }): Promise<Page<Person> & { total_capped: boolean }> => {
        const found = await searchPeople(q, start, limit, signal);
        if (q !== '' || !found.total_capped) return found;
        const size = await fetchDirectorySize(signal);
        return { ...found, total: Math.max(size.total, found.total), total_capped: false };
      },
    }),
  size: () =>
    queryOptions({
      queryKey: [...directoryQueries.all(), 'size'] as const,
      queryFn: ({ signal }) => fetchDirectorySize(signal),
    }),
};
