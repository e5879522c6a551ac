import { queryOptions } from '@tanstack/react-query';
import type {
  DeletionRequestBody,
  MemberDataExport,
  MemberDeletionRequest,
} from '@ajar/shared/privacy/privacy.schemas';
import { privacyMessages } from '@ajar/shared/privacy/privacy.constants';
import { buildUrl, http } from '../../../api/http';
import { readSession } from '../../../api/session';

/** The member's latest data export; polled while it is being made. */
export const dataExportQuery = queryOptions({
  queryKey: ['privacy', 'export'],
  queryFn: () => http.get<MemberDataExport | null>('/privacy/export'),
  refetchInterval: (query) => {
    const status = query.state.data?.status;
    return status === 'queued' || status === 'running' ? 2_000 : false;
  },
});

/** Fetches the zip with the member token (the address is not public) and saves it. */
async function saveZip(id: string) {
  const token = readSession()?.token;
  const res = await fetch(buildUrl(`/privacy/export/${id}/download`), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(privacyMessages.exportGone);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name ?? 'data-saya.zip';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** The member's pending 'Hapus akun' request, or null. */
export const deletionRequestQuery = queryOptions({
  queryKey: ['privacy', 'delete-request'],
  queryFn: () => http.get<MemberDeletionRequest | null>('/privacy/delete-request'),
});

export const privacyApi = {
  requestDeletion: (body: DeletionRequestBody) =>
    http.post<MemberDeletionRequest>('/privacy/delete-request', body),
  cancelDeletion: () => http.delete<null>('/privacy/delete-request'),
  startExport: () => http.post<MemberDataExport>('/privacy/export'),
  download: saveZip,
};
