import { BELIEF_TYPES, MAX_ALIAS_LENGTH, MAX_ALIASES, MAX_PARTICIPANTS, type BeliefRecord } from '../../../lib/ports/beliefs.ts';
import { KINDS, kindOfKey } from '../../../lib/world/kinds.ts';
import { Choice, Time } from './layout.tsx';

export const beliefHref = (id: string) => `/admin/beliefs/${encodeURIComponent(id)}`;

/** A belief in a list; `linked` holds the statements of relations' participants. */
export function BeliefItem(props: { b: BeliefRecord; linked: Map<string, string> }) {
  const { b, linked } = props;
  return (
    <li class={`belief ${b.status}`} data-belief-id={b.id}>
      <p class="statement">{b.statement}</p>
      {b.aliases.length ? (
        <p class="meta" data-testid="aliases">
          Also known as: {b.aliases.join(', ')}
        </p>
      ) : null}
      {b.participants.length ? (
        <p class="meta" data-testid="participants">
          Links:{' '}
          {b.participants.map((id, i) => (
            <>
              {i > 0 ? ' · ' : ''}
              {linked.has(id) ? <a href={beliefHref(id)}>{linked.get(id)}</a> : <span>a removed belief</span>}
            </>
          ))}
        </p>
      ) : null}
      <p class="meta">
        <span class="tag">{b.type}</span> <span class="tag">{b.scope}</span> {b.pinned ? <span class="tag pin">pinned</span> : null}{' '}
        {b.status === 'superseded' ? <span class="tag old">superseded</span> : null} {b.key ? <code>{b.key}</code> : null} confidence {b.confidence.toFixed(2)}{' '}
        · said <Time at={b.observed_at} />
        {b.event_at ? <span> · happens {b.event_at}</span> : null}
        {b.valid_until ? (
          <span>
            {' '}
            · valid until <Time at={b.valid_until} />
          </span>
        ) : null}{' '}
        · updated <Time at={b.updated_at} /> · <a href={beliefHref(b.id)}>history</a>
      </p>
      {b.status === 'active' ? (
        <div class="actions">
          <button type="button" data-belief-pin={b.id} data-pinned={b.pinned ? '1' : '0'}>
            {b.pinned ? 'Unpin' : 'Pin'}
          </button>
          <button type="button" data-belief-retract={b.id}>
            No longer true
          </button>
          <button type="button" class="danger" data-belief-supersede={b.id}>
            Mark superseded
          </button>
          <details>
            <summary>Edit</summary>
            <BeliefForm id={b.id} b={b} />
          </details>
        </div>
      ) : null}
    </li>
  );
}

export function BeliefForm(props: { id: string; b?: BeliefRecord }) {
  const { id, b } = props;
  return (
    <form class="belief-form stack" data-belief-form={id}>
      <label>
        Statement{' '}
        <textarea name="statement" required maxlength={2000} rows={2}>
          {b?.statement ?? ''}
        </textarea>
      </label>
      <Choice label="Type" name="type" values={BELIEF_TYPES} selected={b?.type ?? 'fact'} />
      <KindChoice belief={b} />
      <label>
        Scope <input name="scope" value={b?.scope ?? 'universal'} required pattern="universal|domain:.+" title="universal or domain:<name>" />
      </label>
      <label>
        Aliases{' '}
        <span class="meta">
          other names it answers to, comma-separated (up to {MAX_ALIASES}, each up to {MAX_ALIAS_LENGTH} characters)
        </span>
        <input name="aliases" value={b?.aliases.join(', ') ?? ''} autocomplete="off" placeholder="e.g. pg, postgres" />
      </label>
      {!b || b.type === 'relation' ? (
        <label>
          Participants <span class="meta">relations only: ids of the beliefs it links, comma-separated (up to {MAX_PARTICIPANTS})</span>
          <input name="participants" value={b?.participants.join(', ') ?? ''} autocomplete="off" spellcheck={false} />
        </label>
      ) : null}
      <button type="submit">{b ? 'Save' : 'Add belief'}</button>
    </form>
  );
}

/**
 * The kind of fact, from the catalogue, and the key it sets (client/beliefs.ts): a one-value kind's
 * key replaces the owner's old value; a several-value kind's key ends with the value.
 */
function KindChoice(props: { belief: BeliefRecord | undefined }) {
  const key = props.belief?.key ?? '';
  const chosen = key ? kindOfKey(key)?.kind : undefined;
  return (
    <>
      <label>
        Kind <span class="meta">a kind with one value (home, employer, diet…) replaces the old value when saved</span>
        <select name="kind">
          <option value="">no kind</option>
          {KINDS.map((k) => (
            <option value={k.kind} data-key={k.key} data-one-value={k.one_value ? '1' : '0'} selected={k.kind === chosen}>
              {k.kind.replaceAll('_', ' ')} ({k.one_value ? 'one value' : 'several'})
            </option>
          ))}
        </select>
      </label>
      <label>
        Key{' '}
        <span class="meta">set by the kind; for a kind with several values it ends with the value (from the statement's last word), which you may change</span>
        <input
          name="key"
          value={key}
          data-typed={key ? '1' : undefined}
          autocomplete="off"
          spellcheck={false}
          pattern="[a-z0-9][a-z0-9_.\-]{0,127}"
          title="lower case letters, digits, ., _ or -"
        />
      </label>
    </>
  );
}
