/** The Node flags of the server process `npm start` runs, and of its preparing process. */
export function serverNodeFlags(env?: Record<string, string | undefined>): string[];
