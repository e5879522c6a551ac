import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';

/**
 * While an attempt runs, leaving it asks first: a link, 'back' or 'forward' inside the app opens
 * this question; closing or reloading the tab gets the browser's own (`beforeunload`). The
 * answers are kept either way (on the phone and on the server) and the timer keeps running.
 */
export function LeaveQuizGuard({ active }: { active: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!active) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [active]);

  if (blocker.state !== 'blocked') return null;
  return (
    <div className="leave-quiz">
      <Card className="stack">
        <div
          role="alertdialog"
          aria-modal="true"
          aria-labelledby="leave-quiz-title"
          className="stack"
        >
          <h2 id="leave-quiz-title">Tinggalkan kuis?</h2>
          <p>
            Jawaban Anda sudah tersimpan, tetapi waktu pengerjaan tetap berjalan. Buka lagi
            aktivitas ini untuk melanjutkan.
          </p>
          <Button block autoFocus onClick={() => blocker.reset()}>
            Tetap mengerjakan
          </Button>
          <Button block variant="secondary" onClick={() => blocker.proceed()}>
            Tinggalkan
          </Button>
        </div>
      </Card>
    </div>
  );
}
