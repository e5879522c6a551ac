import type { DbOrTx } from '../../db/client';
import { auditEvents, learningEvents } from '../../db/schema';

export type NewLearningEvent = typeof learningEvents.$inferInsert;
export type NewAuditEvent = typeof auditEvents.$inferInsert;

export async function insertLearningEvents(db: DbOrTx, events: NewLearningEvent[]): Promise<void> {
  if (events.length > 0) await db.insert(learningEvents).values(events);
}

export async function insertAuditEvent(db: DbOrTx, event: NewAuditEvent): Promise<void> {
  await db.insert(auditEvents).values(event);
}
