import { formatDate } from '@ajar/shared/common/datetime';
import type { PrivacyNotice } from '@ajar/shared/privacy/privacy.schemas';

/** The notice as written by the provider: its lines kept, its version and date under it. */
export function NoticeText({ notice }: { notice: PrivacyNotice }) {
  return (
    <>
      <div className="notice-text">{notice.content}</div>
      <p className="muted">
        Versi {notice.version}, berlaku sejak {formatDate(notice.created_at)}
      </p>
    </>
  );
}
