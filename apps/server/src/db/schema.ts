// The whole Drizzle schema, one module per domain under ./schema.
export * from './schema/users';
export * from './schema/media';
export * from './schema/studies';
export * from './schema/programs';
export * from './schema/members';
export * from './schema/quiz';
export * from './schema/participants';
export * from './schema/attendance';
export * from './schema/certificates';
export * from './schema/discussions';
export * from './schema/chat';
export * from './schema/notifications';
export * from './schema/trainer-notifications';
export * from './schema/jobs';
export * from './schema/records';
export * from './schema/privacy';
export * from './schema/agenda';
