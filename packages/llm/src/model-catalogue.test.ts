import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  catalogueModel,
  defaultLocalModelPath,
  localModelsDir,
  missingLocalModel,
  modelCatalogue,
  resolveLocalModel,
} from './model-catalogue.js';

const NAMES = ['smollm2-135m', 'gemma3-270m', 'qwen2.5-coder-0.5b', 'qwen2.5-coder-1.5b'];

describe('the model catalogue (models.json)', () => {
  it('holds the candidates by short name, the default SmolLM2', () => {
    expect(modelCatalogue().models.map((m) => m.name)).toEqual(NAMES);
    expect(modelCatalogue().default).toBe('smollm2-135m');
    expect(defaultLocalModelPath()).toBe(resolve(localModelsDir(), 'SmolLM2-135M-Instruct.Q4_1.gguf'));
  });

  it('says of every model its licence, and its parts add up to its size, each with its own hash', () => {
    const catalogue = modelCatalogue() as unknown as {
      models: { name: string; size: number; licence: string; packages: { size: number; sha256: string }[] }[];
    };
    for (const model of catalogue.models) {
      expect(model.licence, model.name).not.toBe('');
      expect(
        model.packages.reduce((sum, part) => sum + part.size, 0),
        model.name,
      ).toBe(model.size);
      for (const part of model.packages) expect(part.sha256, model.name).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(catalogue.models.find((m) => m.name === 'qwen2.5-coder-1.5b')).toMatchObject({
      size: 1_117_320_768,
      sha256: 'cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046',
    });
    expect(catalogue.models.find((m) => m.name === 'qwen2.5-coder-1.5b')?.packages).toHaveLength(22);
    expect(catalogue.models.find((m) => m.name === 'qwen2.5-coder-0.5b')?.packages).toHaveLength(6);
  });
});

describe('GROUNDPLAN_MODEL for the local provider', () => {
  it('takes a short name of the catalogue: its file in the models folder', () => {
    expect(resolveLocalModel('qwen2.5-coder-1.5b', '/m')).toEqual({
      ok: true,
      value: { path: '/m/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf', name: 'qwen2.5-coder-1.5b' },
    });
    expect(resolveLocalModel('qwen2.5-coder-0.5b', '/m')).toEqual({
      ok: true,
      value: { path: '/m/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf', name: 'qwen2.5-coder-0.5b' },
    });
    expect(resolveLocalModel('gemma3-270m', '/m')).toEqual({
      ok: true,
      value: { path: '/m/gemma-3-270m-q4_k_m.gguf', name: 'gemma3-270m' },
    });
    expect(resolveLocalModel('smollm2-135m', '/m')).toEqual({
      ok: true,
      value: { path: '/m/SmolLM2-135M-Instruct.Q4_1.gguf', name: 'smollm2-135m' },
    });
  });

  it('takes the older names, and nothing for the default', () => {
    expect(resolveLocalModel('smollm2-135m-instruct', '/m')).toMatchObject({
      value: { name: 'smollm2-135m' },
    });
    expect(resolveLocalModel('gemma-3-270m', '/m')).toMatchObject({ value: { name: 'gemma3-270m' } });
    expect(resolveLocalModel(undefined, '/m')).toMatchObject({ value: { name: 'smollm2-135m' } });
    expect(catalogueModel('gemma-3-270m')?.name).toBe('gemma3-270m');
  });

  it('takes a path: anything with a slash or ending in .gguf', () => {
    expect(resolveLocalModel('/opt/models/qwen2.5-coder-1.5b', '/m')).toEqual({
      ok: true,
      value: { path: '/opt/models/qwen2.5-coder-1.5b', name: undefined },
    });
    expect(resolveLocalModel('./my.gguf', '/m')).toEqual({
      ok: true,
      value: { path: resolve('my.gguf'), name: undefined },
    });
    expect(resolveLocalModel('Other-Model.Q8_0.GGUF', '/m')).toEqual({
      ok: true,
      value: { path: resolve('Other-Model.Q8_0.GGUF'), name: undefined },
    });
  });

  it('an unknown name is one line listing the known ones', () => {
    expect(resolveLocalModel('qwen2.5-7b', '/m')).toEqual({
      ok: false,
      error: `unknown model 'qwen2.5-7b'; GROUNDPLAN_MODEL takes one of ${NAMES.join(', ')}, or a path to a GGUF file`,
    });
  });

  it('a known model that is not installed is one line with the command that installs it', () => {
    const missing = missingLocalModel('/m/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf', '/m');
    expect(missing).toBe(
      'the model qwen2.5-coder-1.5b is not installed (no /m/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf); install it with: bash packages/llm/scripts/install-model.sh qwen2.5-coder-1.5b',
    );
    expect(missingLocalModel('/elsewhere/x.gguf', '/m')).toBe(
      `no model file at /elsewhere/x.gguf; set GROUNDPLAN_MODEL to a GGUF file or to a model that bash packages/llm/scripts/install-model.sh <name> installs (${NAMES.join(', ')})`,
    );
  });
});
