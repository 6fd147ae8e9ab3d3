import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * The page's script: its TypeScript (from source) or the JavaScript tsc made of it (from dist),
 * bundled with sigma and graphology by esbuild when the view starts. Nothing is fetched at run
 * time: the browser gets one file from this server.
 */
export async function bundlePage(): Promise<string> {
  const extension = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  const entry = fileURLToPath(new URL(`./page/main.${extension}`, import.meta.url));
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    // Workspace packages resolve to their sources, as the tests and the tsx runs do.
    conditions: ['@groundplan/source'],
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote no bundle for the view page');
  return output.text;
}
