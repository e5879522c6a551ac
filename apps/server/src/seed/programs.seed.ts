import { asc, eq, inArray } from 'drizzle-orm';
import type { ProgramStatus, ProgramType } from '@ajar/shared/programs/programs.constants';
import type { Db } from '../db/client';
import { programFacilitators, programs, studies, topics, users } from '../db/schema';

interface DemoFacilitator {
  name: string;
  description: string;
  /** Links the facilitator to this staff account (assigns the trainer, DESIGN §4). */
  account?: string;
}

interface DemoProgram {
  title: string;
  type: ProgramType;
  study: string;
  status: ProgramStatus;
  benefits: string;
  competence: string[];
  selling_price: number;
  discount_price: number | null;
  is_free: boolean;
  is_prakerja: boolean;
  selling_link: { title: string; url: string }[];
  facilitators: DemoFacilitator[];
  topics: string[];
}

const trainerEmail = 'trainer@ajar.test';
const secondTrainerEmail = 'dewi.lestari@ajar.test';

const budi: DemoFacilitator = {
  name: 'Budi Santoso',
  description:
    '<p>Praktisi pemasaran digital dan komunikasi selama 10 tahun, pendamping ratusan UMKM di Jawa Barat.</p>',
  account: trainerEmail,
};
const dewi: DemoFacilitator = {
  name: 'Dewi Lestari',
  description:
    '<p>Pengembang perangkat lunak dan pengajar analisis data; lulusan Teknik Informatika ITB.</p>',
  account: secondTrainerEmail,
};

const prakerjaLinks = (slug: string) => [
  { title: 'Tokopedia', url: `https://www.tokopedia.com/ajar/${slug}` },
  { title: 'Pintaria', url: `https://pintaria.com/ajar/${slug}` },
];

/** The demo catalogue: realistic Indonesian programs, mostly published. */
export const demoPrograms: DemoProgram[] = [
  {
    title: 'Digital Marketing untuk UMKM',
    type: 'online',
    study: 'Strategi Marketing',
    status: 'publish',
    benefits:
      '<p>Pelatihan ini membekali pelaku UMKM untuk memasarkan produk secara daring.</p><ul><li>Menyusun strategi konten media sosial</li><li>Mengelola iklan berbayar dengan anggaran kecil</li><li>Membaca data penjualan marketplace</li></ul>',
    competence: [
      'Menyusun rencana pemasaran digital',
      'Membuat konten media sosial yang menarik',
      'Mengelola iklan digital berbayar',
    ],
    selling_price: 350000,
    discount_price: 750000,
    is_free: false,
    is_prakerja: true,
    selling_link: prakerjaLinks('digital-marketing-umkm'),
    facilitators: [budi, { name: 'Rina Wulandari', description: '<p>Konsultan e-commerce.</p>' }],
    topics: [
      'Pengenalan Pemasaran Digital',
      'Riset Pasar dan Persona Pelanggan',
      'Strategi Konten Media Sosial',
      'Iklan Berbayar di Marketplace',
      'Evaluasi dan Analisis Kampanye',
    ],
  },
  {
    title: 'Bahasa Inggris untuk Persiapan Kerja',
    type: 'online',
    study: 'Bahasa Asing/Inggris',
    status: 'publish',
    benefits:
      '<p>Kuasai bahasa Inggris yang dipakai saat melamar dan bekerja: surat lamaran, wawancara, dan email kantor.</p>',
    competence: [
      'Menulis surat lamaran dalam bahasa Inggris',
      'Menjawab pertanyaan wawancara kerja',
      'Menulis email profesional',
    ],
    selling_price: 299000,
    discount_price: 600000,
    is_free: false,
    is_prakerja: true,
    selling_link: prakerjaLinks('bahasa-inggris-kerja'),
    facilitators: [
      budi,
      {
        name: 'Maria Magdalena Siregar',
        description: '<p>Pengajar bahasa Inggris bersertifikat TESOL.</p>',
      },
    ],
    topics: [
      'Grammar Dasar untuk Dunia Kerja',
      'Menulis CV dan Surat Lamaran',
      'Simulasi Wawancara Kerja',
      'Email dan Komunikasi Kantor',
    ],
  },
  {
    title: 'Dasar Pemrograman Python',
    type: 'online',
    study: 'Teknologi Informasi',
    status: 'publish',
    benefits:
      '<p>Belajar logika pemrograman dengan Python dari nol hingga mampu membuat program pengolah data sederhana.</p>',
    competence: [
      'Menulis program Python dengan struktur kontrol',
      'Mengolah data dengan list dan dictionary',
      'Membaca dan menulis berkas CSV',
    ],
    selling_price: 450000,
    discount_price: 900000,
    is_free: false,
    is_prakerja: true,
    selling_link: prakerjaLinks('python-dasar'),
    facilitators: [dewi],
    topics: [
      'Instalasi dan Pengenalan Python',
      'Variabel dan Tipe Data',
      'Percabangan dan Perulangan',
      'Fungsi dan Modul',
      'Mengolah Data CSV',
      'Proyek Akhir',
    ],
  },
  {
    title: 'Budidaya Ikan Lele Bioflok',
    type: 'hybrid',
    study: 'Pertanian & Peternakan',
    status: 'publish',
    benefits:
      '<p>Panduan praktis budidaya lele sistem bioflok untuk lahan sempit, dari persiapan kolam hingga panen.</p>',
    competence: [
      'Menyiapkan kolam bioflok',
      'Mengelola kualitas air dan pakan',
      'Menghitung analisis usaha budidaya',
    ],
    selling_price: 250000,
    discount_price: 500000,
    is_free: false,
    is_prakerja: false,
    selling_link: [{ title: 'Website Ajar', url: 'https://ajar.test/program/lele-bioflok' }],
    facilitators: [
      {
        name: 'Slamet Riyadi',
        description: '<p>Pembudidaya lele bioflok di Boyolali sejak 2015.</p>',
      },
    ],
    topics: [
      'Persiapan Kolam Bioflok',
      'Pemilihan Benih dan Penebaran',
      'Manajemen Pakan dan Kualitas Air',
      'Panen dan Pemasaran',
    ],
  },
  {
    title: 'Public Speaking dan Presentasi Efektif',
    type: 'online',
    study: 'Pengembangan Diri',
    status: 'publish',
    benefits:
      '<p>Tampil percaya diri di depan umum: menyusun materi, mengolah suara, dan menguasai panggung.</p>',
    competence: [
      'Menyusun struktur presentasi',
      'Mengelola rasa gugup',
      'Menggunakan bahasa tubuh yang efektif',
    ],
    selling_price: 0,
    discount_price: null,
    is_free: true,
    is_prakerja: false,
    selling_link: [],
    facilitators: [budi],
    topics: ['Mengenali Audiens', 'Menyusun Materi Presentasi', 'Teknik Vokal dan Bahasa Tubuh'],
  },
  {
    title: 'Barista dan Manajemen Kedai Kopi',
    type: 'offline',
    study: 'Kuliner',
    status: 'draft',
    benefits:
      '<p>Dari biji kopi hingga kedai yang menguntungkan: teknik seduh manual, espresso, dan pengelolaan usaha.</p>',
    competence: [
      'Menyeduh kopi manual brew',
      'Mengoperasikan mesin espresso',
      'Menghitung harga pokok penjualan minuman',
    ],
    selling_price: 1200000,
    discount_price: 1500000,
    is_free: false,
    is_prakerja: false,
    selling_link: [{ title: 'Website Ajar', url: 'https://ajar.test/program/barista' }],
    facilitators: [
      {
        name: 'Andi Pratama',
        description: '<p>Head barista dan pemilik kedai kopi di Bandung.</p>',
      },
    ],
    topics: [
      'Mengenal Biji Kopi Nusantara',
      'Teknik Seduh Manual',
      'Espresso dan Minuman Berbasis Susu',
      'Manajemen Kedai Kopi',
      'Perhitungan Harga dan Promosi',
    ],
  },
  {
    title: 'Excel untuk Administrasi Perkantoran',
    type: 'online',
    study: 'Persiapan Kerja',
    status: 'draft',
    benefits:
      '<p>Mengolah data administrasi kantor dengan Microsoft Excel: rumus, tabel pivot, dan laporan.</p>',
    competence: [
      'Menggunakan rumus dan fungsi Excel',
      'Membuat tabel pivot',
      'Menyusun laporan administrasi',
    ],
    selling_price: 200000,
    discount_price: 450000,
    is_free: false,
    is_prakerja: true,
    selling_link: prakerjaLinks('excel-administrasi'),
    facilitators: [dewi],
    topics: ['Dasar-dasar Excel', 'Rumus dan Fungsi', 'Tabel Pivot dan Grafik', 'Laporan Bulanan'],
  },
  {
    title: 'Fotografi Produk dengan Smartphone',
    type: 'online',
    study: 'Strategi Marketing',
    status: 'archive',
    benefits:
      '<p>Foto produk yang menjual hanya dengan smartphone: pencahayaan, komposisi, dan penyuntingan.</p>',
    competence: ['Mengatur pencahayaan foto produk', 'Menyunting foto dengan aplikasi gratis'],
    selling_price: 150000,
    discount_price: 300000,
    is_free: false,
    is_prakerja: false,
    selling_link: [],
    facilitators: [
      { name: 'Yoga Permana', description: '<p>Fotografer komersial untuk brand lokal.</p>' },
    ],
    topics: ['Pencahayaan Alami dan Buatan', 'Komposisi dan Properti', 'Penyuntingan Foto'],
  },
];

const day = 24 * 60 * 60 * 1000;

/**
 * The demo programs with their facilitators and topics. Expects the users and studies seeds to
 * have run; a facilitator whose account is missing is seeded without the link.
 */
export async function seedPrograms(db: Db) {
  const studyRows = await db.select({ id: studies.id, title: studies.title }).from(studies);
  const studyId = new Map(studyRows.map((s) => [s.title, s.id]));
  const accounts = [
    ...new Set(demoPrograms.flatMap((p) => p.facilitators.flatMap((f) => f.account ?? []))),
  ];
  const accountRows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, accounts));
  const accountId = new Map(accountRows.map((u) => [u.email, u.id]));
  const adminRow = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'admin@ajar.test'));

  const now = Date.now();
  return db.transaction(async (tx) => {
    const created: { id: string; title: string; status: ProgramStatus }[] = [];
    for (const [i, p] of demoPrograms.entries()) {
      // Older programs first, so "newest first" lists the catalogue in a natural order.
      const createdAt = new Date(now - (demoPrograms.length - i) * 9 * day);
      const [row] = await tx
        .insert(programs)
        .values({
          title: p.title,
          type: p.type,
          program_benefits: p.benefits,
          study_id: studyId.get(p.study) ?? null,
          competence: p.competence,
          selling_price: p.selling_price,
          discount_price: p.discount_price,
          selling_link: p.selling_link,
          status: p.status,
          is_free: p.is_free,
          is_prakerja: p.is_prakerja,
          created_by: adminRow[0]?.id ?? null,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning({ id: programs.id, title: programs.title, status: programs.status });
      const program = row!;
      created.push(program);
      await tx.insert(programFacilitators).values(
        p.facilitators.map((f, j) => ({
          program_id: program.id,
          name: f.name,
          description: f.description,
          user_id: f.account ? (accountId.get(f.account) ?? null) : null,
          seq: j + 1,
        })),
      );
      await tx.insert(topics).values(
        p.topics.map((name, j) => ({
          program_id: program.id,
          name,
          seq: j + 1,
          status: 'publish' as const,
        })),
      );
    }
    return created;
  });
}

/**
 * The seeded topics with their program, in catalogue then seq order: what later seeds (activities,
 * discussions) fill.
 */
export async function seededTopics(db: Db) {
  return db
    .select({
      program_id: programs.id,
      program_title: programs.title,
      program_status: programs.status,
      topic_id: topics.id,
      topic_name: topics.name,
      seq: topics.seq,
    })
    .from(topics)
    .innerJoin(programs, eq(programs.id, topics.program_id))
    .where(
      inArray(
        programs.title,
        demoPrograms.map((p) => p.title),
      ),
    )
    .orderBy(asc(programs.created_at), asc(topics.seq));
}
