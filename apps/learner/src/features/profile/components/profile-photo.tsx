import { useId, useState, type ChangeEvent } from 'react';
import {
  memberAccountMessages,
  memberPhotoLimits,
} from '@ajar/shared/members/member-account.schemas';
import { mediaMessages } from '@ajar/shared/media/media.constants';
import type { MemberProfile } from '@ajar/shared/members/members.schemas';
import { errorMessage } from '../../../api/http';
import { Alert } from '../../../components/alert';
import { ProgressBar } from '../../../components/progress-bar';
import { profileApi } from '../api/profile-api';

/** Initials for a member without a photo. */
function initials(name: string): string {
  const parts = name.trim().split(/\s+/).slice(0, 2);
  return parts.map((part) => part[0]?.toUpperCase() ?? '').join('') || '?';
}

/** The profile photo and 'Ganti foto' (an image within the media image limit, checked again by the server). */
export function ProfilePhoto({ profile }: { profile: MemberProfile }) {
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // The server reads the type from the bytes; this spares a long upload of a wrong file.
    if (!file.type.startsWith('image/')) {
      setMessage({ tone: 'error', text: memberAccountMessages.photoUnsupported });
      return;
    }
    if (file.size > memberPhotoLimits.bytes) {
      const limit = `${Math.round(memberPhotoLimits.bytes / (1024 * 1024))} MB`;
      setMessage({ tone: 'error', text: mediaMessages.fileTooLarge(limit) });
      return;
    }
    setMessage(null);
    setProgress(0);
    try {
      await profileApi.uploadPhoto(file, setProgress);
      setMessage({ tone: 'success', text: memberAccountMessages.photoUpdated });
    } catch (error) {
      setMessage({ tone: 'error', text: errorMessage(error) });
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="profile-photo stack">
      <div className="row">
        {profile.photo_url ? (
          <img className="avatar" src={profile.photo_url} alt="Foto profil" />
        ) : (
          <div className="avatar avatar--initials" aria-hidden="true">
            {initials(profile.fullname)}
          </div>
        )}
        <div className="stack profile-photo__side">
          <strong>{profile.fullname}</strong>
          <span className="muted">{profile.email}</span>
          <input
            id={inputId}
            className="visually-hidden file-input"
            type="file"
            accept="image/*"
            onChange={choose}
            disabled={progress !== null}
          />
          <label htmlFor={inputId} className="button button--secondary">
            Ganti foto
          </label>
        </div>
      </div>
      {progress !== null && <ProgressBar value={progress * 100} label="Mengunggah foto" />}
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
    </div>
  );
}
