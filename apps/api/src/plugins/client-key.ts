import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The client as every per-address counter counts it (the request limit, the login, registration
     * and password reset counters, the anonymous ceilings): its IPv4 address, or the IPv6 network of
     * IPV6_SUBNET_PREFIX bits its address lies in. See clientKey.
     */
    readonly clientKey: string;
  }
}

/** The IPv6 prefix length a client is counted by when IPV6_SUBNET_PREFIX is not set: one /64. */
export const DEFAULT_IPV6_SUBNET_PREFIX = 64;

/** The eight 16-bit groups of an IPv6 address (a zone id ignored, an IPv4 tail read), or null. */
function ipv6Groups(address: string): number[] | null {
  const zone = address.indexOf('%');
  let text = zone === -1 ? address : address.slice(0, zone);
  if (text.includes('.')) {
    // an IPv4 tail (::ffff:192.0.2.1, 64:ff9b::192.0.2.1) is the last two groups
    const colon = text.lastIndexOf(':');
    const octets = text.slice(colon + 1).split('.');
    if (octets.length !== 4 || octets.some((o) => !/^\d{1,3}$/.test(o) || Number(o) > 255)) return null;
    const [a, b, c, d] = octets.map(Number) as [number, number, number, number];
    text = `${text.slice(0, colon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN)));
  const gap = text.indexOf('::');
  let groups: number[];
  if (gap === -1) groups = parse(text);
  else {
    const head = parse(text.slice(0, gap));
    const back = parse(text.slice(gap + 2));
    const missing = 8 - head.length - back.length;
    if (missing < 1) return null;
    groups = [...head, ...new Array<number>(missing).fill(0), ...back];
  }
  return groups.length === 8 && groups.every((g) => !Number.isNaN(g)) ? groups : null;
}

/**
 * The key a per-address counter counts a client address by. An IPv4 address is its own key (an
 * IPv4-mapped IPv6 address, `::ffff:192.0.2.1`, is its IPv4 address). An IPv6 address is counted by
 * the network of its first `ipv6Prefix` bits (default /64, the smallest network a provider hands a
 * customer): one /64 gives its holder 2^64 addresses, which counted one by one would each get their
 * own limit (issue 25, item 11). The key is the network in full notation, `2001:db8:0:1:0:0:0:0/64`,
 * so every spelling of an address gives the same key. Anything else (a unix socket) is its own key.
 */
export function clientKey(address: string, ipv6Prefix: number = DEFAULT_IPV6_SUBNET_PREFIX): string {
  if (!address.includes(':')) return address;
  const groups = ipv6Groups(address);
  if (groups === null) return address;
  if (groups[0] === 0 && groups[1] === 0 && groups[2] === 0 && groups[3] === 0 && groups[4] === 0 && groups[5] === 0xffff) {
    return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`;
  }
  const masked = groups.map((group, i) => {
    const bits = Math.min(16, Math.max(0, ipv6Prefix - 16 * i));
    return bits === 0 ? 0 : group & ((0xffff << (16 - bits)) & 0xffff);
  });
  return `${masked.map((g) => g.toString(16)).join(':')}/${ipv6Prefix}`;
}

/**
 * Gives every request its `clientKey`, worked out from request.ip (which honours TRUST_PROXY) when a
 * counter first asks for it. Registered once at the root, so every context's counters count alike.
 */
export default fp<{ ipv6Prefix: number }>(
  async (app, { ipv6Prefix }) => {
    app.decorateRequest('clientKey', {
      getter(this: { ip: string }) {
        return clientKey(this.ip, ipv6Prefix);
      },
    });
  },
  { name: 'client-key' },
);
