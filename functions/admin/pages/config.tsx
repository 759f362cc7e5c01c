import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../../lib/deps.ts';
import { maskedConfig, type MaskedConfig } from '../../../lib/stores/config.ts';
import { embeddingProgress, type EmbeddingProgress } from '../../../lib/embeddings/progress.ts';
import { Layout, PAGE_HEADERS, Status, viewerOf } from './layout.tsx';

type Provider = MaskedConfig['providers'][number];

export async function configPage(c: Context<AppEnv>, deps: Deps) {
  const viewer = viewerOf(c, deps);
  const [config, progress] = await Promise.all([maskedConfig(deps), embeddingProgress(deps.db)]);
  return c.html(
    <Layout viewer={viewer} title="Config" current="/admin/config">
      <form id="config-form" class="stack">
        <h2>Providers</h2>
        <p class="meta">API keys are write-only: the page shows only their last four characters. Leave the key empty to keep the stored one.</p>
        <div id="providers">
          {config.providers.map((p) => (
            <ProviderFields p={p} />
          ))}
        </div>
        <template id="provider-template">
          <ProviderFields />
        </template>
        <p>
          <button type="button" id="provider-add">
            Add provider
          </button>
        </p>
        <h2>Models</h2>
        <label>
          Default model <input name="default_model" value={config.default_model ?? ''} placeholder="provider-id/model" />
        </label>
        <fieldset>
          <legend>Belief extraction</legend>
          <label class="check">
            <input type="checkbox" name="extraction_enabled" checked={config.extraction.enabled} /> Extract beliefs from conversations
          </label>
          <label>
            Extraction model{' '}
            <input name="extraction_model" value={config.extraction.model ?? ''} placeholder="built-in extractor" aria-describedby="extraction-model-hint" />
          </label>
          <p class="meta" id="extraction-model-hint" data-testid="extraction-model-hint">
            Recommended: name one of your models here (<code>provider-id/model</code>; a small, cheap one is enough). An extraction model learns more than the
            built-in extractor — any wording, subjects no rule covers, statements spread over several turns. Left empty, the built-in extractor learns only
            first-person statements about the user's own life: identity, work, home, family, pets, health, diet, skills and languages, tools, hobbies, projects,
            decisions, plans and past events, and corrections of these. With a model set, each exchange costs one more model call, counted as{' '}
            <code>extraction</code> usage on the overview, never in anyone's chat. The persona is built from the beliefs themselves, without a model call.
          </p>
        </fieldset>
        <fieldset>
          <legend>Belief injection</legend>
          <label class="check">
            <input type="checkbox" name="injection_enabled" checked={config.injection.enabled} /> Inject relevant beliefs into chat requests
          </label>
          <label>
            Beliefs per request <input type="number" name="injection_max" min={0} max={500} value={String(config.injection.max_beliefs)} required />
          </label>
          <label>
            Persona beliefs per request (who the user is, beside the others){' '}
            <input type="number" name="injection_persona_max" min={0} max={20} value={String(config.injection.persona_max)} required />
          </label>
        </fieldset>
        <fieldset>
          <legend>Semantic recall</legend>
          <label>
            Embeddings model <input name="embeddings_model" value={config.embeddings?.model ?? ''} placeholder="none: recall by words only" />
          </label>
          <p class="meta">An OpenAI-compatible provider's model (its /embeddings endpoint). Beliefs are embedded in the background.</p>
          <EmbeddingsLine progress={progress} />
        </fieldset>
        <button type="submit">Save configuration</button>
      </form>
      <Status id="config-status" />
    </Layout>,
    200,
    PAGE_HEADERS,
  );
}

function ProviderFields(props: { p?: Provider }) {
  const { p } = props;
  const label = p ? `Provider ${p.id}` : 'New provider';
  return (
    <fieldset class="provider" data-provider={p?.id ?? ''}>
      <legend>{label}</legend>
      <label>
        Id <input name="id" value={p?.id ?? ''} required pattern="[A-Za-z0-9][A-Za-z0-9._\-]{0,63}" />
      </label>
      <label>
        Kind{' '}
        <select name="kind">
          <option value="openai" selected={p?.kind !== 'anthropic'}>
            OpenAI-compatible
          </option>
          <option value="anthropic" selected={p?.kind === 'anthropic'}>
            Anthropic
          </option>
        </select>
      </label>
      <label>
        Base URL <input name="base_url" type="url" value={p?.base_url ?? ''} required placeholder="https://api.example.com/v1" />
      </label>
      <label>
        API key{' '}
        <input name="api_key" type="password" autocomplete="off" placeholder={p?.api_key_set ? `stored, ends in ${p.api_key_hint ?? '????'}` : 'none stored'} />
      </label>
      <label>
        Models (comma-separated) <input name="models" value={p?.models.join(', ') ?? ''} />
      </label>
      <div class="actions">
        {p ? (
          <button type="button" data-provider-test={p.id}>
            Test connection
          </button>
        ) : null}
        <button type="button" class="danger" data-provider-remove>
          Remove
        </button>
      </div>
      {p ? <p class="status" role="status" aria-live="polite" data-provider-status={p.id}></p> : null}
    </fieldset>
  );
}

function EmbeddingsLine(props: { progress: EmbeddingProgress }) {
  const { model, embedded, pending, failed } = props.progress;
  return (
    <p class="meta" data-testid="embeddings-progress">
      {model === null
        ? 'No embeddings model: recall is by words only.'
        : `${model}: ${embedded} beliefs embedded, ${pending} pending, ${failed} failed (retried later). Beliefs still pending are found by their words.`}
    </p>
  );
}
