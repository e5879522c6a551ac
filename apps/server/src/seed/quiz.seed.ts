import { and, asc, eq, inArray, notExists } from 'drizzle-orm';
import { quizActivityTypes } from '@ajar/shared/activities/activities.constants';
import { questionInputSchema, type QuestionInput } from '@ajar/shared/quiz/quiz.schemas';
import { cloneQuestionPackets } from '../modules/quiz/quiz-copy.service';
import type { Db, DbOrTx } from '../db/client';
import {
  activities,
  programs,
  questionGroups,
  questionPackets,
  questions,
  quizSections,
} from '../db/schema';

type Mc = [question: string, correct: string, wrong: string[], explanation: string];

/** Multiple-choice questions per program (matched on a word of its title), then a general set. */
const banks: { match: RegExp; questions: Mc[] }[] = [
  {
    match: /marketing/i,
    questions: [
      [
        'Apa kepanjangan dari <strong>UMKM</strong>?',
        'Usaha Mikro, Kecil, dan Menengah',
        ['Usaha Milik Kota dan Masyarakat', 'Unit Mandiri Koperasi Masyarakat'],
        'UMKM adalah Usaha Mikro, Kecil, dan Menengah.',
      ],
      [
        'Metrik apa yang menunjukkan persentase pengunjung yang melakukan pembelian?',
        'Conversion rate',
        ['Bounce rate', 'Impression', 'Reach'],
        'Conversion rate membandingkan jumlah pembeli dengan jumlah pengunjung.',
      ],
      [
        'Konten yang paling cocok untuk membangun kepercayaan calon pembeli adalah …',
        'Testimoni pelanggan',
        ['Iklan diskon setiap hari', 'Foto produk tanpa keterangan'],
        'Testimoni adalah bukti sosial dari pembeli sebelumnya.',
      ],
      [
        'Fitur Instagram untuk menjadwalkan dan mengukur iklan adalah …',
        'Meta Ads Manager',
        ['Google Docs', 'WhatsApp Status'],
        'Iklan Instagram dikelola lewat Meta Ads Manager.',
      ],
    ],
  },
  {
    match: /inggris/i,
    questions: [
      [
        'Pilih kalimat perkenalan yang paling tepat untuk wawancara kerja.',
        'I am a graduate of accounting with two years of experience.',
        ['Me graduate accounting two year.', 'I graduating accounting since two years.'],
        'Kalimat pertama lengkap dan memakai tenses yang benar.',
      ],
      [
        'Arti dari "deadline" adalah …',
        'Batas waktu',
        ['Garis akhir lomba', 'Jam istirahat'],
        'Deadline berarti batas waktu penyelesaian.',
      ],
      [
        'Bentuk lampau dari "write" adalah …',
        'Wrote',
        ['Writed', 'Written'],
        '"Wrote" adalah simple past; "written" adalah past participle.',
      ],
    ],
  },
  {
    match: /python/i,
    questions: [
      [
        'Apa hasil dari <code>len([1, 2, 3])</code> di Python?',
        '3',
        ['2', '6', 'Error'],
        'len() menghitung jumlah elemen list.',
      ],
      [
        'Kata kunci untuk membuat fungsi di Python adalah …',
        'def',
        ['function', 'func', 'lambda()'],
        'Fungsi dibuat dengan kata kunci def.',
      ],
      [
        'Tipe data untuk menyimpan pasangan kunci dan nilai adalah …',
        'dict',
        ['list', 'tuple', 'set'],
        'dict menyimpan pasangan key dan value.',
      ],
    ],
  },
  {
    match: /lele/i,
    questions: [
      [
        'Fungsi utama bakteri pada sistem bioflok adalah …',
        'Mengubah amonia menjadi pakan alami',
        ['Memberi warna pada air', 'Menaikkan suhu kolam'],
        'Bakteri heterotrof mengolah amonia menjadi flok yang dimakan ikan.',
      ],
      [
        'Sumber karbon yang umum ditambahkan pada kolam bioflok adalah …',
        'Molase',
        ['Garam dapur', 'Kapur tohor'],
        'Molase menjadi sumber karbon bagi bakteri.',
      ],
      [
        'Alat yang wajib menyala terus pada kolam bioflok adalah …',
        'Aerator',
        ['Lampu UV', 'Pemanas air'],
        'Aerasi menjaga oksigen dan flok tetap melayang.',
      ],
    ],
  },
  {
    match: /public speaking|presentasi/i,
    questions: [
      [
        'Bagian pembuka presentasi sebaiknya berisi …',
        'Tujuan dan gambaran isi presentasi',
        ['Kesimpulan akhir', 'Daftar pustaka'],
        'Pembuka memberi arah kepada audiens.',
      ],
      [
        'Cara terbaik mengatasi gugup sebelum tampil adalah …',
        'Berlatih dan mengatur napas',
        ['Membaca seluruh teks dari slide', 'Menghindari kontak mata'],
        'Latihan dan pernapasan menenangkan tubuh.',
      ],
      [
        'Jumlah ide utama yang ideal dalam satu slide adalah …',
        'Satu',
        ['Lima', 'Sepuluh'],
        'Satu ide per slide memudahkan audiens mengikuti.',
      ],
    ],
  },
];

const general: Mc[] = [
  [
    'Langkah pertama yang tepat sebelum memulai sebuah pekerjaan adalah …',
    'Menyusun rencana kerja',
    ['Langsung mengerjakan tanpa rencana', 'Menunggu instruksi berikutnya'],
    'Rencana kerja membantu mengatur waktu dan sumber daya.',
  ],
  [
    'Sikap yang paling tepat ketika menerima kritik dari pelanggan adalah …',
    'Mendengarkan dan mencari solusi',
    ['Membela diri', 'Mengabaikan kritik'],
    'Kritik adalah masukan untuk memperbaiki layanan.',
  ],
  [
    'Tujuan utama evaluasi setelah pelatihan adalah …',
    'Mengukur pemahaman dan perbaikan',
    ['Mencari kesalahan peserta', 'Mengisi waktu luang'],
    'Evaluasi menunjukkan apa yang sudah dan belum dipahami.',
  ],
];

/**
 * The post-test's own questions (what a participant does with the training), asked by no other
 * demo quiz: a post-test that repeated the pre-test would measure memory of its answers.
 */
const closing: Mc[] = [
  [
    'Setelah pelatihan selesai, cara terbaik menjaga keterampilan baru adalah …',
    'Mempraktikkannya secara rutin dalam pekerjaan',
    ['Menyimpan materi tanpa dibuka lagi', 'Menunggu pelatihan berikutnya'],
    'Keterampilan bertahan bila dipakai secara teratur.',
  ],
  [
    'Bila menemui kesulitan saat menerapkan materi, langkah yang paling tepat adalah …',
    'Bertanya kepada trainer atau rekan yang lebih berpengalaman',
    ['Berhenti mencoba', 'Mengabaikan kesulitan itu'],
    'Bertanya mempercepat pemecahan masalah dan memperdalam pemahaman.',
  ],
  [
    'Target pengembangan diri yang baik setelah pelatihan bersifat …',
    'Spesifik, terukur, dan memiliki batas waktu',
    ['Umum dan tanpa batas waktu', 'Sama persis dengan target orang lain'],
    'Target yang spesifik dan terukur mudah dipantau kemajuannya.',
  ],
];

function mc([text, correct, wrong, explanation]: Mc, i: number): QuestionInput {
  // Put the correct answer at a different place in each question.
  const options = [...wrong];
  options.splice(i % (wrong.length + 1), 0, correct);
  return {
    type: 'multiple_choice',
    question: { text: `<p>${text}</p>`, media: null },
    options: options.map((o) => ({ text: o, media: null, point: 0 })),
    correct_answer: [correct],
    point: 5,
    explanation: {
      correct: { text: `<p>Benar. ${explanation}</p>`, media: null },
      wrong: { text: `<p>Kurang tepat. ${explanation}</p>`, media: null },
    },
  };
}

const surveyQuestions: QuestionInput[] = [
  {
    type: 'single_choice_survey',
    question: { text: '<p>Seberapa mudah materi pada topik ini Anda pahami?</p>', media: null },
    options: [
      { text: 'Sangat mudah', media: null, point: 4 },
      { text: 'Mudah', media: null, point: 3 },
      { text: 'Cukup sulit', media: null, point: 2 },
      { text: 'Sangat sulit', media: null, point: 1 },
    ],
  },
  {
    type: 'single_choice_survey',
    question: {
      text: '<p>Apakah contoh yang diberikan fasilitator relevan dengan pekerjaan Anda?</p>',
      media: null,
    },
    options: [
      { text: 'Sangat relevan', media: null, point: 3 },
      { text: 'Cukup relevan', media: null, point: 2 },
      { text: 'Tidak relevan', media: null, point: 1 },
    ],
  },
];

interface SeedSection {
  name: string;
  min_score: number;
  questions: QuestionInput[];
}

function bankFor(programTitle: string): Mc[] {
  return banks.find((b) => b.match.test(programTitle))?.questions ?? general;
}

/**
 * The packets of one activity, by type: pre- and post-tests two packets each (the post-test with
 * its own questions), a quiz a survey section too.
 */
function planFor(type: string, programTitle: string): SeedSection[][] {
  const bank = bankFor(programTitle).map(mc);
  const rotate = (n: number) => [...bank.slice(n), ...bank.slice(0, n)];
  switch (type) {
    case 'pre_test':
      return [
        [{ name: 'Pemahaman Awal', min_score: 0, questions: bank.slice(0, 3) }],
        [{ name: 'Pemahaman Awal', min_score: 0, questions: rotate(1).slice(0, 3) }],
      ];
    case 'post_test': {
      const own = closing.map(mc);
      return [
        [{ name: 'Pemahaman Akhir', min_score: 0, questions: own }],
        [{ name: 'Pemahaman Akhir', min_score: 0, questions: [...own.slice(1), own[0]!] }],
      ];
    }
    case 'exam':
      return [
        [
          { name: 'Teori', min_score: 60, questions: bank },
          { name: 'Studi Kasus', min_score: 60, questions: general.map(mc).slice(0, 2) },
        ],
      ];
    default:
      return [
        [
          { name: 'Latihan', min_score: 50, questions: rotate(2).slice(0, 2) },
          { name: 'Survei Pemahaman', min_score: 0, questions: surveyQuestions },
        ],
      ];
  }
}

/** Stored values of a seed question, normalised as the API stores them. */
function questionValues(input: QuestionInput, activityId: string) {
  const q = questionInputSchema.parse(input);
  const survey = q.type === 'single_choice_survey';
  return {
    activity_id: activityId,
    type: q.type,
    question: q.question,
    instruction: q.instruction,
    audio: q.audio,
    point: survey ? 0 : Number(q.point ?? 5),
    options: q.options.map((o) => ({ text: o.text, media: o.media, point: Number(o.point ?? 0) })),
    correct_answer: survey ? [] : q.correct_answer,
    explanation: q.explanation,
    status: q.status,
  };
}

async function seedActivityPackets(
  tx: DbOrTx,
  activityId: string,
  packets: SeedSection[][],
): Promise<void> {
  const base = Date.now();
  let tick = 0;
  const at = () => new Date(base + tick++);
  for (const sections of packets) {
    const time = at();
    const [packet] = await tx
      .insert(questionPackets)
      .values({ activity_id: activityId, status: 'publish', created_at: time, updated_at: time })
      .returning();
    for (const s of sections) {
      const created = at();
      const [section] = await tx
        .insert(quizSections)
        .values({
          activity_id: activityId,
          packet_id: packet!.id,
          name: s.name,
          min_score: s.min_score,
          created_at: created,
          updated_at: created,
        })
        .returning();
      const [group] = await tx
        .insert(questionGroups)
        .values({
          packet_id: packet!.id,
          section_id: section!.id,
          created_at: created,
          updated_at: created,
        })
        .returning();
      await tx.insert(questions).values(
        s.questions.map((q, i) => ({
          ...questionValues(q, activityId),
          group_id: group!.id,
          seq: i + 1,
        })),
      );
    }
  }
}

/**
 * Demo packets for every quiz-type activity that has none: realistic Indonesian questions of both
 * types. A post_test copied from a pre_test gets the pre_test's packets, as the API copies them.
 */
export async function seedQuiz(db: Db): Promise<number> {
  const rows = await db
    .select({
      id: activities.id,
      type: activities.type,
      clone_of: activities.clone_of,
      program: programs.title,
    })
    .from(activities)
    .innerJoin(programs, eq(programs.id, activities.program_id))
    .where(
      and(
        inArray(activities.type, [...quizActivityTypes]),
        notExists(
          db.select().from(questionPackets).where(eq(questionPackets.activity_id, activities.id)),
        ),
      ),
    )
    .orderBy(asc(activities.created_at));
  // Sources first, so a copy finds its source's packets.
  const ordered = [...rows.filter((r) => !r.clone_of), ...rows.filter((r) => r.clone_of)];
  for (const row of ordered) {
    await db.transaction(async (tx) => {
      if (row.clone_of) await cloneQuestionPackets(tx, row.clone_of, row.id);
      else await seedActivityPackets(tx, row.id, planFor(row.type, row.program));
    });
  }
  return ordered.length;
}
