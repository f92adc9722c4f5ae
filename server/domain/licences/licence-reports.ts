import type { Kysely } from 'kysely';
import {
  COUNTED_FEATURES,
  type LicencesPeriodReport,
  type LicencesUsedReport,
  type LicencesUsedRow,
} from '../../../src/contract/entities/licence';
import type { Database } from '../../db/schema';
import { loadExcelJS } from '../../lazy-packages';
import type { Auth } from '../auth/auth-context';
import { itemNotFound } from '../errors';
import { writeCsv } from '../groups/csv';
import { addRowsSheet } from '../groups/structure-export';
import { licenceScopeSql } from './group-licences';
import { asRestrictPeriod, effectiveOf, loadLicenceTree, type TreeGroup } from './group-tree';
import { usedInGroup } from './licence-limits';
import { countsAt } from './licence-state';
import {
  type LicenceEnv,
  licenceNotifications,
  projectLicences,
  toCounts,
  toLicenceItem,
  usedCounts,
} from './licence-store';

/**
 * The licence reports of 2.5 (7.8, 5-minute timeout): licences used (per group: what it may
 * hold and what it holds, with the project's totals) and licences period (each licence's and
 * each group period on a timeline, and the licensed counts month by month). Rows are the
 * groups of the caller's licence view (6.2); with the report permission alone, the caller's
 * groups and below.
 */
async function reportGroups(db: Kysely<Database>, auth: Auth): Promise<Set<number>> {
  const rows = await db
    .selectFrom('domains as d')
    .select('d.id')
    .where('d.project_id', '=', auth.projectId)
    .where(licenceScopeSql(auth, 'd', 'descendants'))
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function licencesUsedReport(
  env: LicenceEnv,
  auth: Auth,
  groupId: number | undefined,
): Promise<LicencesUsedReport> {
  const { db } = env;
  const [tree, scope, used] = await Promise.all([
    loadLicenceTree(db, auth.projectId),
    reportGroups(db, auth),
    usedCounts(db, auth.projectId),
  ]);
  const inScope = [...tree.groups.values()].filter((g) => scope.has(g.id));
  const childrenOf = (g: TreeGroup) => inScope.filter((c) => c.parent_id === g.id);
  // A group asked for, or the one top group of the caller's view: it and its children. Several tops: the tops.
  const tops = inScope.filter((g) => g.parent_id === null || !scope.has(g.parent_id));
  let focus: TreeGroup | null = tops.length === 1 ? (tops[0] ?? null) : null;
  if (groupId !== undefined) {
    focus = scope.has(groupId) ? (tree.groups.get(groupId) ?? null) : null;
    if (!focus) throw itemNotFound();
  }
  const shown = focus ? [focus, ...childrenOf(focus)] : tops;
  const rows: LicencesUsedRow[] = [];
  for (const g of shown) {
    const e = effectiveOf(tree, g.id);
    const counts = await Promise.all(COUNTED_FEATURES.map((f) => usedInGroup(db, auth.projectId, f, g)));
    const usage = (i: number) => ({ available: e.counts[COUNTED_FEATURES[i]!], used: counts[i] ?? 0 });
    rows.push({
      group: { id: g.id, name: g.name, parent_id: g.parent_id },
      has_children: childrenOf(g).length > 0,
      own: g.settings !== null,
      sip: usage(0),
      mobile_app: usage(1),
      ukey2: usage(2),
      restrict_period: asRestrictPeriod(e.period),
    });
  }
  const path = focus
    ? tree
        .chain(focus.id)
        .filter((g) => scope.has(g.id))
        .map((g) => ({ id: g.id, name: g.name }))
    : [];
  return {
    generated_at: env.clock.now().toISOString(),
    project: toCounts(tree.project.counts, used),
    group: focus ? { id: focus.id, name: focus.name } : null,
    path,
    rows,
  };
}

const monthStart = (d: Date, add = 0) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1));
const day = (d: Date) => d.toISOString().slice(0, 10);

export async function licencesPeriodReport(
  env: LicenceEnv,
  auth: Auth,
  range: { from?: string; to?: string },
): Promise<LicencesPeriodReport> {
  const { db } = env;
  const now = env.clock.now();
  const from = range.from ? new Date(`${range.from}T00:00:00Z`) : monthStart(now, -6);
  let to = range.to ? new Date(`${range.to}T00:00:00Z`) : monthStart(now, 12);
  // At most ten years of months: the chart stays readable and the answer small.
  if (to.getTime() < from.getTime()) to = from;
  if (to.getTime() > monthStart(from, 120).getTime()) to = monthStart(from, 120);
  const [installed, notices, tree, scope] = await Promise.all([
    projectLicences(env, auth.projectId),
    licenceNotifications(db, auth.projectId),
    loadLicenceTree(db, auth.projectId),
    reportGroups(db, auth),
  ]);
  const payloads = installed.flatMap((l) => (l.payload ? [l.payload] : []));
  const series: LicencesPeriodReport['series'] = [];
  for (let at = monthStart(from); at.getTime() <= to.getTime(); at = monthStart(at, 1)) {
    const counts = countsAt(payloads, at.getTime());
    series.push({
      at: day(at),
      sip: counts.sip === undefined ? 0 : counts.sip,
      mobile_app: counts.mobile_app === undefined ? 0 : counts.mobile_app,
      ukey2: counts.ukey2 === undefined ? 0 : counts.ukey2,
    });
  }
  const count = (enabled: boolean, n: number | null) => (enabled ? n : 0);
  return {
    generated_at: now.toISOString(),
    from: day(from),
    to: day(to),
    licences: installed.map((l) => {
      const item = toLicenceItem(l, now.getTime(), notices.notifyBefore);
      return {
        id: item.id,
        licence_id: item.licence_id,
        type: item.type,
        state: item.state,
        customer: item.customer,
        restrict_period: item.restrict_period,
        features_until: item.features_until,
        sip: count(item.sip.is_enabled, item.sip.license_count),
        mobile_app: count(item.mobile_app.is_enabled, item.mobile_app.license_count),
        ukey2: count(item.ukey2.is_enabled, item.ukey2.license_count),
      };
    }),
    groups: [...tree.groups.values()]
      .filter((g) => scope.has(g.id) && g.settings?.restrictPeriod.is_active)
      .map((g) => ({ id: g.id, name: g.name, restrict_period: g.settings!.restrictPeriod })),
    series,
  };
}

type Cell = string | number;
const limit = (n: number | null) => (n === null ? 'unlimited' : n);
const date = (seconds: number, active: boolean) => (active ? new Date(seconds * 1000).toISOString().slice(0, 10) : '');

async function file(
  name: string,
  format: 'xlsx' | 'csv',
  sheets: { name: string; columns: string[]; rows: Record<string, Cell>[] }[],
) {
  if (format === 'csv') {
    // One sheet per CSV: the main one (the other parts are in the workbook).
    const main = sheets[0]!;
    return { contentType: 'text/csv; charset=utf-8', filename: `${name}.csv`, data: writeCsv(main.columns, main.rows) };
  }
  const book = new (await loadExcelJS()).Workbook();
  for (const s of sheets) addRowsSheet(book, s.name, s.columns, s.rows);
  return {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    filename: `${name}.xlsx`,
    data: Buffer.from(await book.xlsx.writeBuffer()),
  };
}

export async function licencesUsedFile(report: LicencesUsedReport, format: 'xlsx' | 'csv') {
  const columns = [
    'group',
    'own',
    'sip_available',
    'sip_used',
    'mobile_app_available',
    'mobile_app_used',
    'ukey2_available',
    'ukey2_used',
    'period_from',
    'period_to',
  ];
  const rows = [
    {
      group: '(project)',
      own: '',
      sip_available: limit(report.project.sip.licensed),
      sip_used: report.project.sip.used,
      mobile_app_available: limit(report.project.mobile_app.licensed),
      mobile_app_used: report.project.mobile_app.used,
      ukey2_available: limit(report.project.ukey2.licensed),
      ukey2_used: report.project.ukey2.used,
      period_from: '',
      period_to: '',
    },
    ...report.rows.map((r) => ({
      group: r.group.name,
      own: r.own ? 'yes' : 'no',
      sip_available: limit(r.sip.available),
      sip_used: r.sip.used,
      mobile_app_available: limit(r.mobile_app.available),
      mobile_app_used: r.mobile_app.used,
      ukey2_available: limit(r.ukey2.available),
      ukey2_used: r.ukey2.used,
      period_from: date(r.restrict_period.from, r.restrict_period.is_active),
      period_to: date(r.restrict_period.to, r.restrict_period.is_active),
    })),
  ];
  return file('licences-used', format, [{ name: 'used', columns, rows }]);
}

export async function licencesPeriodFile(report: LicencesPeriodReport, format: 'xlsx' | 'csv') {
  const licenceColumns = [
    'licence_id',
    'type',
    'state',
    'customer',
    'from',
    'to',
    'features_until',
    'sip',
    'mobile_app',
    'ukey2',
  ];
  const licences = report.licences.map((l) => ({
    licence_id: l.licence_id,
    type: l.type,
    state: l.state,
    customer: l.customer ?? '',
    from: date(l.restrict_period.from, l.restrict_period.is_active),
    to: date(l.restrict_period.to, l.restrict_period.is_active),
    features_until: l.features_until?.slice(0, 10) ?? '',
    sip: limit(l.sip),
    mobile_app: limit(l.mobile_app),
    ukey2: limit(l.ukey2),
  }));
  const seriesColumns = ['month', 'sip', 'mobile_app', 'ukey2'];
  const series = report.series.map((s) => ({
    month: s.at.slice(0, 7),
    sip: limit(s.sip),
    mobile_app: limit(s.mobile_app),
    ukey2: limit(s.ukey2),
  }));
  const groups = report.groups.map((g) => ({
    group: g.name,
    from: date(g.restrict_period.from, true),
    to: date(g.restrict_period.to, true),
  }));
  return file('licences-period', format, [
    { name: 'licences', columns: licenceColumns, rows: licences },
    { name: 'months', columns: seriesColumns, rows: series },
    { name: 'groups', columns: ['group', 'from', 'to'], rows: groups },
  ]);
}
