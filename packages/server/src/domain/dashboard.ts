import {
  DASHBOARD_SERIES,
  dashboardDays,
  type EntityDefinition,
  entityByName,
  isAdmin,
  listScope,
  type Viewer,
} from '@gatehouse/entities';
import { sql } from 'kysely';
import type { ServerContext } from '../context.js';
import { organizationTotal } from '../db/list.js';
import { loose } from '../db/loose.js';
import { refusal } from './actor.js';

/** The column that holds a record's organization, for a dashboard of one organization. */
function organizationColumn(def: EntityDefinition): string {
  return def.orgField === 'organization' ? 'organization' : def.orgField === 'name' ? 'name' : 'owner';
}

/**
 * How many records of `def` existed at the end of each day of the chart: one GROUP BY day over the
 * month and the number of records older than the first day, both in the database (never loading
 * rows), summed up here. Users are kept counted per organization (db/list.ts): the older ones are
 * that total less the month's, read from an index range of the month instead of all the years before.
 */
async function dailyTotals(server: ServerContext, def: EntityDefinition, scope: string, days: string[]): Promise<number[]> {
  const db = loose(server.database.db);
  const first = `${days[0]}T00:00:00`;
  let older = db
    .selectFrom(def.table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('createdTime', '<', first);
  const day = sql<string>`substr(${sql.ref('createdTime')}, 1, 10)`;
  let recent = db
    .selectFrom(def.table)
    .select([day.as('day'), (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('createdTime', '>=', first)
    .groupBy(day);
  if (scope !== '') {
    older = older.where(organizationColumn(def), '=', scope);
    recent = recent.where(organizationColumn(def), '=', scope);
  }
  const [counted, perDay] = await Promise.all([organizationTotal(db, def.table, scope), recent.execute()]);
  const added = new Map<string, number>();
  for (const row of perDay) added.set(String(row.day), Number(row.n));
  let total = 0;
  if (counted === undefined) total = Number((await older.executeTakeFirst())?.n ?? 0);
  else {
    total = counted;
    for (const n of added.values()) total -= n;
  }
  return days.map((d) => {
    total += added.get(d) ?? 0;
    return total;
  });
}

/** `<series>Counts`: the totals at the end of each day of the chart, oldest first. */
export type Dashboard = Record<string, number[]>;

/**
 * GET /api/get-dashboard?owner=: for each series, the number of records at the end of each of the
 * last 31 days (Casdoor's `<entity>Counts`), for one organization or, for global admins asking
 * for '' or All, every organization. Administrators only; an organization's admin sees their own.
 * Entities this release does not have count 0.
 */
export async function dashboardOf(
  server: ServerContext,
  viewer: Viewer | null,
  owner: string,
  now = new Date(),
): Promise<Dashboard> {
  if (!viewer || !isAdmin(viewer)) throw refusal(viewer);
  const scope = listScope(viewer, owner === 'All' ? '' : owner);
  if (scope === null) throw refusal(viewer);
  const days = dashboardDays(now);
  const entries = await Promise.all(
    DASHBOARD_SERIES.map(async (name) => {
      const def = entityByName(name);
      const counts = def ? await dailyTotals(server, def, scope, days) : days.map(() => 0);
      return [`${name}Counts`, counts] as const;
    }),
  );
  return Object.fromEntries(entries);
}
