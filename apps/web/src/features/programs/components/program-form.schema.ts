import type { Control } from 'react-hook-form';
import { z } from 'zod';
import { messages } from '@ajar/shared/common/messages';
import { programFieldLabels, type ProgramType } from '@ajar/shared/programs/programs.constants';
import {
  programBodySchema,
  type Program,
  type ProgramBody,
} from '@ajar/shared/programs/programs.schemas';
import { studyCreateBodySchema } from '@ajar/shared/studies/studies.schemas';

/**
 * The program form's values. They follow the request body of the shared schema, with three form
 * shapes: the study field is a select value plus a new name for 'Lainnya', competences are
 * objects (react-hook-form's field arrays need objects), and prices are digit strings as typed.
 * Every rule is the shared schema's own; this file only re-arranges them.
 */
const body = programBodySchema.shape;
const targets = body.learning_targets.shape;
const information = body.program_information.shape;

/** The select value of the 'Lainnya' choice (spec 01 §3): type a new study field. */
export const otherStudyValue = '__lainnya__';

export const programFormSchema = z
  .object({
    title: body.title,
    type: body.type,
    program_benefits: body.program_benefits,
    study_id: z.string().min(1, { error: messages.required(programFieldLabels.studies) }),
    study_other: z.string(),
    competence: z
      .array(z.object({ value: targets.competence.element }))
      .min(1, { error: messages.required(programFieldLabels.competence) }),
    is_prakerja: body.is_prakerja,
    certificate_validity: body.certificate_validity.unwrap(),
    is_free: body.is_free,
    cover: information.cover,
    discount_price: information.discount_price,
    selling_price: information.selling_price,
    selling_link: information.selling_link,
    fasilitator: body.fasilitator,
  })
  .superRefine((values, ctx) => {
    if (values.study_id !== otherStudyValue) return;
    const name = studyCreateBodySchema.shape.title.safeParse(values.study_other);
    if (!name.success)
      ctx.addIssue({
        code: 'custom',
        path: ['study_other'],
        message: name.error.issues[0]?.message ?? messages.required(programFieldLabels.studies),
      });
  });

export type ProgramFormValues = z.input<typeof programFormSchema>;
export type ProgramFormOutput = z.output<typeof programFormSchema>;
export type ProgramFormControl = Control<ProgramFormValues, unknown, ProgramFormOutput>;

/** Which tab holds a field: Detail (0), Informasi Program (1), Fasilitator (2). */
export const fieldTabs: Record<keyof ProgramFormValues, number> = {
  title: 0,
  type: 0,
  program_benefits: 0,
  study_id: 0,
  study_other: 0,
  competence: 0,
  is_prakerja: 0,
  certificate_validity: 0,
  is_free: 0,
  cover: 1,
  discount_price: 1,
  selling_price: 1,
  selling_link: 1,
  fasilitator: 2,
};

export const emptyFacilitator = (): NonNullable<ProgramFormValues['fasilitator']>[number] => ({
  id: null,
  name: '',
  description: '',
  picture: null,
  user_id: null,
});

export function emptyProgramForm(): ProgramFormValues {
  return {
    title: '',
    type: 'online' satisfies ProgramType,
    program_benefits: '',
    study_id: '',
    study_other: '',
    competence: [{ value: '' }],
    is_prakerja: false,
    certificate_validity: 'none',
    is_free: false,
    cover: null,
    discount_price: '',
    selling_price: '',
    selling_link: [{ title: '', url: '' }],
    fasilitator: [emptyFacilitator()],
  };
}

/** A loaded program as form values (edit). */
export function programToForm(program: Program): ProgramFormValues {
  return {
    title: program.title,
    type: program.type,
    program_benefits: program.program_benefits,
    study_id: program.learning_targets.studies?.id ?? '',
    study_other: '',
    competence: program.learning_targets.competence.length
      ? program.learning_targets.competence.map((value) => ({ value }))
      : [{ value: '' }],
    is_prakerja: program.is_prakerja,
    certificate_validity: program.certificate_validity,
    is_free: program.is_free,
    cover: program.program_information.cover,
    discount_price:
      program.program_information.discount_price == null
        ? ''
        : String(program.program_information.discount_price),
    selling_price: String(program.program_information.selling_price),
    selling_link: program.program_information.selling_link.length
      ? program.program_information.selling_link
      : [{ title: '', url: '' }],
    fasilitator: program.fasilitator.map((f) => ({
      id: f.id,
      name: f.name,
      description: f.description,
      picture: f.picture,
      user_id: f.user_id,
      status: f.status === 'inactive' ? 'inactive' : 'active',
    })),
  };
}

/** The request body from valid form values and the study field's id (created first for 'Lainnya'). */
export function formToProgramBody(
  values: ProgramFormOutput,
  study: { id: string; title?: string },
): ProgramBody {
  return {
    title: values.title,
    type: values.type,
    program_benefits: values.program_benefits,
    learning_targets: {
      studies: study,
      competence: values.competence.map((c) => c.value),
    },
    program_information: {
      cover: values.cover,
      discount_price: values.discount_price,
      selling_price: values.selling_price,
      selling_link: values.selling_link,
    },
    fasilitator: values.fasilitator,
    is_free: values.is_free,
    is_prakerja: values.is_prakerja,
    certificate_validity: values.certificate_validity,
  };
}

/**
 * A server validation key (`learning_targets.competence.0`) as a form field path, so the
 * message shows under the field it belongs to.
 */
export function serverKeyToFormPath(key: string): string | null {
  const parts = key.split('.');
  const [head, second, ...rest] = parts;
  if (head === 'learning_targets') {
    if (second === 'studies') return 'study_id';
    if (second === 'competence') return rest.length ? `competence.${rest[0]}.value` : 'competence';
    return null;
  }
  if (head === 'program_information') return second ? [second, ...rest].join('.') : null;
  if (head && head in fieldTabs) return key;
  return null;
}
