import { describe, expect, it } from 'vitest';
import { clientAddressOf } from './client-address';

describe('clientAddressOf', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientAddressOf('127.0.0.1')).toBe('127.0.0.1');
    expect(clientAddressOf('203.0.113.9')).toBe('203.0.113.9');
  });

  it('reads an IPv4 client seen through an IPv6 socket as its IPv4 address', () => {
    expect(clientAddressOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressOf('::ffff:cb00:7109')).toBe('203.0.113.9');
    expect(clientAddressOf('0:0:0:0:0:ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts every address of one IPv6 /64 network as one client, however it is written', () => {
    const network = '2001:db8:aa:bb::/64';
    expect(clientAddressOf('2001:db8:aa:bb::1')).toBe(network);
    expect(clientAddressOf('2001:0db8:00aa:00bb:1234:5678:9abc:def0')).toBe(network);
    expect(clientAddressOf('2001:DB8:AA:BB:ffff::2')).toBe(network);
    expect(clientAddressOf('2001:db8:aa:bb::1%eth0')).toBe(network);
    expect(clientAddressOf('2001:db8:aa:bc::1')).not.toBe(network);
  });

  it('handles the shortest IPv6 forms', () => {
    expect(clientAddressOf('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressOf('::')).toBe('0:0:0:0::/64');
    expect(clientAddressOf('fe80::')).toBe('fe80:0:0:0::/64');
  });
});
