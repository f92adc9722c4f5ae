import ipaddr from 'ipaddr.js';

/**
 * IP addresses and CIDR ranges as IP blocking stores and compares them (7.8):
 * IPv4 as a dotted quad, IPv6 compressed (RFC 5952), an IPv4-mapped IPv6
 * address as its IPv4 address, a range by its network address. One spelling
 * per address, so a ban, a whitelist entry and a duplicate check all agree.
 * Shared by the server (checks) and the console (form validation).
 */

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Longest text of an address or range (an IPv6 range with a mapped IPv4 tail and a prefix). */
export const MAX_IP_TEXT = 64;

function parseAddress(text: string): Address | null {
  const value = text.trim();
  // Only the four-part decimal form: `127.1` or `0x7f.0.0.1` are valid to inet_aton but not what anyone means.
  if (ipaddr.IPv4.isValidFourPartDecimal(value)) return ipaddr.IPv4.parse(value);
  if (!value.includes(':') || !ipaddr.IPv6.isValid(value)) return null;
  const v6 = ipaddr.IPv6.parse(value);
  // A zone (`fe80::1%eth0`) names an interface of one machine, not an address others see.
  if (v6.zoneId) return null;
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
}

const textOf = (address: Address) =>
  address.kind() === 'ipv4' ? address.toString() : (address as ipaddr.IPv6).toRFC5952String();

/** The stored spelling of an address, or null when the text is not one. */
export function normaliseAddress(text: string): string | null {
  const address = parseAddress(text);
  return address ? textOf(address) : null;
}

/**
 * The stored spelling of a whitelist entry: an address, or a range `address/bits`
 * written with its network address (`10.1.2.3/8` → `10.0.0.0/8`). A full-length
 * prefix is the address itself. Null when the text is neither.
 */
export function normaliseAddressOrRange(text: string): string | null {
  const value = text.trim();
  const slash = value.indexOf('/');
  if (slash < 0) return normaliseAddress(value);
  const bitsText = value.slice(slash + 1);
  if (!/^\d{1,3}$/.test(bitsText)) return null;
  const raw = value.slice(0, slash);
  const address = parseAddress(raw);
  if (!address) return null;
  let bits = Number(bitsText);
  // `::ffff:10.0.0.0/104` is the IPv4 range 10.0.0.0/8.
  if (address.kind() === 'ipv4' && raw.includes(':')) bits -= 96;
  const length = address.kind() === 'ipv4' ? 32 : 128;
  if (bits < 0 || bits > length) return null;
  if (bits === length) return textOf(address);
  const network =
    address.kind() === 'ipv4'
      ? ipaddr.IPv4.networkAddressFromCIDR(`${textOf(address)}/${bits}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${textOf(address)}/${bits}`);
  return `${textOf(network)}/${bits}`;
}

/** Whether a stored whitelist entry (address or range) covers a stored address. */
export function entryCovers(entry: string, address: string): boolean {
  if (!entry.includes('/')) return entry === address;
  const parsed = parseAddress(address);
  if (!parsed) return false;
  const [network, bits] = ipaddr.parseCIDR(entry);
  return parsed.kind() === network.kind() && parsed.match(network, bits);
}
