import { describe, expect, it } from 'vitest';
import { isPublicAddress, isPublicHttpsUrl } from './webhook-url-policy.js';

describe('isPublicAddress', () => {
  it.each([
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
    '192.0.2.10',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a00:1',
    '2002:a00:1::',
    'fd00::1',
    'fe80::1',
    'ff02::1',
    '2001:db8::1',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'accepts %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('isPublicHttpsUrl (the default webhook policy)', () => {
  it('accepts an https URL of a public address', async () => {
    expect(await isPublicHttpsUrl(new URL('https://8.8.8.8/hook'))).toBe(true);
    expect(await isPublicHttpsUrl(new URL('https://[2606:4700:4700::1111]:8443/hook'))).toBe(true);
  });

  it('refuses plain http, even to a public address', async () => {
    expect(await isPublicHttpsUrl(new URL('http://8.8.8.8/hook'))).toBe(false);
  });

  it('refuses loopback, private, link-local (cloud metadata) and mapped addresses, however written', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://0x7f000001/hook',
      'https://127.1/hook',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://10.0.0.5/hook',
      'https://169.254.169.254/latest/meta-data/',
    ]) {
      expect(await isPublicHttpsUrl(new URL(url)), url).toBe(false);
    }
  });

  it('refuses a name that resolves to a loopback address', async () => {
    expect(await isPublicHttpsUrl(new URL('https://localhost/hook'))).toBe(false);
  });
});
