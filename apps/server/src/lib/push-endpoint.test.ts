import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import {
  defaultPushServiceHosts,
  isAllowedPushEndpoint,
  isPublicAddress,
  pushAgentFor,
  PushEndpointRefused,
} from './push-endpoint';

describe('isPublicAddress', () => {
  it('refuses private, loopback, link-local, unique-local and other non-public addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
      '::',
      '::1',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::127.0.0.1',
      '64:ff9b::10.0.0.1',
      '2001:db8::1',
      '2002:7f00:1::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('accepts public IPv4 and global IPv6, also IPv4-mapped', () => {
    for (const address of [
      '142.250.72.10',
      '8.8.8.8',
      '172.32.0.1',
      '2607:f8b0:4004:c07::5f',
      '2a00:1450:4001:82b::200a',
      '::ffff:142.250.72.10',
      '64:ff9b::8.8.8.8',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

describe('isAllowedPushEndpoint', () => {
  const hosts = [...defaultPushServiceHosts];
  it("takes the browsers' push services by default and nothing else", () => {
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(true);
    expect(isAllowedPushEndpoint('https://web.push.apple.com/QGx', hosts)).toBe(true);
    expect(isAllowedPushEndpoint('https://push.apple.com/QGx', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('https://evilpush.apple.com.example/x', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('http://fcm.googleapis.com/x', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('https://a:b@fcm.googleapis.com/x', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('https://127.0.0.1:8443/x', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('nonsense', hosts)).toBe(false);
  });

  it('is configured by PUSH_SERVICE_HOSTS', () => {
    expect(loadConfig({}).PUSH_SERVICE_HOSTS).toEqual(hosts);
    const config = loadConfig({ PUSH_SERVICE_HOSTS: ' Push.Internal.example , *.push.apple.com' });
    expect(config.PUSH_SERVICE_HOSTS).toEqual(['push.internal.example', '*.push.apple.com']);
    for (const bad of ['https://fcm.googleapis.com', 'a b', ',', '*']) {
      expect(() => loadConfig({ PUSH_SERVICE_HOSTS: bad }), bad).toThrow(/PUSH_SERVICE_HOSTS/);
    }
  });
});

describe('pushAgentFor', () => {
  const policy = { hosts: ['127.0.0.1', '[::1]', 'fcm.googleapis.com'], allowPrivate: false };
  it('refuses literal non-public addresses unless PUSH_ALLOW_PRIVATE_ADDRESSES', () => {
    expect(() => pushAgentFor('https://127.0.0.1:8443/x', policy)).toThrow(PushEndpointRefused);
    expect(() => pushAgentFor('https://[::1]/x', policy)).toThrow(PushEndpointRefused);
    expect(() => pushAgentFor('https://push.example/x', policy)).toThrow(PushEndpointRefused);
    expect(pushAgentFor('https://127.0.0.1:8443/x', { ...policy, allowPrivate: true })).toBe(
      undefined,
    );
    expect(pushAgentFor('https://fcm.googleapis.com/x', policy)).toBeDefined();
  });
});
