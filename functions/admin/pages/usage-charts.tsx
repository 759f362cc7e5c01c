import type { Deps } from '../../../lib/deps.ts';
import { usageFor, usageReport, utcDay } from '../../../lib/stores/usage.ts';

const DAYS = 30;
const TOP = 5;

type Report = Awaited<ReturnType<typeof usageReport>>;

export interface UsageOverview {
  /** Oldest day first, every day of the range (zero when nothing was counted). */
  days: Report;
  users: Report | null;
  models: Report;
}

/** Chat usage of the last 30 days for the overview: the viewer's own, or everyone's for admins. */
export async function readUsage(deps: Deps, viewer: { userName: string; admin: boolean }): Promise<UsageOverview> {
  await usageFor(deps).flush();
  const now = deps.now();
  const range = { from: utcDay(new Date(now.getTime() - (DAYS - 1) * 86_400_000)), to: utcDay(now), owner: viewer.admin ? null : viewer.userName };
  const [perDay, users, models] = await Promise.all([
    usageReport(deps.db, { ...range, groupBy: 'day' }),
    viewer.admin ? usageReport(deps.db, { ...range, groupBy: 'user' }) : Promise.resolve(null),
    usageReport(deps.db, { ...range, groupBy: 'model' }),
  ]);
  const byDay = new Map(perDay.map((r) => [r.key, r]));
  const days = Array.from({ length: DAYS }, (_, i) => utcDay(new Date(now.getTime() - (DAYS - 1 - i) * 86_400_000))).map(
    (day) => byDay.get(day) ?? { key: day, requests: 0, errors: 0, prompt_tokens: 0, completion_tokens: 0, injected: 0 },
  );
  return { days, users: users ? users.slice(0, TOP) : null, models: models.slice(0, TOP) };
}

const W = 600;
const H = 160;
const PAD = 24;

/** Vertical bars per day; each series stacks on the previous one. */
function DayChart(props: { id: string; title: string; days: Report; series: { label: string; value: (r: Report[number]) => number; cls: string }[] }) {
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
                return h > 0 ? <rect x={PAD + i * step + 1} y={y} width={Math.max(1, step - 2)} height={h} class={s.cls} /> : null;
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
                  <rect width="10" height="10" class={s.cls} />
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

export function UsageSection(props: { usage: UsageOverview; admin: boolean }) {
  const { days, users, models } = props.usage;
  return (
    <section aria-labelledby="usage" data-testid="usage">
      <h2 id="usage">Chat usage, last {DAYS} days</h2>
      <p class="meta">Per UTC day, for {props.admin ? 'everyone' : 'you'}. Counted after each response; the service's own extraction calls are not included.</p>
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
  );
}
