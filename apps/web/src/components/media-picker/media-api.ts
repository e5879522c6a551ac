import { infiniteQueryOptions, queryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Paged } from '@ajar/shared/common/envelope';
import type { MediaItem, PickableMediaType } from '@ajar/shared/media/media.schemas';
import { http, upload } from '@/api/http';

/** History page sizes of the picker (spec 02 §9): 9 images (a 3×3 grid), 5 audio. */
export const mediaHistoryPageSize: Record<PickableMediaType, number> = { image: 9, audio: 5 };

export const mediaKeys = {
  all: ['media'] as const,
  histories: () => [...mediaKeys.all, 'history'] as const,
  history: (type: PickableMediaType) => [...mediaKeys.histories(), type] as const,
};

const listPath = '/storage/v1/media/company/list';
const uploadPath = '/storage/v1/media/company/upload';

/** `GET /api/storage/v1/media/company/list`: one page of a kind's library, newest first. */
export function getMediaHistoryPage(
  type: PickableMediaType,
  page: number,
  signal?: AbortSignal,
): Promise<Paged<MediaItem>> {
  return http.get<Paged<MediaItem>>(
    listPath,
    { type, page, limit: mediaHistoryPageSize[type], sort: 'created_at', dir: 'desc' },
    signal,
  );
}

/** Pages of the history; 'More' fetches the next one while the earlier ones stay on screen. */
export const mediaHistoryQueryOptions = (type: PickableMediaType) =>
  infiniteQueryOptions({
    queryKey: mediaKeys.history(type),
    queryFn: ({ pageParam, signal }) => getMediaHistoryPage(type, pageParam, signal),
    initialPageParam: 1,
    // Every opening asks again: other screens (covers, videos) and other users add media.
    staleTime: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.list.length, 0);
      return loaded < last.total && last.list.length > 0 ? last.page + 1 : undefined;
    },
  });

export function useMediaHistory(type: PickableMediaType, enabled: boolean) {
  return useInfiniteQuery({ ...mediaHistoryQueryOptions(type), enabled });
}

/** The fields of the side panel 'Information media', sent with an upload. */
export interface MediaInformation {
  title: string;
  caption: string;
  alt: string;
  description: string;
}

/**
 * `POST /api/storage/v1/media/company/upload` (multipart, spec 02 §7): the text fields go first so
 * the server can refuse a bad field before it stores the file.
 */
export function uploadMediaFile(
  file: File,
  info: MediaInformation,
  onProgress?: (fraction: number) => void,
  /** The picker's kind: the server refuses a file of another kind before storing it. */
  type?: PickableMediaType,
): Promise<MediaItem> {
  const form = new FormData();
  form.append('source', 'upload');
  for (const [name, value] of Object.entries(info)) {
    const text = value.trim();
    if (text) form.append(name, text);
  }
  form.append('url', '');
  form.append('file', file);
  const path = type ? `${uploadPath}?type=${type}` : uploadPath;
  return upload<MediaItem>('POST', path, form, onProgress);
}

/** `GET /api/storage/v1/media/company/detail/{id}`: one media item. */
export function getMediaItem(id: string, signal?: AbortSignal): Promise<MediaItem> {
  return http.get<MediaItem>(`/storage/v1/media/company/detail/${id}`, undefined, signal);
}

/** A video's item, asked again every 2 s while its conversion to HLS runs. */
export const mediaItemQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...mediaKeys.all, 'item', id] as const,
    queryFn: ({ signal }) => getMediaItem(id, signal),
    refetchInterval: (query) => {
      const status = query.state.data?.video?.status;
      return status === 'queued' || status === 'processing' ? 2000 : false;
    },
  });
