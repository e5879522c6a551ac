import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Alert, Button, Card, CardContent, Skeleton, Stack } from '@mui/material';
import { errorMessage, isMissingRecord } from '@/api/http';
import { NotFoundMessage } from '@/layout/not-found-page';
import { useProgram } from '../api/get-program';
import { programToForm } from '../components/program-form.schema';
import { ProgramForm } from '../components/program-form';

/** '/program/edit/{id}' — edit a program, loaded with `GET /api/program/v1/company/detail/{id}`. */
export function ProgramEditPage() {
  const { id = '' } = useParams();
  const program = useProgram(id);
  // Computed once per loaded version, so a background refetch does not reset what is typed.
  const defaultValues = useMemo(
    () => (program.data ? programToForm(program.data) : null),
    [program.data],
  );

  // Another trainer's program (or one that is gone): the 404 page, as its other screens show.
  if (isMissingRecord(program.error)) return <NotFoundMessage />;
  if (program.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" component={RouterLink} to="/program">
            Kembali
          </Button>
        }
      >
        {errorMessage(program.error)}
      </Alert>
    );
  }

  if (!program.data || !defaultValues) {
    return (
      <Card aria-busy="true" aria-label="Memuat program">
        <CardContent>
          <Stack spacing={2.5}>
            <Skeleton variant="rounded" height={40} width={360} />
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={200} />
            <Skeleton variant="rounded" height={56} />
          </Stack>
        </CardContent>
      </Card>
    );
  }

  return (
    <ProgramForm
      key={program.data.id}
      programId={program.data.id}
      defaultValues={defaultValues}
      currentStudy={program.data.learning_targets.studies}
    />
  );
}
