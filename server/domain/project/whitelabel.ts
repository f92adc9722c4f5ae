import type { Kysely } from 'kysely';
import * as v from 'valibot';
import type { ProjectWhitelabel, WhitelabelView } from '../../../src/contract/entities/project-settings';
import { blankToNull } from '../../../src/contract/validation';
import { readJson } from '../../db/json';
import type { Database } from '../../db/schema';
import { field, readSection, type Stored, writeSection } from './settings-store';

/** The project's white label (section 3) and the one a user of the project sees (a group's own first). */

type Db = Kysely<Database>;
const bool = v.boolean();
const text = v.nullable(v.string());

export async function readWhitelabel(db: Db, projectId: number): Promise<ProjectWhitelabel> {
  return whitelabelOf(await readSection(db, projectId, 'whitelabel'));
}

const whitelabelOf = (stored: Stored): ProjectWhitelabel => ({
  is_enabled: field(stored, 'is_enabled', bool, false),
  logo: field(stored, 'logo', text, null),
  name: field(stored, 'name', text, null),
  address: field(stored, 'address', text, null),
  email: field(stored, 'email', text, null),
  phone: field(stored, 'phone', text, null),
});

export async function patchWhitelabel(
  db: Db,
  projectId: number,
  userId: number,
  patch: Partial<Omit<ProjectWhitelabel, 'logo'>>,
): Promise<ProjectWhitelabel> {
  const fields: Stored = { is_enabled: patch.is_enabled };
  for (const key of ['name', 'address', 'email', 'phone'] as const) {
    if (patch[key] !== undefined) fields[key] = blankToNull(patch[key]);
  }
  return whitelabelOf(await writeSection(db, projectId, 'whitelabel', fields, userId));
}

/** Sets (or clears, with null) the project's logo URL; answers the previous one (its file is removed). */
export async function setProjectLogo(db: Db, projectId: number, userId: number, url: string | null) {
  const before = await readWhitelabel(db, projectId);
  const after = whitelabelOf(await writeSection(db, projectId, 'whitelabel', { logo: url }, userId));
  return { before: before.logo, after };
}

const GroupWhitelabelSchema = v.object({
  is_enabled: v.boolean(),
  logo: text,
  name: text,
  address: text,
  email: text,
  phone: text,
});

/** A group's place in the project's tree (nested set). */
export type GroupPlace = { lft: number; rgt: number };

/**
 * The white label a user of the project sees (section 3: "the console shows
 * them to the group's users"): of the user's groups and the groups above them,
 * the nearest one whose own white label is on; else the project's when it is
 * on; else none. `groupIds` or `places` instead of a user: a mail about groups
 * (a device's).
 */
export async function whitelabelFor(
  db: Db,
  projectId: number,
  who: { userId: number } | { groupIds: number[] } | { places: GroupPlace[] },
): Promise<WhitelabelView | null> {
  let places: GroupPlace[];
  if ('places' in who) places = who.places;
  else if ('userId' in who) {
    places = await db
      .selectFrom('user_domains as ud')
      .innerJoin('domains as mine', 'mine.id', 'ud.domain_id')
      .select(['mine.lft', 'mine.rgt'])
      .where('ud.user_id', '=', who.userId)
      .where('mine.project_id', '=', projectId)
      .execute();
  } else {
    places =
      who.groupIds.length === 0
        ? []
        : await db
            .selectFrom('domains as mine')
            .select(['mine.lft', 'mine.rgt'])
            .where('mine.id', 'in', who.groupIds)
            .where('mine.project_id', '=', projectId)
            .execute();
  }
  if (places.length > 0) {
    const rows = await db
      .selectFrom('domains as g')
      .select(['g.settings'])
      .where('g.project_id', '=', projectId)
      .where((eb) => eb.or(places.map((p) => eb.and([eb('g.lft', '<=', p.lft), eb('g.rgt', '>=', p.rgt)]))))
      .orderBy('g.lft', 'desc')
      .execute();
    for (const row of rows) {
      const settings = readJson(row.settings, v.looseObject({ whitelabel_settings: GroupWhitelabelSchema }), null);
      const w = settings?.whitelabel_settings;
      if (w?.is_enabled) return { name: w.name, logo_url: w.logo, address: w.address, email: w.email, phone: w.phone };
    }
  }
  const project = await readWhitelabel(db, projectId);
  if (!project.is_enabled) return null;
  return {
    name: project.name,
    logo_url: project.logo,
    address: project.address,
    email: project.email,
    phone: project.phone,
  };
}
