import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { memberRedeems, members, programs, resellers } from '../schema';
import { hashPassword } from '../../lib/tokens';

const memberNames = [
  'Ahmad Fauzi',
  'Siti Nurhaliza',
  'Rizky Ramadhan',
  'Putri Ayu Lestari',
  'Dedi Kurniawan',
  'Nur Aini',
  'Agus Setiawan',
  'Fitri Handayani',
  'Yusuf Maulana',
  'Indah Permatasari',
  'Hendra Gunawan',
  'Ratna Sari Dewi',
  'Fajar Nugroho',
  'Lina Marlina',
  'Bambang Sutrisno',
  'Wulan Dari',
  'Eko Prasetyo',
  'Mega Puspita',
  'Arif Hidayat',
  'Dian Sastrowardoyo',
  'Joko Susilo',
  'Ayu Kartika',
  'Teguh Wibowo',
  'Nia Ramadhani',
  'Irfan Hakim',
  'Sri Wahyuni',
  'Bayu Saputra',
  'Rahmawati Putri',
  'Andi Firmansyah',
  'Lestari Handayani',
  'Gilang Dirga',
  'Novi Anggraini',
  'Hadi Purnomo',
  'Anisa Rahma',
  'Reza Pahlevi',
  'Tuti Alawiyah',
  'Yogi Saputra',
  'Kartika Sari',
  'Imam Syafii',
  'Melati Suryani',
];

const cities = ['Jakarta', 'Bandung', 'Surabaya', 'Medan', 'Yogyakarta', 'Makassar', 'Semarang'];

const demoResellers = [
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
    return state % n;
  };
}

const codeChars = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * Demo participants (members with Indonesian names and 628… numbers), three resellers with
 * referral codes, and redemptions spread over the published programs. Runs after the programs
 * seed.
 */
export async function seedParticipants(db: Db) {
  const rand = generator(628);
  const code = (length: number) =>
    Array.from({ length }, () => codeChars[rand(codeChars.length)]).join('');
  // One hash for every demo account (seed data only, never in production): 43 scrypt runs
  // would slow the first start for nothing.
  const passwordHash = await hashPassword('Rahasia123');
  const now = Date.now();
  const day = 24 * 60 * 60 * 1000;

  return db.transaction(async (tx) => {
    const memberRows = await tx
      .insert(members)
      .values(
        memberNames.map((fullname, i) => {
          const local = fullname.toLowerCase().replace(/[^a-z]+/g, '.');
          const year = 1975 + rand(30);
          const month = String(1 + rand(12)).padStart(2, '0');
          const date = String(1 + rand(28)).padStart(2, '0');
          return {
            fullname,
            email: `${local}${i + 1}@contoh.id`,
            phone: `628${1 + rand(9)}${String(10_000_000 + rand(89_999_999))}`,
            date_of_birth: `${year}-${month}-${date}`,
            password_hash: passwordHash,
            meta: {
              code: `PST${String(i + 1).padStart(4, '0')}`,
              city: cities[rand(cities.length)],
            },
            last_seen_at: rand(4) === 0 ? new Date(now - rand(50) * 60 * 1000) : null,
          };
        }),
      )
      .returning({ id: members.id });

    const resellerRows = await tx
      .insert(resellers)
      .values(demoResellers.map((r) => ({ ...r, status: 'active', password_hash: passwordHash })))
      .returning({ id: resellers.id });

    const published = await tx
      .select({ id: programs.id, created_at: programs.created_at })
      .from(programs)
      .where(eq(programs.status, 'publish'));

    const licenses = new Set<string>();
    const redeems: (typeof memberRedeems.$inferInsert)[] = [];
    for (const [i, member] of memberRows.entries()) {
      // Every member redeems one to three different published programs.
      const picks = new Set<number>();
      const wanted = Math.min(1 + rand(3), published.length);
      while (picks.size < wanted) picks.add((i + rand(published.length)) % published.length);
      for (const index of picks) {
        const program = published[index]!;
        let license: string;
        do license = `AJR-${code(4)}-${code(4)}`;
        while (licenses.has(license));
        licenses.add(license);
        const daysAgo = rand(40);
        const createdAt = new Date(
          Math.max(program.created_at.getTime(), now - daysAgo * day - rand(day)),
        );
        const roll = rand(10);
        // 0..2 not started, 3..6 in progress, 7..9 completed.
        const progress = roll < 3 ? 0 : roll < 7 ? 10 + rand(80) : 100;
        const hour = 60 * 60 * 1000;
        // Dates never lie in the future: started after the redeem, finished after the start.
        const started =
          progress > 0
            ? new Date(Math.min(createdAt.getTime() + rand(2 * day), now - 2 * hour))
            : null;
        const ended =
          progress === 100 && started
            ? new Date(
                Math.max(
                  started.getTime() + hour,
                  Math.min(started.getTime() + (3 + rand(20)) * day, now - hour),
                ),
              )
            : null;
        const reseller = rand(2) === 0 ? resellerRows[rand(resellerRows.length)] : undefined;
        redeems.push({
          member_id: member.id,
          program_id: program.id,
          reseller_id: reseller?.id ?? null,
          license,
          pmo_code: `PMO${code(8)}`,
          progress,
          meta: reseller ? { gift: rand(4) === 0 ? 'true' : 'false' } : {},
          start_test_at: started,
          end_test_at: ended,
          created_at: createdAt,
          updated_at: createdAt,
        });
      }
    }
    if (redeems.length > 0) await tx.insert(memberRedeems).values(redeems);
    return { members: memberRows.length, resellers: resellerRows.length, redeems: redeems.length };
  });
}
