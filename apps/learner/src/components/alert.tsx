import type { ReactNode } from 'react';

export type AlertTone = 'error' | 'success' | 'info' | 'warning';

/**
 * A message box. Errors are announced at once (role=alert); other tones politely (role=status).
 */
export function Alert({ tone = 'info', children }: { tone?: AlertTone; children: ReactNode }) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <div>{children}</div>
    </div>
  );
}
