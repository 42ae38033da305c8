// The CIDR functions jobspec2 offers (go-cty-funcs' cidr, on go-cidr's
// arithmetic): host and subnet addresses within an IPv4 or IPv6 prefix.

import type { Func } from '../eval/eval.ts';
import { FunctionArgError } from '../eval/problem.ts';

interface Network {
  /** addr is the network's first address. */
  addr: bigint;
  prefix: number;
  /** bits is 32 for IPv4, 128 for IPv6. */
  bits: number;
}

function parseIPv4(s: string): bigint | null {
  const parts = s.split('.');
  if (
    parts.length !== 4 ||
    parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255 || (p.length > 1 && p[0] === '0'))
  )
    return null;
  return parts.reduce((n, p) => (n << 8n) | BigInt(p), 0n);
}

function parseIPv6(s: string): bigint | null {
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (h: string): string[] | null => {
    if (h === '') return [];
    const gs = h.split(':');
    const last = gs[gs.length - 1] as string;
    if (last.includes('.')) {
      const v4 = parseIPv4(last);
      if (v4 === null) return null;
      gs.splice(-1, 1, ((v4 >> 16n) & 0xffffn).toString(16), (v4 & 0xffffn).toString(16));
    }
    return gs.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g)) ? gs : null;
  };
  const head = groups(halves[0] as string);
  const tail = halves.length === 2 ? groups(halves[1] as string) : [];
  if (!head || !tail) return null;
  const fill = 8 - head.length - tail.length;
  if ((halves.length === 1 && fill !== 0) || fill < 0 || (halves.length === 2 && fill < 1)) return null;
  return [...head, ...Array<string>(fill).fill('0'), ...tail].reduce((n, g) => (n << 16n) | BigInt('0x' + g), 0n);
}

function parseCidr(s: string, arg: number): Network {
  const [ip, len] = s.split('/');
  const v4 = ip === undefined ? null : parseIPv4(ip);
  const v6 = ip === undefined || v4 !== null ? null : parseIPv6(ip);
  const bits = v4 !== null ? 32 : 128;
  const addr = v4 ?? v6;
  const prefix = len !== undefined && /^\d+$/.test(len) ? Number(len) : NaN;
  if (addr === null || !(prefix >= 0 && prefix <= bits))
    throw new FunctionArgError(arg, `invalid CIDR expression: invalid CIDR address: ${s}`);
  const hostBits = BigInt(bits - prefix);
  return { addr: (addr >> hostBits) << hostBits, prefix, bits };
}

function ipText(addr: bigint, bits: number): string {
  if (bits === 32) return [24n, 16n, 8n, 0n].map((s) => String((addr >> s) & 0xffn)).join('.');
  const groups = Array.from({ length: 8 }, (_, i) => Number((addr >> BigInt(112 - 16 * i)) & 0xffffn));
  // Compress the longest run of two or more zero groups, as Go writes IPv6 addresses.
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) [best, bestLen] = [i, j - i];
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best === -1) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLen).join(':')}`;
}

function host(n: Network, num: number): bigint {
  const hostBits = BigInt(n.bits - n.prefix);
  const size = 1n << hostBits;
  let k = BigInt(num);
  if (k < 0n) k += size;
  if (k < 0n || k >= size) throw new Error(`prefix of ${n.prefix} does not accommodate a host numbered ${num}`);
  return n.addr | k;
}

function subnet(n: Network, newbits: number, num: number): Network {
  const prefix = n.prefix + newbits;
  if (prefix > n.bits) throw new Error(`insufficient address space to extend prefix of ${n.prefix} by ${newbits}`);
  const k = BigInt(num);
  if (k < 0n || k >= 1n << BigInt(newbits))
    throw new Error(`prefix extension of ${newbits} does not accommodate a subnet numbered ${num}`);
  return { addr: n.addr | (k << BigInt(n.bits - prefix)), prefix, bits: n.bits };
}

const whole = (v: unknown, arg: number): number => {
  if (!Number.isInteger(v)) throw new FunctionArgError(arg, 'value must be a whole number');
  return v as number;
};

const cidrText = (n: Network) => `${ipText(n.addr, n.bits)}/${n.prefix}`;

/** CIDR_FUNCTIONS are the CIDR functions, by name. */
export const CIDR_FUNCTIONS: Record<string, Func> = {
  cidrhost: {
    params: [
      { name: 'prefix', type: 'string' },
      { name: 'hostnum', type: 'number' },
    ],
    impl: ([p, h]) => {
      const n = parseCidr(p as string, 0);
      return ipText(host(n, whole(h, 1)), n.bits);
    },
  },
  cidrnetmask: {
    params: [{ name: 'prefix', type: 'string' }],
    impl: ([p]) => {
      const n = parseCidr(p as string, 0);
      if (n.bits !== 32) throw new Error('only IPv4 networks have netmasks');
      return ipText(((1n << 32n) - 1n) ^ ((1n << BigInt(32 - n.prefix)) - 1n), 32);
    },
  },
  cidrsubnet: {
    params: [
      { name: 'prefix', type: 'string' },
      { name: 'newbits', type: 'number' },
      { name: 'netnum', type: 'number' },
    ],
    impl: ([p, b, k]) => cidrText(subnet(parseCidr(p as string, 0), whole(b, 1), whole(k, 2))),
  },
  cidrsubnets: {
    params: [{ name: 'prefix', type: 'string' }],
    varParam: { name: 'newbits', type: 'number' },
    impl: ([p, ...bits]) => {
      const base = parseCidr(p as string, 0);
      const size = (prefix: number) => 1n << BigInt(base.bits - prefix);
      const end = base.addr + size(base.prefix);
      let next = base.addr;
      return bits.map((b, i) => {
        const newbits = whole(b, i + 1);
        const prefix = base.prefix + newbits;
        if (newbits < 1 || prefix > base.bits)
          throw new FunctionArgError(
            i + 1,
            `would extend prefix to ${prefix} bits, which is too long for an IPv${base.bits === 32 ? 4 : 6} address`,
          );
        // Each subnet starts at the first boundary of its size after the one before.
        const s = size(prefix);
        const start = ((next + s - 1n) / s) * s;
        if (start + s > end)
          throw new FunctionArgError(
            i + 1,
            `not enough remaining address space for a subnet with a prefix of ${prefix} bits after ${i === 0 ? cidrText(base) : 'the previous one'}`,
          );
        next = start + s;
        return cidrText({ addr: start, prefix, bits: base.bits });
      });
    },
  },
};
