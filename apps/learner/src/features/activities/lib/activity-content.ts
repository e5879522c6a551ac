import {
  activityContentOutSchema,
  activitySettingsOutSchema,
} from '@ajar/shared/activities/activities.schemas';
import type { MemberActivityDetail } from '@ajar/shared/members/member-learning.schemas';

/** The activity's content as its schema reads it; a part that does not parse is left out. */
export function readContent(activity: MemberActivityDetail) {
  const parsed = activityContentOutSchema.partial().safeParse(activity.content);
  return parsed.success ? parsed.data : {};
}

/** The quiz settings, or null when they do not parse. */
export function readSettings(activity: MemberActivityDetail) {
  const parsed = activitySettingsOutSchema.safeParse(activity.settings);
  return parsed.success ? parsed.data : null;
}

/** A YouTube address (watch, youtu.be, shorts, embed) as its privacy-enhanced embed address. */
export function youtubeEmbedUrl(url: string): string | null {
  try {
    const u = new URL(url);
    const host = u.hostname.replace(/^www\.|^m\./, '');
    let id: string | null = null;
    if (host === 'youtu.be') id = u.pathname.slice(1);
    else if (host.endsWith('youtube.com') || host.endsWith('youtube-nocookie.com')) {
      id =
        u.searchParams.get('v') ??
        u.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1] ??
        null;
    }
    return id && /^[\w-]{6,20}$/.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  } catch {
    return null;
  }
}
