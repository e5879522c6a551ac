import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { errorMessage } from '../../../api/http';
import { Alert } from '../../../components/alert';
import { Button, LinkButton } from '../../../components/button';
import { Card } from '../../../components/card';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { routePaths } from '../../../routes/paths';
import { myProgramsQuery } from '../api/programs-api';
import { ProgramCard } from '../components/program-card';

/** What another screen passes on to show here once (e.g. after a redeem). */
export interface ProgramsFlash {
  flash?: string;
}

/** 'Program Saya': the redeemed programs, or the way to the first one ('Tukar Voucher'). */
export function MyProgramsPage() {
  const location = useLocation();
  const flash = (location.state as ProgramsFlash | null)?.flash;
  const programs = useQuery(myProgramsQuery);

  return (
    <Page title="Program Saya">
      {flash && <Alert tone="success">{flash}</Alert>}
      {programs.isPending ? (
        <PageLoading label="Memuat program…" />
      ) : programs.isError ? (
        <Alert tone="error">
          <p>{errorMessage(programs.error)}</p>
          <Button variant="secondary" onClick={() => void programs.refetch()}>
            Coba lagi
          </Button>
        </Alert>
      ) : programs.data.list.length === 0 ? (
        <Card className="stack center">
          <h2>Belum ada program</h2>
          <p className="muted">
            Tukarkan kode voucher dari penyelenggara pelatihan untuk mulai belajar.
          </p>
          <LinkButton to={routePaths['tukar-voucher']} block>
            Tukar Voucher
          </LinkButton>
        </Card>
      ) : (
        <ul className="program-list" aria-label="Daftar program">
          {programs.data.list.map((item) => (
            <ProgramCard key={item.id} item={item} />
          ))}
        </ul>
      )}
    </Page>
  );
}
