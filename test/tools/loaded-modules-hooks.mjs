/**
 * The module hooks of ./loaded-modules.mjs (they run on the loader's own thread): each loaded URL is written at once,
 * synchronously, so none is lost when the process exits right after.
 */
import { appendFileSync } from 'node:fs';

let to;
export function initialize(data) {
  to = data.to;
}

export async function load(url, context, next) {
  appendFileSync(to, `esm ${url}\n`);
  return next(url, context);
}
