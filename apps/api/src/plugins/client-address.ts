import { isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (zone dropped, an IPv4 tail turned into two groups). */
function ipv6Groups(ip: string): number[] {
  const address = ip.split('%')[0]!;
  const [head = '', tail] = address.split('::');
  const headParts = head === '' ? [] : head.split(':');
  const tailParts = tail === undefined || tail === '' ? [] : tail.split(':');
  const last = tail === undefined ? headParts : tailParts;
  if (last.at(-1)?.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = last.pop()!.split('.').map(Number);
    last.push(((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const zeros = tail === undefined ? 0 : 8 - headParts.length - tailParts.length;
  return [...headParts, ...Array.from({ length: zeros }, () => '0'), ...tailParts].map((group) => parseInt(group, 16));
}

/**
 * The client address the limits of docs/product.md section 18 count a request by: `request.ip`, whose
 * origin TRUST_PROXY decides (app.ts). An IPv4 client seen through an IPv6 socket (`::ffff:a.b.c.d`)
 * is its IPv4 address; any other IPv6 client is counted by its /64 network, since a home or a
 * rented server is given a whole /64 and may send from any address in it at will: counted one
 * address at a time, an IPv6 client would never meet a limit (docs/decisions/0016).
 */
export function clientAddressOf(ip: string): string {
  if (!isIPv6(ip.split('%')[0]!)) return ip;
  const groups = ipv6Groups(ip);
  const isMappedIpv4 = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMappedIpv4) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
