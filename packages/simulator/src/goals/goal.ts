import type { Result } from '@groundplan/scene-graph';
import { err, ok } from '@groundplan/scene-graph';

/** One predicate of a goal conjunction, parsed from text such as `not inside(banana, fridge)`. */
export type Goal =
  | {
      readonly kind: 'inside' | 'on';
      readonly object: string;
      readonly target: string;
      readonly negated: boolean;
    }
  | {
      readonly kind: 'state';
      readonly node: string;
      /** Undefined for the two-argument form state(fridge, closed): any dimension with that value. */
      readonly dimension: string | undefined;
      readonly value: string;
      readonly negated: boolean;
    }
  | { readonly kind: 'holding'; readonly object: string | null; readonly negated: boolean }
  | { readonly kind: 'at'; readonly place: string; readonly negated: boolean };

const FORMS =
  'inside(x, y), on(x, y), state(x, dimension, value), state(x, value), holding(x), holding(nothing), at(place), each optionally preceded by "not "';

/** Parses one predicate; the error says what forms are accepted. */
export function parseGoal(text: string): Result<Goal> {
  let body = text.trim();
  let negated = false;
  const not = /^not\s*(?:\(\s*(.*)\s*\)|\s(.*))$/is.exec(body);
  if (not !== null && /^[a-z_]+\s*\(/i.test((not[1] ?? not[2] ?? '').trim())) {
    negated = true;
    body = (not[1] ?? not[2]!).trim();
  }
  const call = /^([a-z_]+)\s*\(([^()]*)\)$/i.exec(body);
  if (call === null) return err(`cannot read goal '${text}': write one of ${FORMS}`);
  const name = call[1]!.toLowerCase();
  const args = call[2]!.split(',').map((arg) => arg.trim().replace(/^['"]|['"]$/g, ''));
  if (args.some((arg) => arg.length === 0)) return err(`cannot read goal '${text}': an argument is empty`);
  const arity = (n: number) =>
    err(`cannot read goal '${text}': ${name} takes ${n} argument${n === 1 ? '' : 's'}`);
  switch (name) {
    case 'inside':
    case 'on':
      if (args.length !== 2) return arity(2);
      return ok({ kind: name, object: args[0]!, target: args[1]!, negated });
    case 'state':
      if (args.length === 3)
        return ok({ kind: 'state', node: args[0]!, dimension: args[1]!, value: args[2]!, negated });
      if (args.length === 2)
        return ok({ kind: 'state', node: args[0]!, dimension: undefined, value: args[1]!, negated });
      return err(`cannot read goal '${text}': state takes (node, dimension, value) or (node, value)`);
    case 'holding':
      if (args.length !== 1) return arity(1);
      return ok({ kind: 'holding', object: args[0] === 'nothing' ? null : args[0]!, negated });
    case 'at':
      if (args.length !== 1) return arity(1);
      return ok({ kind: 'at', place: args[0]!, negated });
    default:
      return err(`cannot read goal '${text}': unknown predicate '${name}'; write one of ${FORMS}`);
  }
}

/** Parses a conjunction: a list of predicates, or one string joined by `and`, `&&` or `∧`. */
export function parseGoals(goals: string | readonly string[]): Result<Goal[]> {
  const texts = typeof goals === 'string' ? goals.split(/\s+and\s+|\s*&&\s*|\s*∧\s*/i) : goals;
  const parsed: Goal[] = [];
  for (const text of texts) {
    const goal = parseGoal(text);
    if (!goal.ok) return goal;
    parsed.push(goal.value);
  }
  return ok(parsed);
}

/** The goal written back as text. */
export function formatGoal(goal: Goal): string {
  const prefix = goal.negated ? 'not ' : '';
  switch (goal.kind) {
    case 'inside':
    case 'on':
      return `${prefix}${goal.kind}(${goal.object}, ${goal.target})`;
    case 'state':
      return `${prefix}state(${goal.node}, ${goal.dimension === undefined ? '' : `${goal.dimension}, `}${goal.value})`;
    case 'holding':
      return `${prefix}holding(${goal.object ?? 'nothing'})`;
    case 'at':
      return `${prefix}at(${goal.place})`;
  }
}

/** The node ids a goal names. */
export function goalNodes(goal: Goal): string[] {
  switch (goal.kind) {
    case 'inside':
    case 'on':
      return [goal.object, goal.target];
    case 'state':
      return [goal.node];
    case 'holding':
      return goal.object === null ? [] : [goal.object];
    case 'at':
      return [goal.place];
  }
}
