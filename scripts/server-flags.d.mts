/** The Node flags of the server process `npm start` runs (server-flags.mjs). */
export function serverNodeFlags(env?: Record<string, string | undefined>): string[];
/** The Node flags of the preparing process (`main.js --prepare`). */
export function prepareNodeFlags(env?: Record<string, string | undefined>): string[];
