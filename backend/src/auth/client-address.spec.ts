import { clientAddress, throttleKey } from './client-address.js';

describe('client address', () => {
  it('keeps a valid address and writes IPv4-mapped IPv6 as IPv4', () => {
    expect(clientAddress({ ip: '203.0.113.5' })).toBe('203.0.113.5');
    expect(clientAddress({ ip: '::ffff:127.0.0.1' })).toBe('127.0.0.1');
    expect(clientAddress({ ip: '2001:DB8::1' })).toBe('2001:db8::1');
  });

  it('falls back to the socket when the resolved address is not an address', () => {
    expect(clientAddress({ ip: 'x'.repeat(300), socket: { remoteAddress: '::ffff:10.1.2.3' } })).toBe('10.1.2.3');
    expect(clientAddress({ ip: '1.2.3.4, 5.6.7.8', socket: { remoteAddress: '10.0.0.9' } })).toBe('10.0.0.9');
    expect(clientAddress({})).toBe('0.0.0.0');
  });
});

describe('throttle key', () => {
  it('is the address itself for IPv4', () => {
    expect(throttleKey('198.51.100.7')).toBe('198.51.100.7');
  });

  it('is the /64 network for IPv6, however the address is written', () => {
    expect(throttleKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(throttleKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(throttleKey('2001:0db8:0001:0002:0:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(throttleKey('::1')).toBe('0:0:0:0::/64');
    expect(throttleKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });
});
