/**
 * Registers the service worker of the build (`/belajar/sw.js`, scope `/belajar/`): the app shell
 * is cached so the app opens offline. Not in development (Vite serves no sw.js there).
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const base = import.meta.env.BASE_URL;
  const register = () =>
    navigator.serviceWorker.register(`${base}sw.js`, { scope: base }).catch((error: unknown) => {
      console.warn('Service worker tidak terpasang', error);
    });
  // After the page's own loading (the worker then downloads the shell); the module may run
  // after 'load' already fired.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
