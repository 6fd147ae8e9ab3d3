import { describe, expect, it } from 'vitest';
import { defaultLocalModelPath } from './model-catalogue.js';
import { createProvider, ProviderConfigSchema } from './provider-config.js';

describe('provider configuration', () => {
  it('builds the provider the config names', () => {
    expect(createProvider({ provider: 'replay', cassettePath: '/tmp/none.json' }).name).toBe('replay');
    expect(
      createProvider({ provider: 'openai', baseURL: 'http://127.0.0.1:1/v1', apiKey: 'k', model: 'm' }),
    ).toMatchObject({ name: 'openai', model: 'm' });
    expect(createProvider({ provider: 'local', modelPath: '/models/x.gguf' })).toMatchObject({
      name: 'local',
      model: 'x.gguf',
    });
  });

  it('rejects a config an endpoint could not work with', () => {
    expect(
      ProviderConfigSchema.safeParse({ provider: 'openai', baseURL: 'not a url', apiKey: 'k', model: 'm' })
        .success,
    ).toBe(false);
    expect(
      ProviderConfigSchema.safeParse({ provider: 'openai', baseURL: 'http://x/v1', apiKey: '', model: 'm' })
        .success,
    ).toBe(false);
    expect(ProviderConfigSchema.safeParse({ provider: 'vertex' }).success).toBe(false);
  });

  it('finds the default local model where install-model.sh puts it', () => {
    expect(defaultLocalModelPath()).toMatch(/\/models\/SmolLM2-135M-Instruct\.Q4_1\.gguf$/);
  });
});
