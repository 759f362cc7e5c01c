import type { AppDeps } from '../../../lib/services.ts';
import { NO_USAGE, usageReport, utcDay, type Purpose, type UsageRow } from '../../../lib/stores/usage.ts';
import { ColumnHeads } from './layout.tsx';

const DAYS = 30;
const TOP = 5;

type Report = UsageRow[];

/** The service's own model calls, drawn beside chat. */
const SERVICE_PURPOSES = ['extraction', 'persona', 'embeddings'] as const satisfies readonly Purpose[];

export interface UsageOverview {
  /** Oldest day first, every day of the range (zero when nothing was counted). */
  days: Report;
  users: Report | null;
  models: Report;
  /** Totals per purpose: chat, then the service's own calls. */
  purposes: Report;
  /** Per day (as `days`), the service's own calls of each purpose. */
  serviceDays: Record<(typeof SERVICE_PURPOSES)[number], Report>;
}

/** Chat usage of the last 30 days for the overview: the viewer's own, or everyone's for admins. */
export async function readUsage(deps: AppDeps, viewer: { userName: string; admin: boolean }): Promise<UsageOverview> {
  await deps.services.usage.flush();
  const now = deps.now();
  const range = { from: utcDay(new Date(now.getTime() - (DAYS - 1) * 86_400_000)), to: utcDay(now), owner: viewer.admin ? null : viewer.userName };
  const chat = { ...range, purpose: 'chat' as const };
  const [perDay, users, models, purposes, ...service] = await Promise.all([
    usageReport(deps.db, { ...chat, groupBy: 'day' }),
    viewer.admin ? usageReport(deps.db, { ...chat, groupBy: 'user' }) : Promise.resolve(null),
    usageReport(deps.db, { ...chat, groupBy: 'model' }),
    usageReport(deps.db, { ...range, purpose: null, groupBy: 'purpose' }),
    ...SERVICE_PURPOSES.map((purpose) => usageReport(deps.db, { ...range, purpose, groupBy: 'day' })),
  ]);
  const dayKeys = Array.from({ length: DAYS }, (_, i) => utcDay(new Date(now.getTime() - (DAYS - 1 - i) * 86_400_000)));
  const everyDay = (rows: Report): Report => {
    const byDay = new Map(rows.map((r) => [r.key, r]));
    return dayKeys.map((day) => byDay.get(day) ?? { key: day, ...NO_USAGE });
  };
  const [extraction, persona, embeddings] = service.map(everyDay) as [Report, Report, Report];
  return {
    days: everyDay(perDay),
    users: users ? users.slice(0, TOP) : null,
    models: models.slice(0, TOP),
    purposes,
    serviceDays: { extraction, persona, embeddings },
  };
}

const W = 600;
const H = 160;
const PAD = 24;

/** One stacked series of a day chart; `opacity` tells series of one colour apart. */
interface Series {
  label: string;
  value: (r: Report[number]) => number;
  cls: string;
  opacity?: number;
}

/** Vertical bars per day; each series stacks on the previous one. */
function DayChart(props: { id: string; title: string; days: Report; series: Series[] }) {
  const totals = props.days.map((d) => props.series.reduce((n, s) => n + s.value(d), 0));
  const max = Math.max(1, ...totals);
  const step = (W - PAD) / props.days.length;
  const scale = (v: number) => (v / max) * (H - PAD);
  return (
    <figure>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${props.id}-title`} data-testid={props.id} class="chart">
        <title id={`${props.id}-title`}>{`${props.title}: ${totals.reduce((a, b) => a + b, 0)} in ${props.days.length} days, at most ${max} a day`}</title>
        <line x1={PAD} y1={H - PAD} x2={W} y2={H - PAD} class="axis" />
        <text x={0} y={12} class="label">
          {max}
        </text>
        <text x={0} y={H - PAD} class="label">
          0
        </text>
        {props.days.map((d, i) => {
          let y = H - PAD;
          return (
            <g data-day={d.key} data-value={totals[i]}>
              <title>{`${d.key}: ${props.series.map((s) => `${s.value(d)} ${s.label}`).join(', ')}`}</title>
              {props.series.map((s) => {
                const h = scale(s.value(d));
                y -= h;
                return h > 0 ? <rect x={PAD + i * step + 1} y={y} width={Math.max(1, step - 2)} height={h} class={s.cls} fill-opacity={s.opacity} /> : null;
              })}
            </g>
          );
        })}
        <text x={PAD} y={H - 6} class="label">
          {props.days[0]?.key}
        </text>
        <text x={W} y={H - 6} class="label" text-anchor="end">
          {props.days.at(-1)?.key}
        </text>
      </svg>
      <figcaption>
        {props.title}
        {props.series.length > 1
          ? props.series.map((s) => (
              <span class="legend">
                <svg viewBox="0 0 10 10" width="10" height="10" aria-hidden="true">
                  <rect width="10" height="10" class={s.cls} fill-opacity={s.opacity} />
                </svg>{' '}
                {s.label}
              </span>
            ))
          : null}
      </figcaption>
    </figure>
  );
}

/** Horizontal bars, largest first. */
function TopChart(props: { id: string; title: string; rows: Report }) {
  const rowH = 22;
  const max = Math.max(1, ...props.rows.map((r) => r.requests));
  const labelW = 220;
  const height = Math.max(1, props.rows.length) * rowH;
  return (
    <figure>
      <svg viewBox={`0 0 ${W} ${height}`} role="img" aria-labelledby={`${props.id}-title`} data-testid={props.id} class="chart">
        <title id={`${props.id}-title`}>{`${props.title}: ${props.rows.map((r) => `${r.key} ${r.requests}`).join(', ') || 'none'}`}</title>
        {props.rows.map((r, i) => (
          <g data-key={r.key} data-value={r.requests}>
            <text x={labelW - 6} y={i * rowH + 15} text-anchor="end" class="label">
              {r.key.length > 32 ? `${r.key.slice(0, 31)}…` : r.key}
            </text>
            <rect x={labelW} y={i * rowH + 3} width={Math.max(1, ((W - labelW - 60) * r.requests) / max)} height={rowH - 6} class="bar" />
            <text x={labelW + ((W - labelW - 60) * r.requests) / max + 6} y={i * rowH + 15} class="label">
              {r.requests}
            </text>
          </g>
        ))}
      </svg>
      <figcaption>{props.title}</figcaption>
    </figure>
  );
}

/** What each purpose's calls are, as the overview explains them. */
const PURPOSE_NOTES: Record<Purpose, string> = {
  chat: 'chat requests through /v1',
  extraction: 'the extraction model learning beliefs from what was said',
  persona: 'none: the persona is built from the beliefs themselves, without a model call',
  embeddings: 'the embedding model indexing beliefs for recall',
};

/** The service's own model calls per purpose and day, beside the chat totals. */
function PurposeSection(props: { usage: UsageOverview; admin: boolean }) {
  const { purposes, serviceDays } = props.usage;
  const lookup = (rows: Report) => {
    const byDay = new Map(rows.map((r) => [r.key, r.requests]));
    return (r: Report[number]) => byDay.get(r.key) ?? 0;
  };
  return (
    <section aria-labelledby="usage-purpose" data-testid="usage-purpose">
      <h2 id="usage-purpose">Model calls by purpose, last {DAYS} days</h2>
      <p class="meta">
        Besides chat, the service calls models on its own, for the owner it serves ({props.admin ? 'everyone' : 'you'} here): these calls are counted under
        their purpose, never in anyone's chat rows.
      </p>
      <table data-testid="usage-purposes">
        <ColumnHeads names={['Purpose', 'Calls', 'Errors', 'Prompt tokens', 'Completion tokens']} />
        <tbody>
          {purposes.map((r) => (
            <tr data-purpose={r.key}>
              <th scope="row" title={PURPOSE_NOTES[r.key as Purpose]}>
                {r.key}
              </th>
              <td data-testid="purpose-requests">{r.requests}</td>
              <td>{r.errors}</td>
              <td data-testid="purpose-prompt-tokens">{r.prompt_tokens}</td>
              <td>{r.completion_tokens}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <DayChart
        id="chart-service-calls"
        title="The service's own model calls per day"
        days={serviceDays.extraction}
        series={[
          { label: 'extraction', value: lookup(serviceDays.extraction), cls: 'bar' },
          { label: 'persona', value: lookup(serviceDays.persona), cls: 'bar alt' },
          { label: 'embeddings', value: lookup(serviceDays.embeddings), cls: 'bar', opacity: 0.45 },
        ]}
      />
    </section>
  );
}

export function UsageSection(props: { usage: UsageOverview; admin: boolean }) {
  const { days, users, models } = props.usage;
  return (
    <>
      <section aria-labelledby="usage" data-testid="usage">
        <h2 id="usage">Chat usage, last {DAYS} days</h2>
        <p class="meta">
          Per UTC day, for {props.admin ? 'everyone' : 'you'}. Counted after each response; the service's own model calls are counted apart, by purpose.
        </p>
        <DayChart id="chart-requests" title="Requests per day" days={days} series={[{ label: 'requests', value: (r) => r.requests, cls: 'bar' }]} />
        <DayChart
          id="chart-tokens"
          title="Tokens per day"
          days={days}
          series={[
            { label: 'prompt tokens', value: (r) => r.prompt_tokens, cls: 'bar' },
            { label: 'completion tokens', value: (r) => r.completion_tokens, cls: 'bar alt' },
          ]}
        />
        {users ? <TopChart id="chart-top-users" title="Top users by requests" rows={users} /> : null}
        <TopChart id="chart-top-models" title="Top models by requests" rows={models} />
      </section>
      <PurposeSection usage={props.usage} admin={props.admin} />
    </>
  );
}
