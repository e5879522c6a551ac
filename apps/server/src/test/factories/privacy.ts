import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { assignTrainer, buildActivity, buildProgramWithTopics } from './activities';
import { joinProgram, registerMember, type TestMember } from './members';
import { buildWork } from './participants';
import { buildUser } from './users';
import { ensurePrivacyNotice } from '../../modules/privacy/default-notice';

/**
 * A participant with one row of every kind of personal data the system holds (redemption,
 * progress with an uploaded work file, quiz attempt with answers, check-in,
 * certificate, discussion post, chat message, notification, learning event, profile photo,
 * consent to the privacy notice),
 * made with a unique name, e-mail and phone so a test can look for them everywhere.
 */
export async function buildMemberWithEverything(app: FastifyInstance) {
  const tag = randomUUID().slice(0, 8);
  await ensurePrivacyNotice(app.db); // registration then records consent to it
  const member: TestMember = await registerMember(app, {
    fullname: `Ratna Unik ${tag}`,
    email: `ratna-${tag}@contoh.id`,
  });
  const { program, topics } = await buildProgramWithTopics(app.db, { topics: 1 });
  const topic = topics[0]!;
  const activity = await buildActivity(app.db, topic, { type: 'praktek_mandiri' });
  const quiz = await buildActivity(app.db, topic, { type: 'quiz' });
  const trainer = await buildUser(app.db, { role: 'trainer', fullname: 'Trainer Satu' });
  await assignTrainer(app.db, program.id, trainer.id);
  const { redeem } = await joinProgram(app, program.id, { member });
  const redeemRow = { id: redeem.id, program_id: program.id };
  const work = await buildWork(app.db, app.storage, redeemRow, activity, {
    body: `tugas milik ${tag}`,
  });
  const photoKey = `media/${randomUUID()}.jpg`;
  await app.storage.put(photoKey, Readable.from([Buffer.from(`foto ${tag}`)]));
  const db = app.db;
  await db.execute(sql`
    with m as (
      insert into media (original_name, type, mime, storage_key, size)
      values (${`foto-${tag}.jpg`}, 'image', 'image/jpeg', ${photoKey}, 10) returning id
    )
    update members set photo_media_id = (select id from m), photo_url = ${`/media/${tag}.jpg`}
    where id = ${member.id}`);
  await db.execute(sql`
    insert into quiz_attempts (member_redeem_id, activity_id, attempt_no, answers)
    values (${redeem.id}, ${quiz.id}, 1, ${JSON.stringify({ q1: 'jawaban saya' })}::jsonb)`);
  await db.execute(sql`
    insert into attendances (member_redeem_id, member_id, program_id, topic_id, activity_id,
      schedule_key)
    values (${redeem.id}, ${member.id}, ${program.id}, ${topic.id}, ${activity.id}, 'sesi-1')`);
  const number = `AJR-2026-11-${tag.toUpperCase()}`;
  await db.execute(sql`
    insert into certificates (member_redeem_id, kind, number, fullname, program_title, template,
      certificate_date)
    values (${redeem.id}, 'participant', ${number}, ${member.fullname}, ${program.title}, 'umum',
      now())`);
  await db.execute(sql`
    insert into discussions (program_id, topic_id, activity_id, author_kind, member_id,
      author_name, content)
    values (${program.id}, ${topic.id}, ${activity.id}, 'member', ${member.id}, ${member.fullname},
      ${`Pertanyaan dari ${member.fullname}`})`);
  await db.execute(sql`
    with r as (
      insert into chat_rooms (program_id, trainer_id, member_id)
      values (${program.id}, ${trainer.id}, ${member.id}) returning id
    )
    insert into chat_messages (room_id, sender, member_id, message)
    select id, 'member', ${member.id}, ${`Halo, saya ${member.fullname}, HP ${member.phone}`}
    from r`);
  await db.execute(sql`
    with s as (
      insert into sent_notifications (type, title, message)
      values ('info', 'Pengumuman', 'Kelas dimulai besok') returning id
    )
    insert into member_notifications (sent_notification_id, member_id) select id, ${member.id}
    from s`);
  await db.execute(sql`
    insert into learning_events (member_id, program_id, activity_id, kind, data)
    values (${member.id}, ${program.id}, ${activity.id}, 'activity_opened', '{}'::jsonb)`);
  return { member, program, redeem, work, photoKey, certificateNumber: number, tag };
}
