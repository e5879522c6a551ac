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
