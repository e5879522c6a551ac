import { LinkButton } from '../../../components/button';
import { Card } from '../../../components/card';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { routePaths } from '../../../routes/paths';

/** Any address of the app that names no screen. */
export function NotFoundPage() {
  useDocumentTitle('Halaman tidak ditemukan');
  return (
    <Card className="stack center">
      <h1>Halaman tidak ditemukan</h1>
      <p>Alamat yang Anda buka tidak ada di Ajar Belajar.</p>
      <LinkButton to={routePaths['program-saya']} block>
        Ke Program Saya
      </LinkButton>
    </Card>
  );
}
