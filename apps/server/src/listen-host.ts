import type { Config } from './config';

export interface ListenHost {
  host: string;
  /** A line for the log when the address was chosen for the operator, not set by them. */
  notice?: string;
}

/**
 * The address to listen on. `HOST` when set. Otherwise a start that seeds the demo accounts (any
 * NODE_ENV but production), whose passwords are in the README, listens on loopback only; a
 * production start listens on every interface (behind its firewall or reverse proxy).
 */
export function listenHost(config: Pick<Config, 'HOST' | 'NODE_ENV'>): ListenHost {
  if (config.HOST) return { host: config.HOST };
  if (config.NODE_ENV === 'production') return { host: '0.0.0.0' };
  return {
    host: '127.0.0.1',
    notice:
      'listening on 127.0.0.1 only: this start seeds demo accounts with public passwords. ' +
      'Set HOST=0.0.0.0 to listen on every interface (HOST=<address> for one).',
  };
}
