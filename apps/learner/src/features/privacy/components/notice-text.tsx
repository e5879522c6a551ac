import { formatDate } from '@ajar/shared/common/datetime';
import type { PrivacyNotice } from '@ajar/shared/privacy/privacy.schemas';

/** The notice as written by the provider: its lines kept, its version and date under it. */
export function NoticeText({ notice }: { notice: PrivacyNotice }) {
  return (
    <>
      {/* A scrolling box: focusable, so a keyboard can scroll it too. */}
      <div className="notice-text" role="region" aria-label="Isi Kebijakan Privasi" tabIndex={0}>
        {notice.content}
      </div>
      <p className="muted">
        Versi {notice.version}, berlaku sejak {formatDate(notice.created_at)}
      </p>
    </>
  );
}
