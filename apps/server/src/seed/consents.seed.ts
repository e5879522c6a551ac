import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ensurePrivacyNotice } from '../modules/privacy/default-notice';

/**
 * Every demo participant agreed to the notice in force when their account was made (the seed
 * inserts most of them straight into the table, past registration), so a demo sign-in is never
 * stopped by the consent screen.
 */
export async function seedConsents(db: Db): Promise<void> {
  await ensurePrivacyNotice(db);
  await db.execute(sql`
    insert into member_consents (member_id, notice_version, created_at)
    select m.id, n.version, m.created_at
    from members m cross join (select max(version) as version from privacy_notices) n
    where not exists (
      select 1 from member_consents c where c.member_id = m.id and c.notice_version = n.version
    )`);
}
