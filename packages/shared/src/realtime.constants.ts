/**
 * The Socket.IO path under the API prefix. Apart from `realtime.ts` so that a browser
 * client can import it without the event schemas and zod (bundle budget).
 */
export const realtimePath = '/api/socket.io';
