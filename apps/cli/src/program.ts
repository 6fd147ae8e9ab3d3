import { PLANNER_VARIANTS, READERS } from '@groundplan/workflows/contract';
import { EXPLORERS } from '@groundplan/workflows/explore-contract';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { answerCommand, approveCommand, cancelCommand } from './commands/control.js';
import { type ExploreFlags, exploreCommand } from './commands/explore.js';
import { exportCommand } from './commands/export.js';
import { type ImportFlags, importCommand } from './commands/import.js';
import { listCommand } from './commands/list.js';
import { type PlanFlags, planCommand } from './commands/plan.js';
import { resultCommand } from './commands/result.js';
import { ROBOT_ACTIONS, robotCommand } from './commands/robot.js';
import { serverCommand } from './commands/server.js';
import { statusCommand } from './commands/status.js';
import { type ViewFlags, viewCommand } from './commands/view.js';
import { type CliConfig, cliConfig, DEFAULT_VIEW_PORT } from './config.js';
import { EXIT, UserError } from './user-error.js';

/** A run id as typed: an empty one would reach the server and come back as "unexpected error". */
function runId(value: string): string {
  if (!value.trim()) throw new InvalidArgumentError('a run id is not empty (`groundplan list` shows them)');
  return value;
}

function positive(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number of at least 1');
  return n;
}

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65_535)
    throw new InvalidArgumentError('expected a port, 0-65535 (0: any free port)');
  return n;
}

function metres(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('expected a distance in metres above 0');
  return n;
}

function count(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number');
  return n;
}

/**
 * Runs the groundplan CLI on `argv` (the arguments after the program name) in this process and
 * returns the exit code: every failure, a bad flag included, is one `groundplan:` line on stderr.
 */
export async function runGroundplan(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  let code: number = EXIT.ok;
  /** Runs one command with the config; every failure becomes one line on stderr and an exit code. */
  const run = (command: (config: CliConfig) => Promise<number>) => async () => {
    const config = cliConfig(env);
    code = EXIT.error;
    try {
      if (!config.ok) throw new UserError(config.error);
      code = await command(config.value);
    } catch (error) {
      const message =
        error instanceof UserError
          ? error.message
          : `unexpected error: ${(error as Error)?.message ?? String(error)}`;
      // A value the user typed may hold a line break; the error stays one line.
      console.error(`groundplan: ${oneLine(message)}`);
    }
  };
  // Commander writes errors (one line, see cliProgram) and, for no command, the whole help to
  // stderr; it is held here so that case can become one line too.
  let held = '';
  const program = cliProgram(run, (text) => {
    held += text;
  });
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    if (error.code === 'commander.help' && error.exitCode !== 0) {
      const commands = program.commands.map((command) => command.name()).join(', ');
      held = `groundplan: expected one of the commands ${commands} (add --help for usage)\n`;
    }
    process.stderr.write(held);
    return error.exitCode === 0 ? EXIT.ok : EXIT.error;
  }
  process.stderr.write(held);
  return code;
}

type Runner = (command: (config: CliConfig) => Promise<number>) => () => Promise<void>;

/** The commands and their flags; `run` executes a command's action. */
function cliProgram(run: Runner, writeErr: (text: string) => void): Command {
  const program = new Command('groundplan')
    .description('Plan and execute robot tasks grounded in 3D scene graphs, as durable Temporal workflows.')
    // Throw instead of exiting, so runGroundplan returns the code; subcommands inherit both settings.
    .exitOverride()
    .configureOutput({
      writeErr,
      outputError: (message, write) =>
        write(`groundplan: ${oneLine(message.replace(/^error: /, ''))} (add --help for usage)\n`),
    });

  program
    .command('plan')
    .description('plan (and execute) an instruction in a scene')
    .argument('<instruction...>', 'what the robot should do')
    .requiredOption('-s, --scene <file>', 'the scene graph JSON file')
    .option('-r, --robot <id>', 'the robot that executes the plan (default GROUNDPLAN_ROBOT_ID or sim-1)')
    .option(
      '-p, --planner <variant>',
      `the planner: ${PLANNER_VARIANTS.join(', ')} (default: the one recommended for GROUNDPLAN_LLM_PROVIDER: grounded-prior for the embedded model, sayplan for openai)`,
    )
    .option('--plan-only', 'plan and verify, do not execute')
    .option('--require-approval', 'wait for `groundplan approve` before executing')
    .option(
      '--no-ask',
      'fail with the question instead of asking when the instruction names one of several things',
    )
    .option(
      '--answer-timeout <seconds>',
      'seconds a run waits for `groundplan answer` (default 600)',
      positive,
    )
    .addOption(
      new Option(
        '--reader <who>',
        'who reads the instruction: the small general rules, the model (names the things, what not to touch, each request), or the rules with the model reading again where they name a thing the building lacks',
      ).choices(READERS),
    )
    .option('--max-replans <n>', 'replans on simulator feedback (default 5)', count)
    .option(
      '--max-search-steps <n>',
      'semantic-search steps before the planner must plan (default 24)',
      count,
    )
    .option(
      '--max-execution-replans <n>',
      'replans after a failed skill whose observation corrected the belief (default 2)',
      count,
    )
    .option('--llm-attempts <n>', 'tries of one LLM step whose endpoint is unavailable (default 4)', positive)
    .option('--llm-deadline <seconds>', 'seconds all tries of one LLM step may take (default 600)', positive)
    .option(
      '--skill-start-timeout <seconds>',
      "seconds a skill waits for the robot's worker before the run fails (default 60)",
      positive,
    )
    .option('--no-wait', 'print the run id and return at once')
    .option('--json', 'machine-readable output')
    .action((words: string[], flags: PlanFlags) => run((config) => planCommand(words, flags, config))());

  program
    .command('explore')
    .description('explore a building the robot does not know until it has seen the target objects (SayNav)')
    .argument('[scene]', 'the scene graph JSON file: the true world the simulated robot explores')
    .requiredOption('-t, --targets <ids>', 'the object ids to find, separated by commas (1-10)')
    .option('-e, --explorer <explorer>', `who picks the next room: ${EXPLORERS.join(', ')}`, 'saynav')
    .option(
      '--room-prior',
      'saynav: offer the model the frontier rooms best by the retrieval prior, not the nearest',
    )
    .option(
      '--room-scores',
      "saynav: the local model scores each offered room's reply (SayCan) instead of generating its pick",
    )
    .option('--budget-m <metres>', 'metres the robot may drive (default: no limit)', metres)
    .option('-r, --robot <id>', 'the robot that explores (default GROUNDPLAN_ROBOT_ID or sim-1)')
    .option('--json', 'machine-readable output')
    .action((file: string | undefined, flags: ExploreFlags) =>
      run((config) => exploreCommand(file, flags, config))(),
    );

  program
    .command('status')
    .description("a run's status and progress")
    .argument('<run>', 'run id', runId)
    .option('--json', 'machine-readable output')
    .action((id: string, flags: { json?: boolean }) => run((config) => statusCommand(id, flags, config))());

  program
    .command('result')
    .description("a run's result (waits for it)")
    .argument('<run>', 'run id', runId)
    .option('--no-wait', 'do not wait for a running run')
    .option('--json', 'machine-readable output')
    .action((id: string, flags: { json?: boolean; wait: boolean }) =>
      run((config) => resultCommand(id, flags, config))(),
    );

  program
    .command('cancel')
    .description('cancel a run')
    .argument('<run>', 'run id', runId)
    .action((id: string) => run((config) => cancelCommand(id, config))());

  program
    .command('approve')
    .description('approve the plan of a run waiting for approval')
    .argument('<run>', 'run id', runId)
    .action((id: string) => run((config) => approveCommand(id, true, config))());

  program
    .command('answer')
    .description('answer the question a run asks (which of several things it should use)')
    .argument('<run>', 'run id', runId)
    .argument('<choice>', 'one of the options the run offers (see `status`)')
    .action((id: string, choice: string) => run((config) => answerCommand(id, choice, config))());

  program
    .command('reject')
    .description('reject the plan of a run waiting for approval')
    .argument('<run>', 'run id', runId)
    .option('--reason <text>', 'why')
    .action((id: string, flags: { reason?: string }) =>
      run((config) => approveCommand(id, false, config, flags.reason))(),
    );

  program
    .command('list')
    .description('the latest runs')
    .option('-n, --limit <n>', 'how many', count, 20)
    .option('--json', 'machine-readable output')
    .action((flags: { limit: number; json?: boolean }) => run((config) => listCommand(flags, config))());

  program
    .command('server')
    .description('the local Temporal dev server: start, status or stop')
    .argument('<action>', 'start, status or stop')
    .action((action: string) => run((config) => serverCommand(action, config))());

  program
    .command('import')
    .description(
      'convert a scene graph from spark-dsg, virtualhome or stanford-3dsg to a groundplan scene file',
    )
    .argument('<format>', 'spark-dsg, virtualhome or stanford-3dsg')
    .argument('<file>', 'the source file')
    .requiredOption('-o, --output <file>', 'the groundplan scene file to write')
    .option('--name <name>', 'the scene name (default: the source file name)')
    .action((format: string, file: string, flags: ImportFlags) =>
      run(() => importCommand(format, file, flags))(),
    );

  program
    .command('export')
    .description(
      "write a scene file in another format: networkx (node-link JSON), or pddl (the action table as domain.pddl, the scene and --goal predicates as problem.pddl; a robot's belief from `robot belief <id> -o` exports the same way)",
    )
    .argument('<format>', 'networkx or pddl')
    .argument('<scene>', 'the groundplan scene file')
    .requiredOption('-o, --output <path>', 'the file to write (networkx) or the directory (pddl)')
    .option(
      '--goal <predicate>',
      "pddl: a goal predicate such as 'on(mug, desk)'; repeat for more",
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option(
      '--skills <file>',
      'pddl: a skill file layered on the built-in skills (as GROUNDPLAN_SKILLS for workers)',
    )
    .action((format: string, file: string, flags: { output: string; goal?: string[]; skills?: string }) =>
      run(() => exportCommand(format, file, flags))(),
    );

  program
    .command('robot')
    .description(
      "a robot's entity: status (what it runs and queues), belief (the scene it plans from), history",
    )
    .argument('<action>', ROBOT_ACTIONS.join(', '))
    .argument('<id>', 'the robot id')
    .option('-o, --output <file>', 'belief: write the believed scene to this file')
    .option('--json', 'machine-readable output')
    .action((action: string, id: string, flags: { json?: boolean; output?: string }) =>
      run((config) => robotCommand(action, id, flags, config))(),
    );

  program
    .command('view')
    .description(
      'serve a web view of runs and scene files on 127.0.0.1 (the runs; a run by layers or floor, its search, route, story; approve, reject, answer)',
    )
    .argument('[scene]', 'a groundplan scene file to draw')
    .option(
      '--port <n>',
      `the port (default ${DEFAULT_VIEW_PORT}; 0: any free port)`,
      port,
      DEFAULT_VIEW_PORT,
    )
    .option('--run <id>', 'check that the run exists and print its page')
    .action((file: string | undefined, flags: ViewFlags) =>
      run((config) => viewCommand(file, flags, config))(),
    );

  return program;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
