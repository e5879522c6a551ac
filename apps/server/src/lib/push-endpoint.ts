import dns from 'node:dns';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

/**
 * The browsers' push services: Chrome, Edge (Chromium), Opera and Samsung Internet use Firebase
 * Cloud Messaging, Firefox Mozilla's autopush, Safari Apple's push service, legacy Edge the
 * Windows Push Notification Services.
 */
export const defaultPushServiceHosts = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const;

/** `fcm.googleapis.com`, `*.push.apple.com`, `127.0.0.1`, `[::1]`: what PUSH_SERVICE_HOSTS takes. */
export function isPushHostPattern(entry: string): boolean {
  const name = entry.startsWith('*.') ? entry.slice(2) : entry;
  if (/^\[[0-9a-f:.]+\]$/.test(name)) return isIP(name.slice(1, -1)) === 6;
  return /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/.test(
    name,
  );
}

/** Whether the endpoint is https on a host of the allow-list (`*.x` is any name under x). */
export function isAllowedPushEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((pattern) =>
    pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern,
  );
}

// Addresses ---------------------------------------------------------------------------------

/** IPv4 ranges that are not public unicast (RFC 6890 and its successors), as [first, bits]. */
const nonPublicV4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

function v4Number(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

const nonPublicV4Ranges = nonPublicV4.map(([first, bits]) => {
  const size = 2 ** (32 - bits);
  const start = v4Number(first);
  return { start, end: start + size - 1 };
});

function isPublicV4(address: string): boolean {
  const n = v4Number(address);
  return !nonPublicV4Ranges.some((range) => n >= range.start && n <= range.end);
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included). */
function v6Groups(address: string): number[] | null {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4Number(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', tail, ...rest] = text.split('::');
  if (rest.length > 0) return null;
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<number>(tail === undefined ? 0 : missing).fill(0), ...right];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

function embeddedV4(groups: number[]): string {
  const [a = 0, b = 0] = groups.slice(6);
  return [a >> 8, a & 0xff, b >> 8, b & 0xff].join('.');
}

function isPublicV6(address: string): boolean {
  if (address.includes('%')) return false; // a zone: link-local by definition
  const g = v6Groups(address);
  if (!g) return false;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d): the IPv4 address decides.
  if (zeros(0, 5) && g[5] === 0xffff) return isPublicV4(embeddedV4(g));
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return isPublicV4(embeddedV4(g));
  const [first = 0, second = 0] = g;
  // Only global unicast (2000::/3) is public; loopback, unspecified, IPv4-compatible, unique-local
  // (fc00::/7), link-local (fe80::/10), site-local and multicast all lie outside it.
  if ((first & 0xe000) !== 0x2000) return false;
  if (first === 0x2001 && second < 0x200) return false; // IETF protocol assignments, Teredo
  if (first === 0x2001 && second === 0xdb8) return false; // documentation
  if (first === 0x2002) return false; // 6to4, which can embed any IPv4 address
  if (first === 0x3fff && second < 0x1000) return false; // documentation
  return true;
}

/** Whether an IP address is public unicast: not private, loopback, link-local, unique-local… */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return isPublicV4(address);
  if (version === 6 || address.includes('%')) return isPublicV6(address);
  return false;
}

/** A push endpoint the server will not open: not on the allow-list, or a non-public address. */
export class PushEndpointRefused extends Error {
  constructor(reason: string) {
    super(`push endpoint refused: ${reason}`);
    this.name = 'PushEndpointRefused';
  }
}

export interface PushEndpointPolicy {
  hosts: readonly string[];
  /** PUSH_ALLOW_PRIVATE_ADDRESSES: a push service inside the operator's own network. */
  allowPrivate: boolean;
}

/**
 * `dns.lookup` that fails when a name resolves to any non-public address. It runs when the
 * connection is made, so the address checked is the address connected to (a name that answers
 * a public address to a first lookup and a private one to the next gains nothing).
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) {
      callback(err, '', 4);
      return;
    }
    const list = addresses as dns.LookupAddress[];
    const refused = list.find((a) => !isPublicAddress(a.address));
    if (refused || list.length === 0) {
      callback(
        new PushEndpointRefused(`${hostname} resolves to ${refused?.address ?? 'nothing'}`),
        '',
        4,
      );
      return;
    }
    if (options.all) (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    else callback(null, list[0]!.address, list[0]!.family);
  });
};

/** The https agent of pushes when private addresses are refused (keeps connections alive). */
let publicOnlyAgent: https.Agent | undefined;

/**
 * Checks a stored subscription's endpoint before a push: its host must still be on the
 * allow-list and, unless the operator allows it, an IP written in the URL must be public. Answers
 * the https agent to send with, whose lookup refuses names resolving to non-public addresses
 * (undefined: the default agent). Throws PushEndpointRefused.
 */
export function pushAgentFor(
  endpoint: string,
  policy: PushEndpointPolicy,
): https.Agent | undefined {
  if (!isAllowedPushEndpoint(endpoint, policy.hosts)) {
    throw new PushEndpointRefused('host not on PUSH_SERVICE_HOSTS');
  }
  if (policy.allowPrivate) return undefined;
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
  // A literal address is connected to without a lookup, so it is checked here.
  if (isIP(host) !== 0 && !isPublicAddress(host)) {
    throw new PushEndpointRefused(`${host} is not a public address`);
  }
  publicOnlyAgent ??= new https.Agent({ keepAlive: true, lookup: publicOnlyLookup });
  return publicOnlyAgent;
}
