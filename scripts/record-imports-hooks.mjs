// The module hooks of scripts/record-imports.mjs (they run on Node's hooks thread).
import fs from 'node:fs';

let file = '';
export function initialize(data) {
  file = data.file;
}
export async function resolve(specifier, context, next) {
  if (!/^[./]|^node:|^file:/.test(specifier)) fs.appendFileSync(file, `${specifier}\n`);
  return next(specifier, context);
}
