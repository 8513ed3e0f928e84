import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * The push services of the big browsers (decision 016): Chrome, Android browsers and Opera on
 * Firebase Cloud Messaging, Firefox on Mozilla's autopush, Safari on Apple's Web Push service and
 * Edge on the Windows Push Notification Service (regional hosts under notify.windows.com).
 */
export const DEFAULT_PUSH_ENDPOINT_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', '*.notify.windows.com'] as const;

/** Resolves a host name to its addresses (all of them), like dns.lookup with { all: true }. */
export type PushResolver = (hostname: string) => Promise<LookupAddress[]>;

/** The operating system's resolver, as every connection would use it. */
export const systemResolver: PushResolver = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))));

/** A name that does not resolve within this long is refused for now (the delivery is retried). */
const RESOLVE_TIMEOUT_MS = 5000;

/** The endpoint breaks the policy: never retried, the subscription is refused or removed. */
export class PushEndpointRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushEndpointRefused';
  }
}

/**
 * Addresses a push service never has: this host, private networks, link-local, carrier-grade NAT,
 * documentation and benchmark ranges, multicast and reserved (RFC 6890's special-purpose registry).
 */
const V4_SPECIAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  V4_SPECIAL.addSubnet(net, prefix, 'ipv4');
}

/** IPv6: only global unicast (2000::/3) ... */
const V6_GLOBAL = new BlockList();
V6_GLOBAL.addSubnet('2000::', 3, 'ipv6');
/**
 * ... minus its special ranges, and the ones that carry an IPv4 address inside (6to4, Teredo,
 * NAT64), which could point at a private IPv4 network. IPv4-mapped (::ffff:0:0/96), loopback,
 * unique-local (fc00::/7), link-local (fe80::/10) and multicast (ff00::/8) are outside 2000::/3.
 */
const V6_SPECIAL = new BlockList();
for (const [net, prefix] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['64:ff9b::', 96],
  ['3fff::', 20],
] as const) {
  V6_SPECIAL.addSubnet(net, prefix, 'ipv6');
}

const V4_LOOPBACK = new BlockList();
V4_LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');

/** True when the address is on the public internet (what a push service's address is). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !V4_SPECIAL.check(address, 'ipv4');
  if (family === 6) return V6_GLOBAL.check(address, 'ipv6') && !V6_SPECIAL.check(address, 'ipv6');
  return false;
}

function isLoopback(address: string): boolean {
  const family = isIP(address);
  return (family === 4 && V4_LOOPBACK.check(address, 'ipv4')) || (family === 6 && address === '::1');
}

export interface PushEndpointPolicyOptions {
  /** PUSH_ENDPOINT_HOSTS: host names, `*.domain` for its subdomains, or `*` for any public host */
  hosts: readonly string[];
  /** PUSH_ENDPOINT_ALLOW_LOOPBACK (tests only, refused in production): the tests' own push service */
  allowLoopback: boolean;
  resolve?: PushResolver;
}

/**
 * Where the server may send Web Push messages (decision 016): https only, to a host of a known
 * push service, that resolves to public addresses only. Checked when a browser subscribes and again
 * on every connection (`lookup`: the address checked is the address connected to, so a name that
 * later resolves to a private address, DNS rebinding, is refused at send time too).
 */
export class PushEndpointPolicy {
  private readonly exact = new Set<string>();
  private readonly suffixes: string[] = [];
  private readonly anyHost: boolean;
  /** the resolver seam: tests answer names without the network */
  resolve: PushResolver;

  constructor(private readonly options: PushEndpointPolicyOptions) {
    this.resolve = options.resolve ?? systemResolver;
    this.anyHost = options.hosts.includes('*');
    for (const raw of options.hosts) {
      const host = raw.trim().toLowerCase().replace(/\.$/, '');
      if (host.startsWith('*.')) this.suffixes.push(host.slice(1));
      else if (host && host !== '*') this.exact.add(host.replace(/^\[(.*)\]$/, '$1'));
    }
  }

  /** May the server connect to this address? */
  addressAllowed(address: string): boolean {
    return isPublicAddress(address) || (this.options.allowLoopback && isLoopback(address));
  }

  /** The endpoint's URL and host, without the network: https, no credentials, a listed host. */
  parse(endpoint: string): { url: URL; host: string } {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw new PushEndpointRefused('not a URL');
    }
    if (url.protocol !== 'https:') throw new PushEndpointRefused('not https');
    if (url.username || url.password) throw new PushEndpointRefused('credentials in the URL');
    const host = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
    const listed = this.anyHost || this.exact.has(host) || this.suffixes.some((s) => host.endsWith(s) && host.length > s.length);
    if (!listed) throw new PushEndpointRefused(`host ${host} is not a known push service`);
    if (isIP(host) && !this.addressAllowed(host)) throw new PushEndpointRefused(`address ${host} is not public`);
    return { url, host };
  }

  /** The whole check when a browser subscribes: the URL, and every address its host resolves to. */
  async check(endpoint: string): Promise<void> {
    const { host } = this.parse(endpoint);
    if (isIP(host)) return;
    await this.addressesOf(host);
  }

  /** The host's addresses, all allowed, or PushEndpointRefused; a name that does not resolve throws its own error. */
  private async addressesOf(host: string): Promise<LookupAddress[]> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`resolving ${host} took longer than ${RESOLVE_TIMEOUT_MS} ms`)), RESOLVE_TIMEOUT_MS);
    });
    try {
      const addresses = await Promise.race([this.resolve(host), deadline]);
      if (addresses.length === 0) throw new Error(`${host} has no address`);
      const refused = addresses.find((a) => !this.addressAllowed(a.address));
      if (refused) throw new PushEndpointRefused(`${host} resolves to ${refused.address}, which is not public`);
      return addresses;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * `lookup` for the push connections' agent: the connection goes to an address this policy
   * checked, never to one resolved apart from the check.
   */
  readonly lookup = (hostname: string, options: LookupOptions, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void): void => {
    this.addressesOf(hostname.toLowerCase()).then(
      (all) => {
        const wanted = options.family === 4 || options.family === 6 ? all.filter((a) => a.family === options.family) : all;
        if (wanted.length === 0) return callback(Object.assign(new Error(`${hostname} has no IPv${options.family} address`), { code: 'ENOTFOUND' }), '');
        if (options.all) return callback(null, wanted);
        return callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}
