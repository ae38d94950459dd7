import { BlockList, isIP, isIPv4 } from "node:net";

/**
 * Addresses an outbound request to a tenant-chosen host must never reach: this host, private
 * networks, link-local (cloud metadata at 169.254.169.254 and fd00:ec2::254 included), CGNAT,
 * unspecified, documentation, benchmarking, multicast and reserved ranges.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["::ffff:0:0:0", 96], // IPv4-translated (SIIT)
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(network, prefix, "ipv6");

/** The 8 groups of an IPv6 address (with an embedded dotted IPv4 tail allowed). */
const ipv6Groups = (address: string): number[] => {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a, b, c, d] = dotted[1].split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) =>
    part === "" ? [] : part.split(":").map((group) => Number.parseInt(group, 16));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
};

/**
 * The IPv4 address an IPv6 address carries (IPv4-mapped `::ffff:a.b.c.d`, or the deprecated
 * IPv4-compatible `::a.b.c.d`), so `::ffff:127.0.0.1` is judged as 127.0.0.1.
 */
const embeddedIPv4 = (address: string): string | undefined => {
  const groups = ipv6Groups(address);
  const prefixZero = groups.slice(0, 5).every((group) => group === 0);
  if (!prefixZero || (groups[5] !== 0xffff && groups[5] !== 0)) return undefined;
  const [high = 0, low = 0] = groups.slice(6);
  if (groups[5] === 0 && high === 0) return undefined; // :: and ::1, judged as IPv6
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
};

/** A literal without brackets or zone (`[fe80::1%eth0]` -> `fe80::1`). */
const bareAddress = (address: string): string => address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");

/** Whether an outbound request may connect to this IP address (a literal, after DNS). */
export const isPublicAddress = (address: string): boolean => {
  const bare = bareAddress(address);
  const family = isIP(bare);
  if (family === 0) return false;
  if (isIPv4(bare)) return !blocked.check(bare, "ipv4");
  const v4 = embeddedIPv4(bare);
  if (v4 !== undefined) return !blocked.check(v4, "ipv4");
  return !blocked.check(bare, "ipv6");
};

/**
 * The address policy of one guarded client: public addresses, plus exactly the addresses or CIDR
 * ranges the composition root names in `allow` (a local test server, a development emulator; never
 * set on a deployment). An IPv4-mapped IPv6 address is judged by the IPv4 address it carries.
 */
export const addressPolicy = (allow: readonly string[] = []): ((address: string) => boolean) => {
  if (allow.length === 0) return isPublicAddress;
  const allowed = new BlockList();
  for (const entry of allow) {
    const [network = "", prefixText, extra] = entry.trim().split("/");
    const family = isIP(network);
    const prefix = prefixText === undefined ? (family === 6 ? 128 : 32) : Number(prefixText);
    if (
      family === 0 ||
      extra !== undefined ||
      !Number.isInteger(prefix) ||
      prefix < 0 ||
      prefix > (family === 6 ? 128 : 32)
    )
      throw new Error(`allowAddresses: "${entry}" is not an IP address or CIDR range`);
    allowed.addSubnet(network, prefix, family === 6 ? "ipv6" : "ipv4");
  }
  return (address) => {
    if (isPublicAddress(address)) return true;
    const bare = bareAddress(address);
    if (isIP(bare) === 0) return false;
    if (isIPv4(bare)) return allowed.check(bare, "ipv4");
    const v4 = embeddedIPv4(bare);
    return v4 !== undefined ? allowed.check(v4, "ipv4") : allowed.check(bare, "ipv6");
  };
};
