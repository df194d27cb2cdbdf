// Writes one seed plan. Deterministic: one PRNG per organisation, fixed dates, ids in order.
import type { Database } from 'better-sqlite3';
import { formatTimestamp } from '../db/time.ts';
import { asciiKey, departments, firstNames, groupDescriptions, groupRoots, groupWords, lastNames } from './names.ts';
import { layout, productTypes, type OrgLayout, type OrgPlan, type SeedPlan } from './plan.ts';
import { buildProduct } from './product-record.ts';
import { Prng } from './prng.ts';
import { createWriters, type Writers } from './writer.ts';

const DAY = 86_400_000;
const EPOCH = Date.UTC(2022, 0, 3, 8, 0, 0);
const NOW = Date.UTC(2025, 10, 1, 12, 0, 0);

/** A date between EPOCH and NOW, on whole seconds. */
function date(rng: Prng, from = EPOCH, to = NOW): number {
  return Math.floor((from + rng.next() * (to - from)) / 1000) * 1000;
}

export function generate(db: Database, plan: SeedPlan): void {
  const w = createWriters(db);
  const layouts = layout(plan);
  plan.orgs.forEach((org, i) => generateOrg(w, org, layouts[i] as OrgLayout, new Prng(plan.seed + org.orgId * 7919)));
}

function generateOrg(w: Writers, org: OrgPlan, l: OrgLayout, rng: Prng): void {
  w.organisation({ org_id: org.orgId, org_name: org.name, product_properties: org.productProperties });
  writeGroups(w, org, l, rng);
  writeUsers(w, org, l, rng);
  writeProducts(w, org, l, rng);
  writeTakes(w, org, l, rng);
  writeMemberships(w, org, l, rng);
  writeAvailabilityGroups(w, org, l, rng);
  writeProductAccess(w, org, l, rng);
}

function title(key: string): string {
  return key
    .split('-')
    .map((s) =>
      s.length <= 4 && /^(emea|amer|apac|uk|b2b|hr)$/.test(s)
        ? s.toUpperCase()
        : s.charAt(0).toUpperCase() + s.slice(1),
    )
    .join(' ');
}

function writeGroups(w: Writers, org: OrgPlan, l: OrgLayout, rng: Prng): void {
  const taken = new Set<string>();
  const nameOf: string[] = []; // by id - firstGroupId
  const depthOf: number[] = [];
  const eligible: number[] = []; // possible parents of the random groups
  let id = l.firstGroupId;
  const write = (name: string, parent: number | null, depth: number, external?: string | null): number => {
    let unique = name;
    for (let n = 2; taken.has(unique); n++) unique = `${name}-${n}`;
    taken.add(unique);
    const created = date(rng);
    const ext = external !== undefined ? external : rng.chance(0.85) ? `EXT-${String(id).padStart(4, '0')}` : null;
    w.grp.run({
      org_id: org.orgId,
      grp_id: id,
      grp_name: unique,
      grp_description: rng.chance(0.7) ? rng.pick(groupDescriptions) : null,
      grp_parent_id: parent,
      grp_external_id: ext,
      grp_external_name: ext === null ? null : title(unique),
      grp_created_date: formatTimestamp(created),
      grp_updated_date: formatTimestamp(date(rng, created)),
    });
    nameOf[id - l.firstGroupId] = unique;
    depthOf[id - l.firstGroupId] = depth;
    // Children stay above the chain's depth, so the chain's end is the deepest group.
    if (depth + 1 < org.chain.length) eligible.push(id);
    return id++;
  };

  // The chain: root > child > ... down to the deepest group of the tree. Its second group
  // has an external id that needs path encoding, its third none.
  let parent: number | null = null;
  let key = '';
  org.chain.forEach((segment, i) => {
    key = key ? `${key}-${segment}` : segment;
    parent = write(key, parent, i + 1, i === 1 ? 'FR/IDF 75%' : i === 2 ? null : undefined);
  });
  if (org.bigParentChildren > 0) {
    const big = write('stores', null, 1, 'EXT-STORES');
    eligible.pop(); // its child count stays exactly bigParentChildren
    for (let c = 1; c <= org.bigParentChildren; c++) {
      write(`stores-${String(c).padStart(4, '0')}`, big, 2);
      if (c % 50 !== 0) eligible.pop(); // a few stores get sub-groups, most stay leaves
    }
  }
  while (id < l.firstGroupId + org.groups) {
    if (eligible.length === 0 || rng.chance(0.04)) {
      write(rng.pick(groupRoots), null, 1);
      continue;
    }
    const p = rng.pick(eligible);
    const depth = (depthOf[p - l.firstGroupId] ?? 1) + 1;
    write(`${nameOf[p - l.firstGroupId]}-${rng.pick(groupWords)}`, p, depth);
  }
}

function writeUsers(w: Writers, org: OrgPlan, l: OrgLayout, rng: Prng): void {
  const emails = new Set<string>();
  for (let i = 0; i < org.users; i++) {
    const id = l.firstUserId + i;
    const special = org.specialUsers[i];
    const firstname = special?.firstname ?? rng.pick(firstNames);
    const lastname = special?.lastname ?? rng.pick(lastNames);
    const local = `${asciiKey(firstname)}.${asciiKey(lastname)}`.replace(/-/g, '');
    let email = `${local}@${rng.pick(org.domains)}`;
    if (emails.has(email)) email = email.replace('@', `.${id}@`);
    emails.add(email);
    // Identifiers: an employee number, or a name-based login (unique thanks to the id).
    const identifier =
      special?.identifier ?? (rng.chance(0.6) ? `E${String(100000 + id)}` : `${local}.${String(id).padStart(5, '0')}`);
    const created = date(rng);
    const properties = rng.chance(0.2)
      ? {}
      : {
          department: rng.pick(departments),
          cost_center: `CC-${rng.int(100, 999)}`,
          hire_date: formatTimestamp(date(rng, EPOCH - 3000 * DAY, created)).slice(0, 10),
        };
    w.user.run({
      org_id: org.orgId,
      user_id: id,
      email,
      firstname,
      lastname,
      user_organisation_identifier: identifier,
      properties: JSON.stringify(properties),
      user_created_date: formatTimestamp(created),
      user_updated_date: formatTimestamp(date(rng, created)),
    });
  }
}

function writeProducts(w: Writers, org: OrgPlan, l: OrgLayout, rng: Prng): void {
  for (let i = 0; i < org.products; i++) {
    const id = l.firstProductId + i;
    const type = productTypes[i % productTypes.length] as (typeof productTypes)[number];
    const created = date(rng);
    w.product.run({ org_id: org.orgId, ...buildProduct(rng, id, type, created, date(rng, created), l.firstUserId) });
  }
}

/** Non-bundle products (takes are attempts at a course or an event). */
function takeableProduct(rng: Prng, org: OrgPlan, l: OrgLayout): number {
  for (;;) {
    const i = rng.int(0, org.products - 1);
    if (productTypes[i % productTypes.length] !== 'bundle') return l.firstProductId + i;
  }
}

function writeTakes(w: Writers, org: OrgPlan, l: OrgLayout, rng: Prng): void {
  for (let i = 0; i < org.takes; i++) {
    // The first user gets the first manyTakes takes and no others, so the count is exact.
    const user = i < org.manyTakes ? l.firstUserId : l.firstUserId + rng.int(1, org.users - 1);
    const started = date(rng);
    const done = rng.chance(0.6);
    const completed = done ? date(rng, started, Math.min(NOW, started + 60 * DAY)) : null;
    w.take.run({
      org_id: org.orgId,
      take_id: l.firstTakeId + i,
      take_product_id: takeableProduct(rng, org, l),
      take_user_id: user,
      // Completed takes are scored, except a few (events without assessment).
      take_score: done && rng.chance(0.9) ? rng.int(0, 100) : null,
      take_started_date: formatTimestamp(started),
      take_completed_date: completed === null ? null : formatTimestamp(completed),
      take_created_date: formatTimestamp(started),
      take_updated_date: formatTimestamp(completed ?? started),
    });
  }
}

function writeMemberships(w: Writers, org: OrgPlan, l: OrgLayout, rng: Prng): void {
  const pairs = new Set<number>();
  const chainEnd = l.firstGroupId + org.chain.length - 1;
  // The first user: admin of the deepest group and member of the root of the chain.
  const fixed: [number, number, number][] = [
    [chainEnd, l.firstUserId, 1],
    [l.firstGroupId, l.firstUserId, 0],
  ];
  let id = l.firstMembershipId;
  const add = (grp: number, user: number, admin: number) => {
    const key = grp * 4_194_304 + user; // unique while ids < 2^22
    if (pairs.has(key)) return;
    pairs.add(key);
    const created = date(rng);
    w.userGrp.run({
      org_id: org.orgId,
      user_grp_id: id++,
      user_grp_grp_id: grp,
      user_grp_user_id: user,
      user_grp_group_admin: admin,
      user_grp_created_date: formatTimestamp(created),
      user_grp_updated_date: formatTimestamp(created),
    });
  };
  for (const [g, u, a] of fixed) add(g, u, a);
  // The second user belongs to no group; the others get random, distinct groups.
  while (id < l.firstMembershipId + org.memberships) {
    add(
      l.firstGroupId + rng.int(0, org.groups - 1),
      l.firstUserId + rng.int(2, org.users - 1),
      rng.chance(0.06) ? 1 : 0,
    );
  }
}

function writeAvailabilityGroups(w: Writers, org: OrgPlan, l: OrgLayout, rng: Prng): void {
  for (let i = 0; i < org.products; i++) {
    // Most products have one to three availability groups; the first always has three.
    const n = i === 0 ? 3 : rng.chance(0.85) ? rng.int(1, 3) : 0;
    for (let order = 1; order <= n; order++) {
      const created = date(rng);
      w.availabilityGroup.run({
        org_id: org.orgId,
        availability_group_id: null,
        availability_group_product_id: l.firstProductId + i,
        availability_group_order: order,
        availability_group_status: rng.chance(0.85) ? 'active' : 'inactive',
        availability_group_created_date: formatTimestamp(created),
        availability_group_updated_date: formatTimestamp(date(rng, created)),
      });
    }
  }
}

function writeProductAccess(w: Writers, org: OrgPlan, l: OrgLayout, rng: Prng): void {
  const bundles = Array.from({ length: org.products }, (_, i) => i).filter(
    (i) => productTypes[i % productTypes.length] === 'bundle',
  );
  for (let i = 0; i < org.productAccess; i++) {
    // Mostly bundles; one in ten on another product, which get_all_for_bundle must leave out.
    const product = i % 10 === 9 ? takeableProduct(rng, org, l) : l.firstProductId + rng.pick(bundles);
    const created = date(rng);
    w.productAccess.run({
      org_id: org.orgId,
      product_access_id: null,
      product_access_product_id: product,
      product_access_user_id: l.firstUserId + rng.int(0, org.users - 1),
      product_access_certificate: rng.chance(0.5)
        ? `CERT-${new Date(created).getUTCFullYear()}-${String(rng.int(1, 999999)).padStart(6, '0')}`
        : null,
      product_access_created_date: formatTimestamp(created),
      product_access_updated_date: formatTimestamp(date(rng, created)),
      product_access_expired_date: rng.chance(0.7) ? formatTimestamp(created + 365 * DAY) : null,
    });
  }
}
