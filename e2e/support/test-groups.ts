// Groups a test makes for itself and serves to its page in place of the organisation's groups.
// The portal API cannot create groups, and a served group writes nothing to the shared database.
// Each group gets an id no seeded group has and a name ending in the test's own tag, so no two
// tests (nor a retry) ever see each other's groups. Records are checked against the dashboard's
// zod schemas, so a test cannot serve a group the real portal could not send.
import type { Page, Route, TestInfo } from '@playwright/test';
import { itemEnvelopeSchema, listEnvelopeSchema } from '#schemas/envelope.ts';
import { grpSchema, grpWithChildrenSchema, type Grp } from '#schemas/grp.ts';

/** Above every id of the demo seed; each worker has a range of its own. */
const firstId = (workerIndex: number) => 900_000 + workerIndex * 10_000;

export class TestGroups {
  private readonly groups: Grp[] = [];
  private nextId: number;
  /** Ends every name: the test's id and its attempt. */
  readonly tag: string;

  constructor(testInfo: TestInfo) {
    this.nextId = firstId(testInfo.workerIndex) + 1;
    this.tag = `${testInfo.testId.slice(0, 8)}-${testInfo.retry}`;
  }

  /**
   * A new group named `${name} ${tag}`; an empty `name` stays empty (a nameless group is what such
   * a test is about). `parent` may be set later with `setParent`, e.g. for a cycle.
   */
  add(name: string, { parent = null, description = null }: { parent?: Grp | null; description?: string | null } = {}) {
    const group = grpSchema.parse({
      grp_id: this.nextId++,
      grp_name: name === '' ? '' : `${name} ${this.tag}`,
      grp_description: description,
      grp_parent_id: parent?.grp_id ?? null,
      grp_external_id: null,
      grp_external_name: null,
      grp_created_date: '2024-01-01T00:00:00Z',
      grp_updated_date: null,
    });
    this.groups.push(group);
    return group;
  }

  setParent(group: Grp, parent: Grp): void {
    group.grp_parent_id = parent.grp_id;
  }

  /** The page sees these groups as the organisation's only groups (list), and each one by id with its children. */
  async serve(page: Page): Promise<void> {
    await page.route('**/api/grp/get_all', (route) =>
      route.fulfill({
        json: listEnvelopeSchema(grpSchema).parse({ status: true, total: this.groups.length, result: this.groups }),
      }),
    );
    await page.route('**/api/grp/get_with_children/*', (route: Route) => {
      const id = Number(new URL(route.request().url()).pathname.split('/').pop());
      const group = this.groups.find((g) => g.grp_id === id);
      if (!group) return route.fallback();
      const children = this.groups.filter((g) => g.grp_parent_id === id);
      return route.fulfill({
        json: itemEnvelopeSchema(grpWithChildrenSchema).parse({ status: true, result: { ...group, children } }),
      });
    });
  }
}
