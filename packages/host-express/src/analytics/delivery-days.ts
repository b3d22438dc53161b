import type { DeliveryDay } from '@client-portal/api-client';
import { sql } from 'kysely';

// How the analytics queries read delivery_days (derived by the database from the event tables,
// analytics/delivery-days-sql.ts) into the roll-up's days (api-client dora-rollup.ts).

/**
 * One day as the queries send it: the stored `dora` JSON (kept ready by the derivation, so no float
 * is formatted per request) and the incidents opened that day.
 */
type DayTuple = [
  dora: [
    day: string,
    deployments: number,
    failed: number,
    leadTimes: number[],
    recoveries: number[],
    rework: number,
    unattributed: number,
    excluded: number,
    waiting: number,
  ],
  opened: number,
];

/**
 * The SQL text of one day of `delivery_days d` as a DayTuple: text concatenation of the stored JSON
 * and an integer, so PostgreSQL formats no float (the lead times are most of the bytes).
 */
export const dayTuple = sql<string>`'[' || d.dora::text || ',' || d.incidents_opened || ']'`;

/** The days of a JSON array of DayTuple (what `string_agg` of dayTuple returns), oldest first. */
export function parseDays(json: string): DeliveryDay[] {
  return (JSON.parse(json) as DayTuple[]).map(
    ([
      [day, deployments, failed, leadTimes, recoveries, rework, unattributed, excluded, waiting],
      opened,
    ]) => ({
      day,
      deployments,
      failedDeployments: failed,
      reworkDeployments: rework,
      leadTimes,
      recoveries,
      changesWaiting: waiting,
      incidentsOpened: opened,
      incidentsUnattributed: unattributed,
      incidentsExcluded: excluded,
    }),
  );
}

/** The first instant of a UTC day and the first instant after another (half-open [from, to + 1)). */
export const utcStart = (day: unknown) => sql`(${day}::date)::timestamp at time zone 'UTC'`;
export const utcEndAfter = (day: unknown) => sql`(${day}::date + 1)::timestamp at time zone 'UTC'`;
