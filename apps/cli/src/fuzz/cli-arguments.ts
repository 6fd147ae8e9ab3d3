import fc from 'fast-check';

/**
 * Random command lines for the CLI: a command (or none, or a made-up one) followed by a shuffle
 * of its own flags, other commands' flags, unknown flags and positionals, each with a value drawn
 * from hostile strings and the files `files` names. Output paths are only ever the ones in
 * `files.outputs`, so a run that succeeds writes nowhere else.
 */
export type CliFiles = {
  /** A valid scene file, a truncated one, one with a BOM, a missing one, a directory. */
  inputs: string[];
  outputs: string[];
};

const COMMANDS = [
  'plan',
  'status',
  'result',
  'cancel',
  'approve',
  'reject',
  'list',
  'import',
  'export',
  'help',
];

const VALUE_FLAGS = [
  '-s',
  '--scene',
  '-r',
  '--robot',
  '-p',
  '--planner',
  '--max-replans',
  '--llm-attempts',
  '--llm-deadline',
  '--skill-start-timeout',
  '-n',
  '--limit',
  '--reason',
  '--name',
];
const SWITCHES = [
  '--plan-only',
  '--require-approval',
  '--no-wait',
  '--json',
  '--help',
  '-h',
  '--version',
  '--',
];

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
  '--limit=abc',
  '-n=3',
  'spark-dsg',
  'virtualhome',
  'networkx',
  'grounded',
];

export function cliArguments(files: CliFiles): fc.Arbitrary<string[]> {
  const value = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS, ...files.inputs), fc.string({ maxLength: 12 }));
  const piece = fc.oneof(
    fc.tuple(fc.constantFrom(...VALUE_FLAGS), value).map(([flag, v]) => [flag, v]),
    fc.tuple(fc.constantFrom(...VALUE_FLAGS), value).map(([flag, v]) => [`${flag}=${v}`]),
    fc.constantFrom(...SWITCHES).map((flag) => [flag]),
    fc.constantFrom(...files.outputs).map((out) => ['-o', out]),
    fc.string({ maxLength: 8 }).map((name) => [`--${name}`]),
    value.map((v) => [v]),
  );
  const command = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...COMMANDS).map((c) => [c]) },
    { weight: 1, arbitrary: fc.constant([] as string[]) },
    { weight: 1, arbitrary: value.map((v) => [v]) },
  );
  return (
    fc
      .tuple(command, fc.array(piece, { maxLength: 6 }))
      // `server` starts and stops real dev servers: never generated, whatever the random words.
      .filter(([c]) => c[0] !== 'server')
      .map(([c, pieces]) => [...c, ...pieces.flat()])
  );
}

/** Settings the CLI reads, with hostile values; TEMPORAL_ADDRESS always points at a closed port. */
export function cliEnvironment(): fc.Arbitrary<Record<string, string>> {
  const value = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 12 }));
  return fc.record(
    {
      GROUNDPLAN_ROBOT_ID: value,
      TEMPORAL_NAMESPACE: value,
      TEMPORAL_PORT: value,
      TEMPORAL_UI_PORT: value,
      TEMPORAL_TLS_CA: value,
    },
    { requiredKeys: [] },
  );
}
