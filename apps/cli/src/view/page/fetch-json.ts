/// <reference lib="dom" />
import type { ViewError } from '../view-data.js';

/** The server's JSON at a path, or its one-line error (also when it did not answer). */
export async function fetchJson<T extends object>(path: string, init?: RequestInit): Promise<T | ViewError> {
  try {
    const response = await fetch(path, init);
    return (await response.json()) as T | ViewError;
  } catch (error) {
    return { error: `groundplan: the view server did not answer ${path}: ${(error as Error).message}` };
  }
}

export const isError = (value: object): value is ViewError => 'error' in value;
