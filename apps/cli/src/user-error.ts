/** A problem the user can fix, reported as one line and exit code 1; never a stack trace. */
export class UserError extends Error {
  override readonly name = 'UserError';
}

/** Exit codes: 0 success, 1 error (bad input, server unreachable, ...), 2 the plan or its execution failed. */
export const EXIT = { ok: 0, error: 1, planFailed: 2 } as const;
