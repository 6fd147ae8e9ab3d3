import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';

/** Tokens in a text under OpenAI's o200k_base encoding (GPT-4o and later); offline, no network. */
export function countTokens(text: string): number {
  return countO200k(text);
}
