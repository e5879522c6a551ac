import { z } from 'zod';
import {
  activityContentForm,
  activityMessages,
  activityTypes,
  hasPopupQuiz,
  isQuizActivityType,
  reservedMetaTitles,
  scheduleMetaKeys,
  scheduleModes,
  type ActivityType,
  type ContentForm,
  type ContentMediaType,
} from '@ajar/shared/activities/activities.constants';
import {
  decodeFinishActivity,
  decodeVideoSchedule,
  emptySchedule,
  encodeFinishActivity,
  encodeVideoSchedule,
  freeMeta,
  validateSchedule,
  type MetaEntry,
  type Schedule,
} from '@ajar/shared/activities/activities.rules';
import {
  activityContentSchema,
  activitySettingsSchema,
  defaultActivitySettings,
  type ActivityContentInput,
  type FileRef,
} from '@ajar/shared/activities/activities-content.schemas';
import { type Flag } from '@ajar/shared/activities/activities-fields.schemas';
import {
  activityCreateSchema,
  type Activity,
  type ActivityCreateInput,
  type ActivityUpdateInput,
} from '@ajar/shared/activities/activities.schemas';

/** A yes/no value as the form holds it: 1 or 0 (spec 02 §3: booleans are sent as 1/0). */
export type FlagValue = Flag;

/** Number fields are text while typed; the shared settings schema turns them into numbers. */
export interface SettingsFormValues {
  estimated_duration: string;
  is_show_discussion: 0 | 1 | 2;
  is_show_answer: FlagValue;
  set_minimum_value: { is_set: FlagValue; minimum_value: string };
  opportunity_repeat_test: number;
  is_skip: FlagValue;
  is_show_timer: FlagValue;
  is_show_score: FlagValue;
  is_random_question: FlagValue;
  number_questions_package: string;
  timer: string;
  video_completion_percent: string;
}

export interface ContentFormValues {
  description: string;
  /** The saved file (edit); a newly chosen file is kept outside the form (a File). */
  file: FileRef | null;
  /** Google Form link, or the meeting's Google Drive link. */
  link_embed: { is_showing: FlagValue; url: string };
  meeting: {
    link: string;
    /** 1 = hide the meeting link. */
    is_must_participate: FlagValue;
  } & Schedule;
  embed_youtube: { title: string; url: string }[];
  type: ContentMediaType;
}

export interface ActivityFormValues {
  name: string;
  type: ActivityType | '';
  /** Copy the program's pre_test (a new post_test only). */
  clone_pre_test: boolean;
  settings: SettingsFormValues;
  content: ContentFormValues;
  /** Free meta_data pairs (the schedule entries are edited below and encoded on save). */
  meta: MetaEntry[];
  video_schedule: { is_scheduled: FlagValue; is_show_scheduled: FlagValue; schedule: Schedule };
  finish: Schedule;
}

const flag = (value: boolean | number | undefined): FlagValue => (value ? 1 : 0);

function settingsToForm(settings: Activity['settings']): SettingsFormValues {
  return {
    estimated_duration: String(settings.estimated_duration),
    is_show_discussion: (settings.is_show_discussion === 1 || settings.is_show_discussion === 2
      ? settings.is_show_discussion
      : 0) as 0 | 1 | 2,
    is_show_answer: flag(settings.is_show_answer),
    set_minimum_value: {
      is_set: flag(settings.set_minimum_value.is_set),
      minimum_value: String(settings.set_minimum_value.minimum_value),
    },
    opportunity_repeat_test: settings.opportunity_repeat_test,
    is_skip: flag(settings.is_skip),
    is_show_timer: flag(settings.is_show_timer),
    is_show_score: flag(settings.is_show_score),
    is_random_question: flag(settings.is_random_question),
    number_questions_package: String(settings.number_questions_package),
    timer: String(settings.timer),
    video_completion_percent: String(settings.video_completion_percent),
  };
}

export function emptyActivityForm(): ActivityFormValues {
  return {
    name: '',
    type: '',
    clone_pre_test: false,
    settings: settingsToForm(defaultActivitySettings),
    content: {
      description: '',
      file: null,
      link_embed: { is_showing: 0, url: '' },
      meeting: { link: '', is_must_participate: 0, ...emptySchedule() },
      embed_youtube: [],
      type: 'No Media',
    },
    meta: [],
    video_schedule: { is_scheduled: 0, is_show_scheduled: 0, schedule: emptySchedule() },
    finish: emptySchedule(),
  };
}

/** A loaded activity as form values (the schedules come out of meta_data). */
export function activityToForm(activity: Activity): ActivityFormValues {
  const { content } = activity;
  const video = decodeVideoSchedule(content.meta_data);
  return {
    name: activity.name,
    type: activity.type,
    clone_pre_test: false,
    settings: settingsToForm(activity.settings),
    content: {
      description: content.description,
      file: content.file,
      link_embed: { is_showing: flag(content.link_embed.is_showing), url: content.link_embed.url },
      meeting: {
        link: content.meeting.link,
        is_must_participate: flag(content.meeting.is_must_participate),
        is_day: content.meeting.is_day,
        days: content.meeting.days as Schedule['days'],
        dates: content.meeting.dates,
      },
      embed_youtube: content.embed_youtube.map((item) => ({ ...item })),
      type: content.type,
    },
    meta: freeMeta(content.meta_data),
    video_schedule: {
      is_scheduled: flag(video.is_scheduled),
      is_show_scheduled: flag(video.is_show_scheduled),
      schedule: video.schedule,
    },
    finish: decodeFinishActivity(content.meta_data) ?? emptySchedule(),
  };
}

/**
 * The content `type` of spec 02 §3 follows the form (the spec shows no picker for it): the PDF
 * form carries a file, link forms carry links, the rest carry no media item of that list.
 */
const contentMediaTypeOf: Record<ContentForm, ContentMediaType> = {
  pdf: 'Gambar / File PDF',
  google_form: 'Link',
  youtube: 'Link',
  meeting: 'Link',
  video: 'No Media',
  description: 'No Media',
};

const hasEntries = (schedule: Schedule) =>
  (schedule.is_day === scheduleModes.byDay ? schedule.days : schedule.dates).length > 0;

/**
 * The content as the server takes it: only what the type's form edits, the schedules encoded into
 * meta_data (spec 02 §3). A quiz type has no content form; its stored content is kept as loaded.
 */
export function buildContent(values: ActivityFormValues): ActivityContentInput {
  const form = values.type ? activityContentForm[values.type] : null;
  const c = values.content;
  if (!form) {
    return {
      description: c.description,
      file: c.file,
      link_embed: c.link_embed,
      meeting: c.meeting,
      meta_data: values.meta,
      embed_youtube: c.embed_youtube,
      type: c.type,
    };
  }
  let meta: MetaEntry[] = values.meta;
  if (form === 'video') {
    meta = encodeVideoSchedule(meta, {
      is_scheduled: values.video_schedule.is_scheduled === 1,
      is_show_scheduled: values.video_schedule.is_show_scheduled === 1,
      schedule: values.video_schedule.schedule,
    });
  }
  if (form === 'meeting') {
    meta = encodeFinishActivity(meta, hasEntries(values.finish) ? values.finish : null);
  }
  const usesLink = form === 'google_form' || form === 'meeting';
  return {
    description: c.description,
    file: form === 'video' || form === 'pdf' ? c.file : null,
    link_embed: usesLink ? c.link_embed : { is_showing: 0, url: '' },
    meeting:
      form === 'meeting'
        ? c.meeting
        : { link: '', is_must_participate: 0, ...emptySchedule(scheduleModes.byDay) },
    meta_data: meta,
    embed_youtube: form === 'youtube' ? c.embed_youtube : [],
    type: contentMediaTypeOf[form],
  };
}

export interface BuildPayloadOptions {
  /** The pre_test a new post_test copies, when the user chose to. */
  cloneFrom?: string;
}

/** The multipart `payload` of create (spec 02 §7): name, type, status publish, settings, content. */
export function buildCreatePayload(
  values: ActivityFormValues,
  options: BuildPayloadOptions = {},
): ActivityCreateInput {
  return {
    name: values.name.trim(),
    type: values.type as ActivityType,
    status: 'publish',
    settings: activitySettingsSchema.parse(values.settings),
    content: buildContent(values),
    ...(values.type === 'post_test' && values.clone_pre_test && options.cloneFrom
      ? { clone_from: options.cloneFrom }
      : {}),
  };
}

/** Update: the same body; loading for edit sets the status to publish (spec 02 §4). */
export function buildUpdatePayload(values: ActivityFormValues): ActivityUpdateInput {
  return {
    name: values.name.trim(),
    type: values.type || undefined,
    status: 'publish',
    settings: activitySettingsSchema.parse(values.settings),
    content: buildContent(values),
  };
}

// Validation ------------------------------------------------------------------------------------

type IssuePath = (string | number)[];

/** Message for a free meta_data title that would collide with a schedule entry. */
export const reservedMetaMessage = (title: string) => `Judul "${title}" dipakai untuk jadwal`;

/** Where a meta_data problem of the built content belongs in the form, if anywhere. */
function formPathOfContentIssue(path: IssuePath, freeCount: number): IssuePath | null {
  if (path[0] !== 'meta_data') return ['content', ...path];
  const index = path[1];
  // Problems of the schedule entries are reported field by field by the schedule checks.
  if (typeof index === 'number' && index < freeCount) return ['meta', ...path.slice(1)];
  return null;
}

/**
 * The form's schema: name, type and settings with the shared schemas; the content is built as the
 * server will receive it and checked with the shared content schema; the schedules are checked
 * with the shared rules so each message sits beside its field. Only what the type's form shows is
 * checked.
 */
export const activityFormSchema = z
  .object({
    name: activityCreateSchema.shape.name,
    type: z.enum(activityTypes, { error: activityMessages.typeRequired }),
    clone_pre_test: z.boolean(),
    settings: activitySettingsSchema,
    content: z.custom<ContentFormValues>(),
    meta: z.custom<MetaEntry[]>(),
    video_schedule: z.custom<ActivityFormValues['video_schedule']>(),
    finish: z.custom<Schedule>(),
  })
  .superRefine(
    (raw, ctx) => {
      const values = raw as unknown as ActivityFormValues;
      if (!values.type || !(activityTypes as readonly string[]).includes(values.type)) return;
      const form = activityContentForm[values.type];
      if (!form) return;
      const add = (path: IssuePath, message: string) =>
        ctx.addIssue({ code: 'custom', path, message });

      if (form === 'video' && values.video_schedule.is_scheduled === 1) {
        for (const issue of validateSchedule(values.video_schedule.schedule, {
          requireEntries: true,
        })) {
          add(['video_schedule', 'schedule', ...issue.path], issue.message);
        }
      }
      if (form === 'meeting') {
        for (const issue of validateSchedule(values.finish)) {
          add(['finish', ...issue.path], issue.message);
        }
      }
      values.meta.forEach((entry, i) => {
        if (reservedMetaTitles.includes(entry.title.trim())) {
          add(['meta', i, 'title'], reservedMetaMessage(entry.title.trim()));
        }
      });

      const result = activityContentSchema.safeParse(buildContent(values));
      if (result.success) return;
      for (const issue of result.error.issues) {
        const path = formPathOfContentIssue(issue.path as IssuePath, values.meta.length);
        if (path) add(path, issue.message);
      }
    },
    // Check the content even while the name is still empty, so every message shows at once.
    { when: () => true },
  );

export type ActivityFormOutput = z.output<typeof activityFormSchema>;

// Server messages -------------------------------------------------------------------------------

/**
 * Where a server validation key (`content.meta_data.2.title`, `settings.timer`, `file`) is shown
 * in the form; `null` for a key the form has no field for (shown in the general list).
 */
export function formPathOfServerField(key: string, values: ActivityFormValues): string | null {
  const field = key.replace(/^payload\./, '');
  if (field === 'name' || field === 'type' || field === 'clone_from') {
    return field === 'clone_from' ? 'clone_pre_test' : field;
  }
  if (field === 'file' || field === 'content.file') return 'file';
  if (field.startsWith('settings.')) return field;
  const meta = /^content\.meta_data\.(.+)$/.exec(field);
  if (meta) {
    const rest = meta[1]!;
    if (
      rest === scheduleMetaKeys.schedulesData ||
      rest.startsWith(`${scheduleMetaKeys.isScheduled}`)
    ) {
      const list = values.video_schedule.schedule.is_day === scheduleModes.byDay ? 'days' : 'dates';
      return `video_schedule.schedule.${list}`;
    }
    if (rest === scheduleMetaKeys.finishActivity) {
      return `finish.${values.finish.is_day === scheduleModes.byDay ? 'days' : 'dates'}`;
    }
    const index = Number(rest.split('.')[0]);
    if (Number.isInteger(index) && index < values.meta.length) return `meta.${rest}`;
    return null;
  }
  if (field.startsWith('content.')) return field;
  return null;
}

/** Which tab shows a form path. */
export type ActivityTab = 'detail' | 'settings' | 'content' | 'questions' | 'popup';

export function tabOfPath(path: string): ActivityTab {
  if (path.startsWith('settings')) return 'settings';
  if (path === 'name' || path === 'type' || path === 'clone_pre_test') return 'detail';
  return 'content';
}

/**
 * The tabs of the screen for a type: quiz types author their questions ('Pertanyaan') once the
 * activity exists (`editing`); other types have a content form.
 */
export function tabsFor(type: ActivityType | '', editing = false): ActivityTab[] {
  if (type && isQuizActivityType(type)) {
    return editing ? ['detail', 'settings', 'questions'] : ['detail', 'settings'];
  }
  // A video also has its pop-up quizzes (shown disabled until the first save).
  if (type && hasPopupQuiz(type)) return ['detail', 'settings', 'content', 'popup'];
  return ['detail', 'settings', 'content'];
}
