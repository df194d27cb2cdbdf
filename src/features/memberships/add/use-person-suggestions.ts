// The people of the directory whose name, e-mail or identifier match what is typed in the
// "Person" field (the dashboard server's search), once the typing settles. Only where a dashboard
// server answers: on a static host the field takes an identifier alone, as it always did.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDashboardServer } from '#components/dashboard-server.ts';
import { directoryQueries } from '#api/directory.ts';
import type { Person } from '#schemas/directory.ts';
import { useDebouncedValue } from '#lib/use-debounced-value.ts';

/** Fewer characters match too many people to be worth a list. */
export const MIN_SUGGESTION_CHARS = 2;
const TYPING_DELAY_MS = 250;
/** A short list: past it, typing more narrows faster than scrolling. */
const SUGGESTIONS = 8;

export interface PersonSuggestions {
  /** Whether the field searches the directory at all (a dashboard server answers). */
  available: boolean;
  /** The people matching the settled text, who can be chosen (those with an identifier). */
  people: Person[];
  /** How many people match in all (at least, when `capped`). */
  total: number;
  capped: boolean;
  /** A search for the text as it is now is under way (or waits for the typing to settle). */
  searching: boolean;
  /** The directory could not be searched: an exact identifier still works. */
  failed: boolean;
}

export function usePersonSuggestions(text: string): PersonSuggestions {
  const available = useDashboardServer() === 'available';
  const trimmed = text.trim();
  const settled = useDebouncedValue(trimmed, TYPING_DELAY_MS);
  const wanted = available && trimmed.length >= MIN_SUGGESTION_CHARS;
  const query = useQuery({
    ...directoryQueries.search(settled, 0, SUGGESTIONS),
    enabled: wanted && settled === trimmed,
    // The previous words' people stay while the next ones come, instead of the list closing.
    placeholderData: keepPreviousData,
  });
  if (!wanted || query.isError)
    return { available, people: [], total: 0, capped: false, searching: false, failed: wanted && query.isError };
  const people = (query.data?.result ?? []).filter((person) => person.user_organisation_identifier);
  return {
    available,
    people,
    total: query.data?.total ?? 0,
    capped: query.data?.total_capped ?? false,
    searching: settled !== trimmed || query.isFetching,
    failed: false,
  };
}
