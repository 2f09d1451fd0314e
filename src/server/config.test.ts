import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig: TRUST_PROXY', () => {
  const trustProxyOf = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('trusts no proxy unless told', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf('')).toBe(false);
  });

  it('takes the proxies by address or range', () => {
    expect(trustProxyOf('10.0.0.7')).toEqual(['10.0.0.7']);
    expect(trustProxyOf('loopback, 10.0.0.0/8,fd00::/8')).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8']);
    // IPv4 proxies written as IPv6: the IPv4 width counts.
    expect(trustProxyOf('::ffff:10.0.0.7,::ffff:10.0.0.0/104,::ffff:a00:0/104')).toEqual([
      '::ffff:10.0.0.7',
      '::ffff:10.0.0.0/104',
      '::ffff:a00:0/104',
    ]);
  });

  it.each([
    'true',
    '*',
    '1',
    '2',
    'proxy.example',
    '0.0.0.0/0',
    '::/0',
    '128.0.0.0/1',
    '10.0.0.0/7',
    'fc00::/6',
    '::ffff:0.0.0.0/96',
    '::ffff:0:0/96',
    '::ffff:10.0.0.0/103',
    '::/80',
    '10.0.0.0/33',
    'fd00::/129',
    '10.0.0.1/8/2',
    '10.0.0.1,',
  ])('refuses %s, naming the variable', (value) => {
    expect(() => trustProxyOf(value)).toThrow(/TRUST_PROXY must list the proxies/);
  });
});
