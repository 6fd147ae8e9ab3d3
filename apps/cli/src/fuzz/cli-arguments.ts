import { PLANNER_VARIANTS } from '@groundplan/workflows/contract';
import fc from 'fast-check';

/**
 * Random command lines for the CLI, mostly well-formed enough to reach the commands' own code:
 * a command, its own flags with hostile values, the files it needs (valid, truncated, with a
 * BOM, missing, a folder), and now and then another command's flag, an unknown flag or a
 * made-up command. Output paths are only ever the ones in `files.outputs`.
 */
export type CliFiles = {
  /** A valid scene file, a truncated one, one with a BOM, a missing one, a directory. */
  inputs: string[];
  outputs: string[];
};

/** Strings people and scripts pass by mistake. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '-',
  '--',
  '-1',
  '0',
  '1.5',
  '1e999',
  'NaN',
  'Infinity',
  '0x10',
  '9007199254740993',
  'abc',
  '__proto__',
  'constructor',
  'toString',
  '\ufeffsayplan',
  'sayplan\u0000',
  'sim-1',
  'x'.repeat(5000),
  '../../etc/passwd',
  'a\nb',
  'café',
  '🤖',
  '--scene=',
  '--max-replans=-2',
  'spark-dsg',
  'virtualhome',
  'networkx',
  'grounded',
];

type Flag = { name: string; value?: fc.Arbitrary<string> };

export function cliArguments(files: CliFiles): fc.Arbitrary<string[]> {
  const hostile = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 12 }));
  const number = fc.oneof(fc.integer({ min: -2, max: 100 }).map(String), hostile);
  const input = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...files.inputs) }, hostile);
  const output = fc.constantFrom(...files.outputs);
  const runId = fc.oneof(fc.constantFrom('plan-office-no-such-run', 'x'), hostile);
  const planner = fc.oneof(fc.constantFrom(...PLANNER_VARIANTS), hostile);
  const words = fc.array(fc.oneof(fc.constantFrom('Find', 'me', 'a', 'mug.'), hostile), { maxLength: 4 });

  const flags: Record<string, { positionals: fc.Arbitrary<string[]>; flags: Flag[] }> = {
    plan: {
      positionals: words,
      flags: [
        { name: '--scene', value: input },
        { name: '-s', value: input },
        { name: '--robot', value: hostile },
        { name: '--planner', value: planner },
        { name: '--max-replans', value: number },
        { name: '--max-search-steps', value: number },
        { name: '--llm-attempts', value: number },
        { name: '--llm-deadline', value: number },
        { name: '--skill-start-timeout', value: number },
        { name: '--plan-only' },
        { name: '--require-approval' },
        { name: '--no-wait' },
        { name: '--json' },
      ],
    },
    status: { positionals: runId.map((id) => [id]), flags: [{ name: '--json' }] },
    result: { positionals: runId.map((id) => [id]), flags: [{ name: '--json' }, { name: '--no-wait' }] },
    cancel: { positionals: runId.map((id) => [id]), flags: [] },
    approve: { positionals: runId.map((id) => [id]), flags: [] },
    reject: { positionals: runId.map((id) => [id]), flags: [{ name: '--reason', value: hostile }] },
    list: { positionals: fc.constant([]), flags: [{ name: '-n', value: number }, { name: '--json' }] },
    import: {
      positionals: fc.tuple(
        fc.oneof(fc.constantFrom('spark-dsg', 'virtualhome', 'stanford-3dsg'), hostile),
        input,
      ),
      flags: [
        { name: '-o', value: output },
        { name: '--name', value: hostile },
      ],
    },
    export: {
      positionals: fc.tuple(fc.oneof(fc.constant('networkx'), hostile), input),
      flags: [{ name: '--output', value: output }],
    },
  };
  const everyFlag = Object.values(flags).flatMap((c) => c.flags);
  const flagWithValue = (flag: Flag) =>
    flag.value
      ? fc.oneof(
          { weight: 4, arbitrary: flag.value.map((v) => [flag.name, v]) },
          { weight: 1, arbitrary: flag.value.map((v) => [`${flag.name}=${v}`]) },
          { weight: 1, arbitrary: fc.constant([flag.name]) },
        )
      : fc.constant([flag.name]);
  const stray = fc.oneof(
    fc.constantFrom(...everyFlag).chain(flagWithValue),
    fc.string({ maxLength: 8 }).map((name) => [`--${name}`]),
    fc.constantFrom(['--help'], ['-h'], ['--']),
    hostile.map((v) => [v]),
  );

  const known = fc.constantFrom(...Object.keys(flags)).chain((command) => {
    const spec = flags[command]!;
    const own = spec.flags.length ? fc.constantFrom(...spec.flags).chain(flagWithValue) : stray;
    const pieces = fc.array(fc.oneof({ weight: 6, arbitrary: own }, { weight: 1, arbitrary: stray }), {
      maxLength: 5,
    });
    // A plan needs --scene to get anywhere: given four times in five.
    const scene =
      command === 'plan'
        ? fc.option(
            input.map((file) => ['--scene', file]),
            { nil: [] as string[], freq: 5 },
          )
        : fc.constant([] as string[]);
    return fc
      .tuple(scene, spec.positionals, pieces)
      .map(([sceneFlag, positionals, chosen]) => [command, ...sceneFlag, ...chosen.flat(), ...positionals]);
  });
  return fc.oneof(
    { weight: 12, arbitrary: known },
    { weight: 1, arbitrary: fc.array(stray, { maxLength: 4 }).map((p) => p.flat()) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('help', 'nonsense'), hostile).map((p) => [...p]) },
  );
}

/** Settings the CLI reads, each usually unset, else hostile; TEMPORAL_ADDRESS is the caller's. */
export function cliEnvironment(): fc.Arbitrary<Record<string, string>> {
  const value = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS, 'sim-1', '7233'), fc.string({ maxLength: 12 }));
  // Each setting is set one time in eight: a bad one stops every command before its own code.
  const maybe = (key: string) =>
    fc.oneof(
      { weight: 7, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: value.map((v) => ({ [key]: v })) },
    );
  return fc
    .tuple(
      ...[
        'GROUNDPLAN_ROBOT_ID',
        'TEMPORAL_NAMESPACE',
        'TEMPORAL_PORT',
        'TEMPORAL_UI_PORT',
        'TEMPORAL_TLS_CA',
      ].map(maybe),
    )
    .map((parts) => Object.assign({}, ...parts) as Record<string, string>);
}
