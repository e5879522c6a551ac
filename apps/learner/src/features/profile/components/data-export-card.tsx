import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { privacyMessages } from '@ajar/shared/privacy/privacy.constants';
import { errorMessage } from '../../../api/http';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { queryClient } from '../../../query-client';
import { dataExportQuery, privacyApi } from '../api/privacy-api';

/**
 * 'Unduh data saya': asks for a zip of everything kept about the member, follows it while it is
 * made, then saves it (once; the server removes it after the download or after 24 hours).
 */
export function DataExportCard() {
  const latest = useQuery(dataExportQuery);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = latest.data ?? null;
  const preparing = current?.status === 'queued' || current?.status === 'running';

  async function act(work: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: dataExportQuery.queryKey });
    }
  }

  return (
    <Card className="stack">
      <h2>{privacyMessages.exportTitle}</h2>
      <p>{privacyMessages.exportHelp}</p>
      {error && <Alert tone="error">{error}</Alert>}
      {current?.status === 'failed' && <Alert tone="error">{privacyMessages.exportFailed}</Alert>}
      {current?.downloaded_at && !preparing && (
        <Alert tone="success">{privacyMessages.exportDownloaded}</Alert>
      )}
      {preparing ? (
        <Button variant="secondary" block busy>
          {privacyMessages.exportPreparing}
        </Button>
      ) : current?.downloadable ? (
        <Button block busy={busy} onClick={() => void act(() => privacyApi.download(current.id))}>
          {privacyMessages.exportDownload}
        </Button>
      ) : (
        <Button
          variant="secondary"
          block
          busy={busy}
          onClick={() => void act(privacyApi.startExport)}
        >
          {privacyMessages.exportAsk}
        </Button>
      )}
    </Card>
  );
}
