import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { memberRedeems } from './members';

export type CertificateKind = 'participant' | 'graduation';

/**
 * A certificate issued for a member redemption (DESIGN §11): made at its first download and
 * reused afterwards, so the same redemption and kind always print the same `number`, which the
 * public verification page looks up.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: id(),
    member_redeem_id: uuid('member_redeem_id')
      .notNull()
      .references(() => memberRedeems.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CertificateKind>().notNull(),
    /** `AJR-2026-11-7K3QX9MD`: issue year and month (WIB) and 8 random characters. */
    number: text('number').notNull(),
    issued_at: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('certificates_number_key').on(t.number),
    uniqueIndex('certificates_redeem_kind_key').on(t.member_redeem_id, t.kind),
    index('certificates_issued_idx').on(t.issued_at),
  ],
);
