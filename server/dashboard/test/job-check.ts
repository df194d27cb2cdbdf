// What the job failure tests share: people of organisation 1 who are not yet members of a group,
// following a job through a server process, and the exactly-once check (the portal's memberships
// against the job's counts and the history's events).
import { expect } from 'vitest';
import type { RunningPortal } from '../../test/portal-servers.ts';
import { call, type ServerProcess } from './replica-process.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const criteria = (column: string, value: number) => ({ column, operator: 'equal', value: String(value) });

/** How many members the portal says the group has. */
export async function portalMembers(portal: RunningPortal, grpId: number): Promise<number> {
  const page = await call(portal.baseUrl, 'POST', '/user_grp/get_all', {
    headers: { authorization: portal.token },
    body: { start: 0, limit: 1, criterias: [criteria('user_grp_grp_id', grpId)] },
  });
  return page.body.total as number;
}

/** `count` users of organisation 1 who are not members of the group. */
export async function usersOutside(portal: RunningPortal, grpId: number, count: number): Promise<number[]> {
  const auth = { authorization: portal.token };
  const users = new Set<number>();
  const inside = new Set<number>();
  for (let start = 0; ; start += 1000) {
    const page = await call(portal.baseUrl, 'POST', '/user_grp/get_all', {
      body: { start, limit: 1000 },
      headers: auth,
    });
    for (const m of page.body.result as { user_grp_user_id: number; user_grp_grp_id: number }[]) {
      users.add(m.user_grp_user_id);
      if (m.user_grp_grp_id === grpId) inside.add(m.user_grp_user_id);
    }
    if (start + 1000 >= page.body.total) break;
  }
  const outside = [...users].filter((id) => !inside.has(id)).sort((a, b) => a - b);
  if (outside.length < count) throw new Error(`only ${outside.length} users outside group ${grpId}`);
  return outside.slice(0, count);
}

export type JobView = {
  state: string;
  total: number;
  done: number;
  added: number;
  already_member: number;
  failed: number;
};

export async function jobOn(server: ServerProcess, token: string, jobId: string): Promise<JobView | undefined> {
  const answer = await call(server.url, 'GET', `/dashboard-api/jobs/${jobId}`, {
    headers: { authorization: token },
    timeoutMs: 5_000,
  });
  return answer.status === 200 ? (answer.body.result as JobView) : undefined;
}

/** Polls until `until` holds for the job (answered by `server`); throws after `ms`. */
export async function waitFor(
  server: ServerProcess,
  token: string,
  jobId: string,
  until: (job: JobView) => boolean,
  ms: number,
): Promise<JobView> {
  const deadline = Date.now() + ms;
  for (;;) {
    const job = await jobOn(server, token, jobId);
    if (job && until(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} did not get there in ${ms} ms: ${JSON.stringify(job)}`);
    await sleep(100);
  }
}

/** Creates a bulk add of `userIds` into the group and waits for its preview. */
export async function previewedBulkAdd(server: ServerProcess, token: string, grpId: number, userIds: number[]) {
  const created = await call(server.url, 'POST', '/dashboard-api/jobs', {
    headers: { authorization: token },
    body: { kind: 'bulk-add', grp_id: grpId, user_ids: userIds },
  });
  if (created.status !== 202) throw new Error(`the job was refused: ${JSON.stringify(created.body)}`);
  const jobId = created.body.result.job_id as string;
  await waitFor(server, token, jobId, (job) => job.state === 'ready', 30_000);
  return jobId;
}

export async function runOn(server: ServerProcess, token: string, jobId: string): Promise<void> {
  const ran = await call(server.url, 'POST', `/dashboard-api/jobs/${jobId}/run`, { headers: { authorization: token } });
  if (ran.status !== 202) throw new Error(`run refused: ${JSON.stringify(ran.body)}`);
}

/**
 * Exactly once: the memberships the portal gained are the job's `added`, and each has one
 * `added` history event (no person twice). Answers the figures for the test's log.
 */
export async function expectExactlyOnce(
  server: ServerProcess,
  portal: RunningPortal,
  grpId: number,
  membersBefore: number,
  job: JobView,
) {
  const created = (await portalMembers(portal, grpId)) - membersBefore;
  const events: number[] = [];
  for (let start = 0; ; start += 100) {
    const page = await call(
      server.url,
      'GET',
      `/dashboard-api/history?grp_id=${grpId}&result=added&start=${start}&limit=100`,
      {
        headers: { authorization: portal.token },
      },
    );
    events.push(...(page.body.result as { user_id: number }[]).map((event) => event.user_id));
    if (start + 100 >= page.body.total) break;
  }
  expect(created).toBe(job.added);
  expect(events).toHaveLength(created);
  expect(new Set(events).size).toBe(events.length);
  return { created, events: events.length };
}
