/**
 * The Socket.IO path under the API prefix (DESIGN §6). Apart from `realtime.ts` so that a browser
 * client can import it without the event schemas and zod (issue 20, bundle budget).
 */
export const realtimePath = '/api/socket.io';
