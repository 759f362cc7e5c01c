import { sql } from 'kysely';
import type { Db } from '../../../lib/db/schema.ts';
import { COUNTERS, readCounters } from '../../../lib/stores/counters.ts';

const DAYS = 14;

export interface Activity {
  /** Newest day first: beliefs created, chat requests that injected beliefs, audit events (admins). */
  days: { day: string; beliefs: number; injections: number; audit: number | null }[];
  /** Service-wide extraction health, admins only. */
  extraction: { invalid: number; dropped: number } | null;
}

type DayCount = { day: string; n: number };

/** Counts per UTC day of a table's timestamp column since `since`, optionally for one owner. */
async function perDay(db: Db, table: 'beliefs' | 'injections' | 'audit_events', since: string, owner: string | null): Promise<Map<string, number>> {
  const column = table === 'audit_events' ? 'at' : 'created_at';
  const ownerCondition = owner === null ? sql`` : sql`AND owner = ${owner}`;
  const { rows } = await sql<DayCount>`SELECT substr(${sql.ref(column)}, 1, 10) AS day, count(*) AS n FROM ${sql.table(table)}
    WHERE ${sql.ref(column)} >= ${since} ${ownerCondition} GROUP BY day`.execute(db);
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}

/** What happened over the last two weeks, from what is stored: the viewer's own, or everyone's for admins. */
export async function readActivity(db: Db, now: Date, viewer: { userName: string; admin: boolean }): Promise<Activity> {
  const days = Array.from({ length: DAYS }, (_, i) => new Date(now.getTime() - i * 86_400_000).toISOString().slice(0, 10));
  const since = `${days.at(-1)}T00:00:00.000Z`;
  const owner = viewer.admin ? null : viewer.userName;
  const [beliefs, injections, audit, counters] = await Promise.all([
    perDay(db, 'beliefs', since, owner),
    perDay(db, 'injections', since, owner),
    viewer.admin ? perDay(db, 'audit_events', since, null) : Promise.resolve(null),
    viewer.admin ? readCounters(db) : Promise.resolve(null),
  ]);
  return {
    days: days.map((day) => ({ day, beliefs: beliefs.get(day) ?? 0, injections: injections.get(day) ?? 0, audit: audit ? (audit.get(day) ?? 0) : null })),
    extraction: counters ? { invalid: counters[COUNTERS.extractionInvalid], dropped: counters[COUNTERS.extractionsDropped] } : null,
  };
}

export function ActivitySection(props: { activity: Activity; admin: boolean }) {
  const { days, extraction } = props.activity;
  const whose = props.admin ? 'everyone' : 'you';
  return (
    <section aria-labelledby="activity" data-testid="activity">
      <h2 id="activity">Activity, last {DAYS} days</h2>
      <table>
        <caption>Per UTC day, for {whose}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Beliefs learned</th>
            <th scope="col">Requests with injected beliefs</th>
            {props.admin ? <th scope="col">Audit events</th> : null}
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr data-day={d.day}>
              <th scope="row">{d.day}</th>
              <td data-testid="day-beliefs">{d.beliefs}</td>
              <td data-testid="day-injections">{d.injections}</td>
              {props.admin ? <td data-testid="day-audit">{d.audit}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
      {extraction ? (
        <dl class="facts">
          <dt>Invalid extraction outputs (skipped, since start of records)</dt>
          <dd data-testid="extraction-invalid">{extraction.invalid}</dd>
          <dt>Extractions dropped (an owner's queue was full)</dt>
          <dd data-testid="extractions-dropped">{extraction.dropped}</dd>
        </dl>
      ) : null}
    </section>
  );
}
