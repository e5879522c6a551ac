import { base64UrlToBytes } from '@ajar/shared/common/base64url';
import { ApiError, http } from '../../../api/http';

/**
 * Web Push for the participant: permission is asked only when they press
 * 'Aktifkan notifikasi' (never on first load); the subscription uses the server's VAPID key and
 * is registered for this session with `PUT /api/member/v1/push/subscription`.
 */

export type PushState = 'unsupported' | 'denied' | 'on' | 'off';

/** What a participant reads when a step of push setup fails: never the browser's own English. */
export const pushTexts = {
  denied: 'Notifikasi diblokir. Izinkan notifikasi untuk situs ini di pengaturan browser.',
  serviceFailed:
    'Layanan notifikasi browser sedang tidak dapat dihubungi. Periksa koneksi internet lalu coba lagi.',
  notReady: 'Aplikasi belum siap menerima notifikasi. Muat ulang halaman lalu coba lagi.',
  timedOut: 'Notifikasi belum berhasil diaktifkan karena browser tidak merespons. Coba lagi.',
  unavailable: 'Notifikasi belum tersedia di server ini',
  failed: 'Notifikasi tidak dapat diaktifkan di browser ini. Coba lagi nanti.',
  offFailed: 'Notifikasi tidak dapat dimatikan saat ini. Coba lagi.',
} as const;

/** How long one step of push setup may take before the participant is told (ms). */
export const pushStepTimeoutMs = 15_000;

/** A failure the participant can read. */
export class PushError extends Error {}

/**
 * The Indonesian message for a failure of push setup. The server's answers are already
 * Indonesian; the browser's DOMExceptions ('Registration failed - permission denied') are not.
 */
export function pushFailureMessage(error: unknown, fallback: string = pushTexts.failed): string {
  if (error instanceof PushError || error instanceof ApiError) return error.message;
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
      return pushTexts.denied;
    case 'AbortError':
    case 'NetworkError':
      return pushTexts.serviceFailed;
    case 'InvalidStateError':
      return pushTexts.notReady;
    default:
      return fallback;
  }
}

/** The step's result, or a `PushError` after `pushStepTimeoutMs` (a worker that never starts). */
function step<T>(promise: Promise<T>, ms = pushStepTimeoutMs): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushError(pushTexts.timedOut)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function pushSupported(): boolean {
  return (
    window.isSecureContext &&
    'Notification' in window &&
    'serviceWorker' in navigator &&
    'PushManager' in window
  );
}

/** The VAPID public key: a public route outside the member API. */
async function publicKey(): Promise<string> {
  const res = await fetch('/api/push/v1/public-key', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new PushError(pushTexts.unavailable);
  const body = (await res.json()) as { data: { public_key: string } };
  return body.data.public_key;
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration(import.meta.env.BASE_URL);
}

export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await (await registration())?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/**
 * Asks permission (on the participant's press), subscribes and registers the subscription. Every
 * failure is a `PushError` in Indonesian, and no step waits longer than `pushStepTimeoutMs`.
 */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  try {
    const permission =
      Notification.permission === 'default'
        ? await Notification.requestPermission()
        : Notification.permission;
    if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
    const reg = await step(registration().then((found) => found ?? navigator.serviceWorker.ready));
    const key = base64UrlToBytes(await step(publicKey()));
    const existing = await step(reg.pushManager.getSubscription());
    // A subscription made for another server key cannot receive this server's messages.
    if (existing) await step(existing.unsubscribe());
    const subscription = await step(
      reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
    );
    await step(http.put<null>('/push/subscription', { subscription: subscription.toJSON() }));
    return 'on';
  } catch (error) {
    throw new PushError(pushFailureMessage(error));
  }
}

/** Turns push off for this session: the server forgets it, the browser unsubscribes. */
export async function disablePush(): Promise<PushState> {
  try {
    await step(http.delete<null>('/push/subscription'));
    const subscription = await step(
      registration().then((reg) => reg?.pushManager.getSubscription()),
    );
    await subscription?.unsubscribe();
  } catch (error) {
    throw new PushError(pushFailureMessage(error, pushTexts.offFailed));
  }
  return pushSupported() ? 'off' : 'unsupported';
}
