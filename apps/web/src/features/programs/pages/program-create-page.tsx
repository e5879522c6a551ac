import { useState } from 'react';
import { emptyProgramForm } from '../components/program-form.schema';
import { ProgramForm } from '../components/program-form';

/** '/program/tambah-program' — add a program (spec 01 §2). */
export function ProgramCreatePage() {
  const [defaultValues] = useState(emptyProgramForm);
  return <ProgramForm defaultValues={defaultValues} />;
}
