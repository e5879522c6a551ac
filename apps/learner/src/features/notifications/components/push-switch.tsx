import { useEffect, useState } from 'react';
import { Button } from '../../../components/button';
import {
  currentPushState,
  disablePush,
  enablePush,
  pushFailureMessage,
  pushTexts,
  type PushState,
} from '../api/push-api';

const explain: Record<PushState, string> = {
  unsupported: 'Browser ini tidak mendukung notifikasi push.',
  denied: pushTexts.denied,
  on: 'Notifikasi push aktif di perangkat ini.',
  off: 'Notifikasi push belum aktif di perangkat ini.',
};

/**
 * 'Aktifkan notifikasi' (the notifications page) or the on/off switch (the profile): permission
 * is asked only when the participant presses it.
 */
export function PushSwitch({ variant }: { variant: 'button' | 'switch' }) {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void currentPushState().then(setState, () => setState('unsupported'));
  }, []);

  async function change(on: boolean) {
    setBusy(true);
    setError(null);
    try {
      setState(await (on ? enablePush() : disablePush()));
    } catch (failure) {
      setError(pushFailureMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  if (state === null) return null;
  if (variant === 'button') {
    if (state === 'on') return null;
    return (
      <div className="stack" style={{ gap: '0.5rem' }}>
        <p className="muted" style={{ margin: 0 }}>
          {explain[state]}
        </p>
        {state === 'off' && (
          <Button variant="secondary" busy={busy} onClick={() => void change(true)}>
            Aktifkan notifikasi
          </Button>
        )}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  }
  const disabled = state === 'unsupported' || state === 'denied';
  return (
    <div className="stack" style={{ gap: '0.25rem' }}>
      <label className="switch-row">
        <span>Notifikasi push</span>
        <input
          type="checkbox"
          role="switch"
          checked={state === 'on'}
          disabled={disabled || busy}
          aria-describedby="push-switch-hint"
          onChange={(event) => void change(event.target.checked)}
        />
      </label>
      <span id="push-switch-hint" className="muted">
        {explain[state]}
      </span>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
