import { describe, expect, it } from 'vitest';
import { rows } from '../../test/support/table.ts';
import type { RuntimeConfig } from '../runtime-config.ts';
import { listModels, resolveModel } from './route.ts';

const config: RuntimeConfig = {
  providers: [
    { id: 'openai', kind: 'openai', base_url: 'https://a/v1', models: ['gpt-4o', 'shared'] },
    { id: 'router', kind: 'openai', base_url: 'https://b/v1', models: ['vendor/model', 'shared'] },
  ],
  default_model: 'router/shared',
  extraction: { enabled: false, model: null },
  injection: { enabled: true, max_beliefs: 10, persona_max: 5 },
  embeddings: null,
};

describe('model routes', () => {
  it.each(rows`
    openai/anything-unlisted → openai → anything-unlisted
    gpt-4o                   → openai → gpt-4o
    vendor/model             → router → vendor/model
    shared                   → router → shared
  `)('%s goes to %s as %s', (ref, provider, model) => {
    expect(resolveModel(config, ref)).toMatchObject({ provider: { id: provider }, model, id: `${provider}/${model}` });
  });

  it.each(['nope', 'nope/gpt-4o', 'openai/', '/gpt-4o'])('%s names no provider', (ref) => {
    expect(resolveModel(config, ref)).toBeNull();
  });

  it('lists every configured model in config order', () => {
    expect(listModels(config).map((r) => r.id)).toEqual(['openai/gpt-4o', 'openai/shared', 'router/vendor/model', 'router/shared']);
  });

  it.each([
    ['openai/shared', ['openai/gpt-4o', 'router/vendor/model', 'router/shared']],
    ['shared', ['openai/gpt-4o', 'openai/shared', 'router/vendor/model']],
  ])('leaves out the embeddings model (%s, as it resolves): it cannot chat', (model, ids) => {
    expect(listModels({ ...config, embeddings: { model } }).map((r) => r.id)).toEqual(ids);
  });
});
