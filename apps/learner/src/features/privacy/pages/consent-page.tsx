import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { privacyNoticeMessages } from '@ajar/shared/privacy/privacy.constants';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { PageLoading } from '../../../components/page-loading';
import { errorMessage } from '../../../api/http';
import { setConsentRequired } from '../../../api/session';
import { signOut } from '../../../api/sign-out';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { afterSignInPath } from '../../../routes/paths';
import { agreeToNotice, consentStatusQuery } from '../api/privacy-notice-api';
import { NoticeText } from '../components/notice-text';

/**
 * '/belajar/persetujuan': a newer privacy notice waits for the member's consent. The app's other
 * screens open again after 'Setuju' (docs/decisions.md, "Consent to the privacy notice").
 */
export function ConsentPage() {
  useDocumentTitle(privacyNoticeMessages.title);
  const navigate = useNavigate();
  const location = useLocation();
  const status = useQuery(consentStatusQuery);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const onward = afterSignInPath(location.search);

  // Nothing (more) to agree to: on to where the member was going.
  useEffect(() => {
    if (status.data && !status.data.required) {
      setConsentRequired(false);
      void navigate(onward, { replace: true });
    }
  }, [status.data, navigate, onward]);

  const agree = async (version: number) => {
    setBusy(true);
    setFailure(null);
    try {
      await agreeToNotice(version);
      void navigate(onward, { replace: true });
    } catch (error) {
      setFailure(errorMessage(error));
      // A newer version was saved meanwhile: show that one.
      await status.refetch();
    } finally {
      setBusy(false);
    }
  };

  const notice = status.data?.notice ?? null;
  return (
    <Card className="stack">
      <h1>{privacyNoticeMessages.title}</h1>
      <Alert tone="info">{privacyNoticeMessages.consentRequired}</Alert>
      {status.isPending && <PageLoading />}
      {status.isError && <Alert tone="error">{errorMessage(status.error)}</Alert>}
      {failure && <Alert tone="error">{failure}</Alert>}
      {notice && <NoticeText notice={notice} />}
      {notice && (
        <Button block busy={busy} onClick={() => void agree(notice.version)}>
          {privacyNoticeMessages.agree}
        </Button>
      )}
      <Button variant="text" block onClick={() => void signOut()}>
        Keluar
      </Button>
    </Card>
  );
}
