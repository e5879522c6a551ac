import { base64UrlToBytes } from '@ajar/shared/common/base64url';
import { http } from '@/api/http';

/** Login never waits longer than this for the notification prompt and the push service. */
export const pushPrepareTimeoutMs = 3000;

function pushSupported(): boolean {
  return (
    window.isSecureContext &&
    'Notification' in window &&
    'serviceWorker' in navigator &&
    'PushManager' in window
  );
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/**
 * Asks for notification permission, registers the service worker and subscribes to Web Push
 * with the server's VAPID key. Null when refused or unavailable.
 */
export async function subscribeToPush(): Promise<PushSubscriptionJSON | null> {
  if (!pushSupported()) return null;
  const permission =
    Notification.permission === 'default'
      ? await Notification.requestPermission()
      : Notification.permission;
  if (permission !== 'granted') return null;
  await navigator.serviceWorker.register('/sw.js');
  const registration = await navigator.serviceWorker.ready;
  const { public_key: publicKey } = await http.get<{ public_key: string }>('/push/v1/public-key');
  const key = base64UrlToBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key)) return existing.toJSON();
  // A subscription made for another server key cannot receive this server's messages.
  await existing?.unsubscribe();
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  return subscription.toJSON();
}

/** Resolves with the promise's value, or null once `ms` have passed. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}

/** Registers a subscription that arrived after login (the user answered the prompt late). */
export async function registerPushSubscription(subscription: PushSubscriptionJSON) {
  await http.put('/push/v1/subscription', { subscription });
}

/** Drops this browser's push subscription (logout, spec 01 §4). */
export async function unsubscribeFromPush() {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}
