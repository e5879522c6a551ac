import fs from 'node:fs';
import type { Api } from './api';
import { createActivity, type TopicRef } from './data';
import { videoFixture } from './files';

/** One pop-up of a video: its gameplay (the body of `/gameplay/v1/create`) at `second`. */
export interface NewPopup {
  second: number;
  instruction: string;
  /** `type` and the rest of the gameplay, without `activity_id`. */
  gameplay: { type: string } & Record<string, unknown>;
}

/** The video's pop-up settings that differ between tests; the rest are fixed below. */
export interface PopupSetting {
  skip: 0 | 1;
  minimum_score: number;
  /** 'Tampilkan Pembahasan' and '… dan Koreksi' (both on unless given). */
  show_explanation?: 0 | 1;
  show_answer_explanation?: 0 | 1;
}

/**
 * A video activity (the real 12-second fixture) with pop-up quizzes, prepared through the API:
 * the video is uploaded, each pop-up's gameplay created, then the pop-ups saved on the video.
 * Its id.
 */
export async function createVideoWithPopups(
  api: Api,
  topic: TopicRef,
  name: string,
  setting: PopupSetting,
  popups: NewPopup[],
  /** Another mp4 than the fixture. */
  video: Buffer = fs.readFileSync(videoFixture),
): Promise<string> {
  const form = new FormData();
  form.append('payload', JSON.stringify({ name, type: 'menonton_video', content: {} }));
  form.append('file', new Blob([new Uint8Array(video)], { type: 'video/mp4' }), 'video.mp4');
  const videoId = await createActivity(api, topic, form);
  const quizzes = [];
  for (const popup of popups) {
    const created = await api<{ id: string }>('POST', '/gameplay/v1/create', {
      activity_id: videoId,
      ...popup.gameplay,
    });
    quizzes.push({
      type: popup.gameplay.type,
      instruction: popup.instruction,
      second: popup.second,
      gameplays: [created.id],
    });
  }
  await api('PUT', `/v1/activity/${topic.programId}/${topic.topicId}/${videoId}/update-quiz`, {
    setting: {
      show_explanation: setting.show_explanation ?? 1,
      show_answer_explanation: setting.show_answer_explanation ?? 1,
      skip: setting.skip,
      show_score: 1,
      minimum_score: setting.minimum_score,
      retake: 1,
      is_random: 0,
      time: { enable: 0 },
    },
    quizzes,
  });
  return videoId;
}
