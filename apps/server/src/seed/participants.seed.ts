import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { RoleKey } from '@ajar/shared/common/roles';
import { loadConfig } from '../config';
import { createStorage, type Storage } from '../lib/storage';
import { registerMember } from '../modules/members/member-auth.service';
import { markEmailVerified } from '../modules/members/member-email-verification.repository';
import { redeemVoucher } from '../modules/members/redeem.service';
import { generateVouchers } from '../modules/vouchers/vouchers.service';
import type { Db } from '../db/client';
import {
  memberRedeems,
  members,
  programFacilitators,
  programs,
  resellers,
  users,
} from '../db/schema';
import { demoPassword, demoPasswordHash } from './demo-password';
import { finishFirstMember, firstMemberPicks, type FirstMemberState } from './first-member.seed';
import { seedLearning, type LearnerPlan, type Reach } from './learning.seed';
import { backdateParticipants } from './participants-history.seed';

/** Every demo participant signs in with `pesertaN@ajar.test` (N = 1..count) and this password. */
export const demoMemberPassword = demoPassword;
export const demoMemberCount = 300;
export const demoMemberEmail = (n: number) => `peserta${n}@ajar.test`;

const firstNames = [
  'Ahmad',
  'Siti',
  'Rizky',
  'Putri',
  'Dedi',
  'Nur',
  'Agus',
  'Fitri',
  'Yusuf',
  'Indah',
  'Hendra',
  'Ratna',
  'Fajar',
  'Lina',
  'Bambang',
  'Wulan',
  'Eko',
  'Mega',
  'Arif',
  'Dian',
];
const lastNames = [
  'Fauzi',
  'Nurhaliza',
  'Ramadhan',
  'Lestari',
  'Kurniawan',
  'Aini',
  'Setiawan',
  'Handayani',
  'Maulana',
  'Permatasari',
  'Gunawan',
  'Sari',
  'Nugroho',
  'Marlina',
  'Sutrisno',
  'Prasetyo',
  'Puspita',
  'Hidayat',
  'Susilo',
  'Wibowo',
];

export const demoResellers = [
  {
    fullname: 'Hendro Wijaya',
    email: 'hendro.mitra@ajar.test',
    phone: '6281311110001',
    referral_code: 'JKTMITRA01',
    meta: {
      gift: 'false',
      domicile: 'Jakarta Selatan',
      whatsapp_number: '6281311110001',
      commission_provider: 'BCA',
    },
  },
  {
    fullname: 'Sri Mulyani Rahayu',
    email: 'sri.rahayu@ajar.test',
    phone: '6281311110002',
    referral_code: 'BDGAKSI22',
    meta: {
      gift: 'false',
      domicile: 'Bandung',
      whatsapp_number: '6281311110002',
      commission_provider: 'GoPay',
    },
  },
  {
    fullname: 'Taufik Hidayat',
    email: 'taufik.maju@ajar.test',
    phone: '6281311110003',
    referral_code: 'SBYMAJU03',
    meta: {
      gift: 'false',
      domicile: 'Surabaya',
      whatsapp_number: '6281311110003',
      commission_provider: 'OVO',
    },
  },
];

/** A small deterministic generator: the demo looks the same on every fresh database. */
function generator(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * n);
  };
}

/**
 * How far the n-th redemption goes: of every 33 redemptions one finishes the program, one stops
 * somewhere along it, four did the opening steps (the pre-test and a little more) and the rest
 * have not started, which shows every state (0, part, 100 with an end date; scores; work to
 * grade) in the proportions of a running catalogue.
 */
export function reachOf(index: number): Reach {
  const slot = index % 33;
  if (slot === 0) return 'done';
  if (slot === 16) return 'deep';
  if ([4, 10, 22, 28].includes(slot)) return 'started';
  return 'none';
}

type Staff = { id: string; role: RoleKey };

async function staffAccounts(db: Db) {
  const [admin] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.email, 'admin@ajar.test'))
    .limit(1);
  if (!admin) throw new Error('the participants seed needs the users seed first');
  return { admin: admin as Staff };
}

/** Published programs (oldest first) with the trainer who grades each (else the admin). */
async function joinablePrograms(db: Db, admin: Staff) {
  const rows = await db
    .select({ id: programs.id, title: programs.title, created_at: programs.created_at })
    .from(programs)
    .where(eq(programs.status, 'publish'))
    .orderBy(asc(programs.created_at));
  const trainers = await db
    .select({ program_id: programFacilitators.program_id, id: users.id, role: users.role })
    .from(programFacilitators)
    .innerJoin(users, eq(users.id, programFacilitators.user_id))
    .where(and(isNotNull(programFacilitators.user_id), eq(users.role, 'trainer')))
    .orderBy(asc(programFacilitators.seq));
  const graders = new Map<string, Staff>();
  for (const t of trainers) if (!graders.has(t.program_id)) graders.set(t.program_id, t as Staff);
  for (const p of rows) if (!graders.has(p.id)) graders.set(p.id, admin);
  return { list: rows, graders };
}

/** A redemption the seed decided on; made through the service or in bulk (see below). */
interface PendingRedeem {
  n: number;
  program: { id: string; title: string };
  license: string;
  /** The reseller the voucher was issued for, else null. */
  voucherReseller: string | null;
  pmo_code: string;
  referral_code: string | undefined;
  reach: Reach;
  skill: number;
  state: FirstMemberState | undefined;
}

/**
 * Redemptions in two statements: the rows `redeemVoucher` writes (the redemption, with the
 * reseller of the voucher or else of the referral code, and the voucher claimed by it). Its
 * throttle row is made and removed within a redeem, so none is left.
 */
async function insertRedeems(
  db: Db,
  pending: (PendingRedeem & { memberId: string })[],
  resellerByCode: Map<string, string>,
): Promise<Map<string, string>> {
  if (pending.length === 0) return new Map();
  const rows = await db
    .insert(memberRedeems)
    .values(
      pending.map((r) => {
        const resellerId =
          r.voucherReseller ??
          (r.referral_code ? (resellerByCode.get(r.referral_code) ?? null) : null);
        return {
          member_id: r.memberId,
          program_id: r.program.id,
          reseller_id: resellerId,
          license: r.license,
          pmo_code: r.pmo_code,
          meta: resellerId ? { gift: 'false' } : {},
        };
      }),
    )
    .returning({ id: memberRedeems.id, license: memberRedeems.license });
  const ids = new Map(rows.map((r) => [r.license, r.id]));
  await db.execute(sql`update vouchers v set member_redeem_id = c.redeem_id,
      redeemed_at = now(), updated_at = now()
    from unnest(${sql.param([...ids.keys()])}::text[], ${sql.param([...ids.values()])}::uuid[])
      as c(code, redeem_id)
    where v.code = c.code and v.redeemed_at is null`);
  return ids;
}

/**
 * The demo participants: staff issue voucher batches for every published program through the
 * voucher service (one batch for a reseller), members register, redeem a voucher (some with a
 * reseller's referral code), then learn by the member API's rules with
 * varied reach (none, part, all) and quiz answers, upload practice work, and some of it is graded.
 * The walk's timestamps are then spread over the past weeks (see `backdateParticipants`).
 *
 * Member 1 registers through `registerMember` itself and redeems through `redeemVoucher`; the
 * other members and their redemptions are inserted in bulk with the rows those services write, the
 * walk is decided in memory and written in bulk (`seedLearning`), and every demo account shares
 * the demo password's one hash (`demoPasswordHash`): the first start stays within seconds
 *. All sign in with `demoMemberPassword`.
 */
export async function seedParticipants(db: Db, storage?: Storage) {
  const rand = generator(628);
  const code = (length: number) =>
    Array.from({ length }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[rand(32)]).join('');
  const store =
    storage ??
    (await (async () => {
      const created = createStorage(loadConfig());
      await created.prepare();
      return created;
    })());
  const { admin } = await staffAccounts(db);
  const passwordHash = await demoPasswordHash();
  const resellerRows = await db
    .insert(resellers)
    .values(demoResellers.map((r) => ({ ...r, status: 'active', password_hash: passwordHash })))
    .returning({ id: resellers.id, referral_code: resellers.referral_code });
  const programList = await joinablePrograms(db, admin);
  if (programList.list.length === 0) return { members: 0, resellers: resellerRows.length };

  // Codes the staff issued: a plain batch per program and a batch for one reseller.
  const pools = new Map<string, { plain: string[]; reseller: string[]; resellerId: string }>();
  for (const [i, program] of programList.list.entries()) {
    const resellerId = resellerRows[i % resellerRows.length]!.id;
    const plain = await generateVouchers({ db }, admin, program.id, { count: 100 });
    const forReseller = await generateVouchers({ db }, admin, program.id, {
      count: 20,
      reseller_id: resellerId,
    });
    pools.set(program.id, {
      plain: plain.codes.sort(),
      reseller: forReseller.codes.sort(),
      resellerId,
    });
  }

  const firstPicks = await firstMemberPicks(db, programList.list);
  // Who registers and what they redeem, decided first (the generator's order fixes the demo).
  const profiles = [];
  const pending: PendingRedeem[] = [];
  for (let n = 1; n <= demoMemberCount; n += 1) {
    const fullname = `${firstNames[(n - 1) % firstNames.length]} ${
      lastNames[Math.floor((n - 1) / firstNames.length + n) % lastNames.length]
    }`;
    profiles.push({
      fullname,
      email: demoMemberEmail(n),
      phone: `628${1 + rand(9)}${String(10_000_000 + rand(89_999_999))}`,
      date_of_birth: `${1975 + rand(30)}-${String(1 + rand(12)).padStart(2, '0')}-${String(1 + rand(28)).padStart(2, '0')}`,
    });

    // One program for most, two for every tenth member.
    const wanted = n % 10 === 0 ? 2 : 1;
    const picks = new Set<number>(n === 1 ? firstPicks.keys() : []);
    while (n > 1 && picks.size < Math.min(wanted, programList.list.length)) {
      picks.add((n + rand(programList.list.length)) % programList.list.length);
    }
    for (const index of picks) {
      const program = programList.list[index]!;
      const pool = pools.get(program.id)!;
      const fromReseller = rand(8) === 0 && pool.reseller.length > 0;
      const license = (fromReseller ? pool.reseller : pool.plain).shift();
      if (!license) continue;
      const referral = !fromReseller && rand(3) === 0;
      const pmo_code = `PMO${code(8)}`;
      const referral_code = referral
        ? resellerRows[rand(resellerRows.length)]!.referral_code
        : undefined;
      // Participant 1's programs each show one state of the learner app (first-member.seed.ts).
      const state = n === 1 ? firstPicks.get(index) : undefined;
      const reach = state?.reach ?? reachOf(pending.length);
      pending.push({
        n,
        program,
        license,
        voucherReseller: fromReseller ? pool.resellerId : null,
        pmo_code,
        referral_code,
        reach,
        skill: state ? 1 : 0.35 + rand(66) / 100,
        state,
      });
    }
  }

  // Member 1 through the service (its scrypt hash runs on the thread pool meanwhile), the rest
  // in one insert.
  const [first, others] = await Promise.all([
    registerMember(
      // No push token: the allow-list of push services is never read.
      {
        db,
        log: { warn: () => undefined, error: () => undefined },
        config: { PUSH_SERVICE_HOSTS: [] },
      },
      // No verification mail: the demo participants' addresses count as verified.
      null,
      { ...profiles[0]!, password: demoMemberPassword, consent: true },
      // The seed is no client: one registration, counted on the loopback address.
      '127.0.0.1',
    ),
    db
      .insert(members)
      .values(
        profiles
          .slice(1)
          .map((p) => ({ ...p, password_hash: passwordHash, email_verified_at: new Date() })),
      )
      .returning({ id: members.id, email: members.email }),
  ]);
  await markEmailVerified(db, first.member.id);
  const memberIds = new Map(others.map((m) => [m.email, m.id]));
  memberIds.set(profiles[0]!.email, first.member.id);
  const withIds = pending.map((r) => ({ ...r, memberId: memberIds.get(demoMemberEmail(r.n))! }));

  const redeemIds = await insertRedeems(
    db,
    withIds.filter((r) => r.n !== 1),
    new Map(resellerRows.map((r) => [r.referral_code, r.id])),
  );
  const plans: LearnerPlan[] = [];
  for (const r of withIds) {
    const redeemId =
      r.n !== 1
        ? redeemIds.get(r.license)!
        : (
            await redeemVoucher(
              db,
              { id: r.memberId },
              { license: r.license, pmo_code: r.pmo_code, referral_code: r.referral_code },
            )
          ).id;
    plans.push({
      memberId: r.memberId,
      fullname: profiles[r.n - 1]!.fullname,
      redeemId,
      programId: r.program.id,
      programTitle: r.program.title,
      reach: r.reach,
      skill: r.skill,
      ...r.state,
    });
  }

  const learning = await seedLearning({ db, storage: store }, plans, programList.graders, rand);
  await backdateParticipants(db, plans, programList.list, rand);
  await finishFirstMember(
    db,
    plans.filter((p) => p.memberId === plans[0]?.memberId),
  );
  await db.execute(sql`analyze member_redeems`);
  return {
    members: demoMemberCount,
    resellers: resellerRows.length,
    redeems: plans.length,
    ...learning,
  };
}
