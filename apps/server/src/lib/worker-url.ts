/*
 * The entry of a worker thread, in both ways the server runs (decision 060):
 * - from its sources (tsx, vitest, benches): a plain-JS `*-entry.mjs` beside the worker that loads
 *   the TypeScript worker through tsx's API — a worker inherits neither `--import tsx` nor vitest's
 *   transform;
 * - built (`npm start`): the worker's own bundle in apps/server/dist, named in build.mjs's ENTRIES.
 * esbuild replaces `__ERAPOR_BUILT__` with `true` in the bundle; from the sources it is not declared.
 */

declare const __ERAPOR_BUILT__: boolean | undefined;

/** True in the bundle that `npm run build` writes. */
export const RUNS_BUILT = typeof __ERAPOR_BUILT__ !== 'undefined' && __ERAPOR_BUILT__;

/** `sourceEntry` from the sources; `dist/<builtName>.js` in the bundle (this chunk sits in dist/). */
export function workerUrl(sourceEntry: URL, builtName: string): URL {
  return RUNS_BUILT ? new URL(`./${builtName}.js`, import.meta.url) : sourceEntry;
}
