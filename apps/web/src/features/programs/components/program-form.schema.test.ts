import { describe, expect, it } from 'vitest';
import { programBodySchema, type Program } from '@ajar/shared/programs/programs.schemas';
import {
  emptyProgramForm,
  formToProgramBody,
  otherStudyValue,
  programFormSchema,
  programToForm,
  serverKeyToFormPath,
  type ProgramFormValues,
} from './program-form.schema';
import { formatRupiahDigits, rupiahInputToValue } from './rupiah-field';

const studyId = '7a0c8a52-6f3e-4a55-9d0b-3f7f0b6b2a11';
const mediaId = '0b9e3b5e-1f0f-4d7b-8a0a-5a9c7d4f1e22';

function messagesOf(values: ProgramFormValues): Record<string, string> {
  const result = programFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

function filled(): ProgramFormValues {
  return {
    ...emptyProgramForm(),
    title: 'Pelatihan Barista',
    program_benefits: '<p>Belajar kopi</p>',
    study_id: studyId,
    competence: [{ value: 'Menyeduh kopi' }],
    selling_price: '150000',
    fasilitator: [{ id: null, name: 'Rina', description: '', picture: null, user_id: null }],
  };
}

describe('program form schema', () => {
  it('gives the spec messages for an empty form', () => {
    const errors = messagesOf(emptyProgramForm());
    expect(errors).toMatchObject({
      title: 'Judul Program tidak boleh kosong',
      program_benefits: 'Deskripsi program tidak boleh kosong',
      study_id: 'Bidang studi tidak boleh kosong',
      'competence.0.value': 'Kompetensi tidak boleh kosong',
      selling_price: 'Harga jual tidak boleh kosong',
      'fasilitator.0.name': 'Nama fasilitator tidak boleh kosong',
    });
  });

  it('reads an editor left empty as empty', () => {
    expect(messagesOf({ ...filled(), program_benefits: '<p></p>' })).toEqual({
      program_benefits: 'Deskripsi program tidak boleh kosong',
    });
  });

  it('asks for the new name when Lainnya is chosen', () => {
    expect(messagesOf({ ...filled(), study_id: otherStudyValue, study_other: '  ' })).toEqual({
      study_other: 'Bidang studi tidak boleh kosong',
    });
    expect(
      messagesOf({ ...filled(), study_id: otherStudyValue, study_other: 'Seni Kopi' }),
    ).toEqual({});
  });

  it('refuses a Harga Coret below 0 with the minimum message (spec 01 §5)', () => {
    expect(messagesOf({ ...filled(), discount_price: rupiahInputToValue('-5.000') })).toEqual({
      discount_price: 'Harga Coret harus lebih dari atau sama dengan 0',
    });
  });

  it('accepts a Harga Coret below Harga Jual (a hint, not a rule)', () => {
    expect(messagesOf({ ...filled(), discount_price: '1000', selling_price: '5000' })).toEqual({});
  });

  it('builds a request body the server schema accepts', () => {
    const parsed = programFormSchema.parse({
      ...filled(),
      discount_price: '200000',
      cover: { id: mediaId, url: '/media/2025/01/cover.jpg' },
      selling_link: [
        { title: 'Toko', url: 'https://toko.example.com' },
        { title: '', url: '' },
      ],
    });
    const body = formToProgramBody(parsed, { id: studyId });
    const server = programBodySchema.parse(body);
    expect(server.program_information).toEqual({
      cover: { id: mediaId, url: '/media/2025/01/cover.jpg' },
      discount_price: 200000,
      selling_price: 150000,
      selling_link: [{ title: 'Toko', url: 'https://toko.example.com' }],
    });
    expect(server.learning_targets).toEqual({
      studies: { id: studyId },
      competence: ['Menyeduh kopi'],
    });
    expect(server.fasilitator[0]?.name).toBe('Rina');
  });

  it('loads a saved program back into the same form values', () => {
    const program: Program = {
      id: '5d1e4f6a-2b3c-4d5e-8f90-a1b2c3d4e5f6',
      title: 'Pelatihan Barista',
      type: 'hybrid',
      program_benefits: '<p>Belajar kopi</p>',
      learning_targets: { studies: { id: studyId, title: 'Kuliner' }, competence: ['A', 'B'] },
      program_information: {
        cover: null,
        discount_price: null,
        selling_price: 990000,
        selling_link: [],
      },
      fasilitator: [
        {
          id: '9e8d7c6b-5a49-4382-9716-a5b4c3d2e1f0',
          name: 'Rina',
          description: '<p>Barista</p>',
          picture: null,
          user_id: null,
          status: 'active',
        },
      ],
      status: 'draft',
      is_free: false,
      is_prakerja: true,
      certificate_validity: 'one_year',
      total_participants: 0,
      total_unread: 0,
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-01T00:00:00.000Z',
      end_test_at: null,
    };
    const values = programToForm(program);
    expect(values).toMatchObject({
      type: 'hybrid',
      study_id: studyId,
      competence: [{ value: 'A' }, { value: 'B' }],
      discount_price: '',
      selling_price: '990000',
      selling_link: [{ title: '', url: '' }],
      is_prakerja: true,
      certificate_validity: 'one_year',
    });
    const body = formToProgramBody(programFormSchema.parse(values), { id: studyId });
    expect(body.certificate_validity).toBe('one_year');
    expect(body.fasilitator?.[0]).toMatchObject({ id: program.fasilitator[0]?.id, name: 'Rina' });
  });

  it('maps server validation keys to form fields', () => {
    expect(serverKeyToFormPath('title')).toBe('title');
    expect(serverKeyToFormPath('learning_targets.studies.id')).toBe('study_id');
    expect(serverKeyToFormPath('learning_targets.competence.1')).toBe('competence.1.value');
    expect(serverKeyToFormPath('program_information.selling_price')).toBe('selling_price');
    expect(serverKeyToFormPath('fasilitator.0.name')).toBe('fasilitator.0.name');
    expect(serverKeyToFormPath('unknown')).toBeNull();
  });
});

describe('rupiah field values', () => {
  it('keeps digits and a leading minus, drops the rest', () => {
    expect(rupiahInputToValue('1.500.000')).toBe('1500000');
    expect(rupiahInputToValue('007')).toBe('7');
    expect(rupiahInputToValue('-5.000')).toBe('-5000');
    expect(rupiahInputToValue('5-000')).toBe('5000');
    expect(formatRupiahDigits('-5000')).toBe('-5.000');
    expect(formatRupiahDigits('-')).toBe('-');
    expect(formatRupiahDigits('')).toBe('');
  });
});
