// What the browser tests (e2e/), the system tests (apps/server/system/) and the benchmarks (bench/)
// share: the one way to start a real server process and wait for it, and the browser.
export { launchBrowser } from './browser';
export { startServer, type RunningServer, type ServerOptions } from './demo-server';
export {
  ensureServerBuild,
  freePort,
  repoRoot,
  serverMain,
  spawnServer,
  type ExitStatus,
  type SpawnedServer,
  type SpawnServerOptions,
} from './spawn-server';
