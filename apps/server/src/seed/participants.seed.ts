import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { RoleKey } from '@ajar/shared/common/roles';
import { loadConfig } from '../config';
import { createStorage, type Storage } from '../lib/storage';
import { hashPassword } from '../lib/tokens';
import { registerMember } from '../modules/members/member-auth.service';
import { insertMember } from '../modules/members/members.repository';
import { redeemVoucher } from '../modules/members/redeem.service';
import { generateVouchers } from '../modules/vouchers/vouchers.service';
import type { Db } from '../db/client';
import { programFacilitators, programs, resellers, users } from '../db/schema';
import { finishFirstMember, firstMemberPicks } from './first-member.seed';
import { seedLearning, type LearnerPlan, type Reach } from './learning.seed';
import { backdateParticipants } from './participants-history.seed';

/** Every demo participant signs in with `pesertaN@ajar.test` (N = 1..count) and this password. */
export const demoMemberPassword = 'Rahasia123';
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
 * How far the n-th redemption goes. Each step is a real service call (a quiz attempt, start and
 * submit, is some thirty queries), so the seed's time grows with the steps: of every 33
 * redemptions one finishes the program, one stops somewhere along it, four did the opening steps
 * (the pre-test and a little more) and the rest have not started, which keeps the first start
 * quick and still shows every state (0, part, 100 with an end date; scores; work to grade).
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

/**
 * The demo participants, made by the same service functions as the member API and the staff
 * screens: staff issue voucher batches for every published program (one batch for a reseller),
 * members register, redeem a voucher (some with a reseller's referral code), then learn with
 * varied reach (none, part, all) and quiz answers, upload practice work, and some of it is graded.
 * The walk's timestamps are then spread over the past weeks (see `backdateParticipants`).
 *
 * Member 1 registers through `registerMember` itself; the others are inserted by the repository
 * function it uses with one password hash computed once: 300 scrypt runs at N = 2^17 (~0.3 s
 * each) would add a minute and a half to every first start for nothing. All sign in with
 * `demoMemberPassword`.
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
  const passwordHash = await hashPassword(demoMemberPassword);
  const resellerRows = await db
    .insert(resellers)
    .values(demoResellers.map((r) => ({ ...r, status: 'active', password_hash: passwordHash })))
    .returning({ id: resellers.id, referral_code: resellers.referral_code });
  const programList = await joinablePrograms(db, admin);
  if (programList.list.length === 0) return { members: 0, resellers: resellerRows.length };

  // Codes the staff issued: a plain batch per program and a batch for one reseller.
  const pools = new Map<string, { plain: string[]; reseller: string[] }>();
  for (const [i, program] of programList.list.entries()) {
    const plain = await generateVouchers({ db }, admin, program.id, { count: 100 });
    const forReseller = await generateVouchers({ db }, admin, program.id, {
      count: 20,
      reseller_id: resellerRows[i % resellerRows.length]!.id,
    });
    pools.set(program.id, { plain: plain.codes.sort(), reseller: forReseller.codes.sort() });
  }

  const firstPicks = await firstMemberPicks(db, programList.list);
  const plans: LearnerPlan[] = [];
  for (let n = 1; n <= demoMemberCount; n += 1) {
    const fullname = `${firstNames[(n - 1) % firstNames.length]} ${
      lastNames[Math.floor((n - 1) / firstNames.length + n) % lastNames.length]
    }`;
    const profile = {
      fullname,
      email: demoMemberEmail(n),
      phone: `628${1 + rand(9)}${String(10_000_000 + rand(89_999_999))}`,
      date_of_birth: `${1975 + rand(30)}-${String(1 + rand(12)).padStart(2, '0')}-${String(1 + rand(28)).padStart(2, '0')}`,
    };
    const memberId =
      n === 1
        ? (
            await registerMember(
              { db, log: { warn: () => undefined } },
              { ...profile, password: demoMemberPassword },
              // The seed is no client: one registration, counted on the loopback address.
              '127.0.0.1',
            )
          ).member.id
        : (await insertMember(db, { ...profile, password_hash: passwordHash }))!.id;

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
      const redeemed = await redeemVoucher(
        db,
        { id: memberId },
        {
          license,
          pmo_code: `PMO${code(8)}`,
          referral_code: referral
            ? resellerRows[rand(resellerRows.length)]!.referral_code
            : undefined,
        },
      );
      const state = n === 1 ? firstPicks.get(index) : undefined;
      plans.push({
        memberId,
        fullname,
        redeemId: redeemed.id,
        programId: program.id,
        programTitle: program.title,
        reach: reachOf(plans.length),
        skill: state ? 1 : 0.35 + rand(66) / 100,
        ...state,
      });
    }
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
