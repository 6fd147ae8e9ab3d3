import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/** The search attributes groundplan sets on every run, so runs are found in the Temporal UI. */
export const SCENE_ATTRIBUTE = defineSearchAttributeKey('GroundplanScene', SearchAttributeType.KEYWORD);
export const INSTRUCTION_ATTRIBUTE = defineSearchAttributeKey(
  'GroundplanInstruction',
  SearchAttributeType.TEXT,
);
export const STAGE_ATTRIBUTE = defineSearchAttributeKey('GroundplanStage', SearchAttributeType.KEYWORD);
export const STATUS_ATTRIBUTE = defineSearchAttributeKey('GroundplanStatus', SearchAttributeType.KEYWORD);

export const GROUNDPLAN_SEARCH_ATTRIBUTES = [
  SCENE_ATTRIBUTE,
  INSTRUCTION_ATTRIBUTE,
  STAGE_ATTRIBUTE,
  STATUS_ATTRIBUTE,
] as const;

/** `Name=Type` arguments for `temporal server start-dev --search-attribute`. */
export function searchAttributeFlags(): string[] {
  const cliType: Record<string, string> = { KEYWORD: 'Keyword', TEXT: 'Text' };
  return GROUNDPLAN_SEARCH_ATTRIBUTES.flatMap((key) => [
    '--search-attribute',
    `${key.name}=${cliType[key.type] ?? key.type}`,
  ]);
}
