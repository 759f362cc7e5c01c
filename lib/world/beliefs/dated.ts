/** A belief's dates (API.md §7): when it was said (`observed_at`), when what it describes happened (`event_at`). */

const EVENT_AT = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

export const EVENT_AT_RULE = 'must be a date as YYYY, YYYY-MM or YYYY-MM-DD';
export const INSTANT_RULE = 'must be an ISO 8601 date or date-time, such as 2026-05-01T09:30:00Z';

const realDay = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/** Whether `value` is an event date: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, a real calendar day, year 1000–9999. */
export function isEventAt(value: string): boolean {
  const m = EVENT_AT.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  if (year < 1000) return false;
  if (m[2] === undefined) return true;
  const month = Number(m[2]);
  if (month < 1 || month > 12) return false;
  return m[3] === undefined || realDay(year, month, Number(m[3]));
}

/**
 * An ISO 8601 date or date-time as the canonical UTC form the service stores
 * (`2026-05-01T09:30:00.000Z`); null when it is none. A time without an offset is UTC.
 */
export function parseInstant(value: string): string | null {
  const m = INSTANT.exec(value.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1000 || !realDay(year, month, day)) return null;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return null;
  const zone = m[8] === undefined || m[8].toUpperCase() === 'Z' ? 'Z' : m[8].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  if (zone !== 'Z' && (Number(zone.slice(1, 3)) > 23 || Number(zone.slice(4)) > 59)) return null;
  const time = m[4] === undefined ? '00:00:00' : `${m[4]}:${m[5]}:${m[6] ?? '00'}${(m[7] ?? '').slice(0, 4)}`;
  const ms = Date.parse(`${m[1]}-${m[2]}-${m[3]}T${time}${zone}`);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** A statement as the injected block shows it: with its event date where it has one ("The user moved to Lisbon (2026-10)"). */
export function datedStatement(belief: { statement: string; event_at?: string | null }): string {
  return belief.event_at ? `${belief.statement} (${belief.event_at})` : belief.statement;
}
