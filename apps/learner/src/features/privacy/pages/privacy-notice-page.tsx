import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { privacyNoticeMessages } from '@ajar/shared/privacy/privacy.constants';
import { Alert } from '../../../components/alert';
import { Card } from '../../../components/card';
import { PageLoading } from '../../../components/page-loading';
import { errorMessage } from '../../../api/http';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSession } from '../../../hooks/use-session';
import { routePaths } from '../../../routes/paths';
import { privacyNoticeQuery } from '../api/privacy-notice-api';
import { NoticeText } from '../components/notice-text';

/** '/belajar/privasi': the privacy notice in force, signed in or out (linked from 'Daftar'). */
export function PrivacyNoticePage() {
  useDocumentTitle(privacyNoticeMessages.title);
  const notice = useQuery(privacyNoticeQuery);
  const session = useSession();
  return (
    <Card className="stack">
      <h1>{privacyNoticeMessages.title}</h1>
      {notice.isPending && <PageLoading />}
      {notice.isError && <Alert tone="error">{errorMessage(notice.error)}</Alert>}
      {notice.data === null && <p>{privacyNoticeMessages.none}</p>}
      {notice.data && <NoticeText notice={notice.data} />}
      <p className="center">
        {session ? (
          <Link to={routePaths.profil}>Kembali ke Profil</Link>
        ) : (
          <Link to={routePaths.daftar}>Kembali ke Daftar</Link>
        )}
      </p>
    </Card>
  );
}
