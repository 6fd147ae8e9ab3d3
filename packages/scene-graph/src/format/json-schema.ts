import { z } from 'zod';
import { SCENE_FORMAT_VERSION, SceneFileSchema } from './schema.js';

/** The JSON Schema of a scene file, generated from the same zod schema that validates it. */
export function sceneJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(SceneFileSchema, { target: 'draft-2020-12' }),
    title: `groundplan scene graph, format version ${SCENE_FORMAT_VERSION}`,
  };
}
