import { base64UrlToBytes } from '@ajar/shared/common/base64url';
import { http } from '../../../api/http';

/**
 * Web Push for the participant (DESIGN §6): permission is asked only when they press
 * 'Aktifkan notifikasi' (never on first load); the subscription uses the server's VAPID key and
 * is registered for this session with `PUT /api/member/v1/push/subscription`.
 */

export type PushState = 'unsupported' | 'denied' | 'on' | 'off';

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
  if (!res.ok) throw new Error('Notifikasi belum tersedia di server ini');
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

/** Asks permission (on the participant's press), subscribes and registers the subscription. */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission =
    Notification.permission === 'default'
      ? await Notification.requestPermission()
      : Notification.permission;
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const reg = (await registration()) ?? (await navigator.serviceWorker.ready);
  const key = base64UrlToBytes(await publicKey());
  const existing = await reg.pushManager.getSubscription();
  // A subscription made for another server key cannot receive this server's messages.
  if (existing) await existing.unsubscribe();
  const subscription = await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  await http.put<null>('/push/subscription', { subscription: subscription.toJSON() });
  return 'on';
}

/** Turns push off for this session: the server forgets it, the browser unsubscribes. */
export async function disablePush(): Promise<PushState> {
  await http.delete<null>('/push/subscription');
  const subscription = await (await registration())?.pushManager.getSubscription();
  await subscription?.unsubscribe();
  return pushSupported() ? 'off' : 'unsupported';
}
