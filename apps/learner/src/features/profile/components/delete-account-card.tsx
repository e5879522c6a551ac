import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { deletionMessages } from '@ajar/shared/privacy/privacy.constants';
import { deletionRequestBodySchema } from '@ajar/shared/privacy/privacy.schemas';
import { errorMessage } from '../../../api/http';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { Form } from '../../../components/form';
import { TextField } from '../../../components/text-field';
import { useFormSubmit } from '../../../hooks/use-form-submit';
import { check } from '../../../lib/form';
import { queryClient } from '../../../query-client';
import { deletionRequestQuery, privacyApi } from '../api/privacy-api';

/** The day of the erasure, in Indonesian, in the provider's time zone (WIB). */
function dueDate(at: string) {
  return new Date(at).toLocaleDateString('id-ID', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Jakarta',
  });
}

/**
 * 'Hapus akun': the member asks, confirming with the password; staff confirm it, or it completes
 * by itself after the cooling-off, during which the member may cancel.
 */
export function DeleteAccountCard() {
  const pending = useQuery(deletionRequestQuery);
  const [asking, setAsking] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: deletionRequestQuery.queryKey });
  const form = useFormSubmit({
    validate: (values) => check(deletionRequestBodySchema, values),
    action: privacyApi.requestDeletion,
    onDone: () => {
      setAsking(false);
      void refresh();
    },
  });

  async function cancel() {
    setCancelling(true);
    setError(null);
    try {
      await privacyApi.cancelDeletion();
      await refresh();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setCancelling(false);
    }
  }

  const request = pending.data ?? null;
  return (
    <Card className="stack">
      <h2>{deletionMessages.title}</h2>
      {error && <Alert tone="error">{error}</Alert>}
      {request ? (
        <>
          <Alert tone="warning">{deletionMessages.pending(dueDate(request.due_at))}</Alert>
          <Button variant="secondary" block busy={cancelling} onClick={() => void cancel()}>
            {deletionMessages.cancel}
          </Button>
        </>
      ) : (
        <>
          <p>{deletionMessages.help}</p>
          {asking ? (
            <Form state={form} submitLabel={deletionMessages.confirm}>
              <TextField
                label={deletionMessages.passwordLabel}
                name="password"
                type="password"
                autoComplete="current-password"
                error={form.errors.password}
              />
            </Form>
          ) : (
            <Button variant="danger" block onClick={() => setAsking(true)}>
              {deletionMessages.ask}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
