// The people a bulk action on a group's members hands to the "Add to another group" page. They
// travel in the route state (history.state): thousands of user ids do not belong in a URL, and
// the state survives a reload of that page. Read back through a schema: history.state is whatever
// the browser kept.
import * as z from 'zod/mini';

const chosenPeopleSchema = z.object({
  /** The group they were selected in. */
  from: z.int().check(z.positive()),
  userIds: z.array(z.int().check(z.positive())),
});
export type ChosenPeople = z.infer<typeof chosenPeopleSchema>;

/** The route state of a navigation to paths.addPeople(). */
export function chosenPeopleState(from: number, userIds: Iterable<number>): { chosen: ChosenPeople } {
  return { chosen: { from, userIds: [...userIds] } };
}

/** The chosen people of a route state, or null when it holds none. */
export function readChosenPeople(state: unknown): ChosenPeople | null {
  const parsed = z.object({ chosen: chosenPeopleSchema }).safeParse(state);
  return parsed.success ? parsed.data.chosen : null;
}
