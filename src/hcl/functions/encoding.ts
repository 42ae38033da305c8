// The encoding, hashing and UUID functions jobspec2 offers: base64, JSON,
// CSV, URL query escaping, md5/sha*, uuidv4/uuidv5.

import { depthOf } from '../budget.ts';
import type { Func } from '../eval/eval.ts';
import { FunctionArgError } from '../eval/problem.ts';
import { type Value, type ValueMap, formatNumber, fromJson, sortedKeys } from '../eval/value.ts';
import { md5, sha1, sha1Bytes, sha256, sha512, utf8 } from './hash.ts';

const str = (name: string) => ({ name, type: 'string' as const });

function hashFunc(f: (b: Uint8Array) => string): Func {
  return { params: [str('str')], impl: ([s]) => f(utf8(s as string)) };
}

/** jsonEncode writes a value as cty's JSON encoder does: keys sorted, `<`, `>` and `&` escaped as Go escapes them. */
export function jsonEncode(v: Value): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error('value must be a finite number');
    return formatNumber(v);
  }
  if (typeof v === 'string')
    return JSON.stringify(v).replace(
      /[<>&\u2028\u2029]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  if (Array.isArray(v)) return `[${v.map(jsonEncode).join(',')}]`;
  return `{${sortedKeys(v)
    .map((k) => `${jsonEncode(k)}:${jsonEncode(v.get(k) as Value)}`)
    .join(',')}}`;
}

// csvRows reads CSV as Go's encoding/csv does (RFC 4180 quoting, every row as long as the first).
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(field);
    field = '';
    if (!(row.length === 1 && row[0] === '')) rows.push(row);
    row = [];
  };
  while (i < text.length) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (c === '"') {
        quoted = false;
        i++;
      } else {
        field += c;
        i++;
      }
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      if (c === '\r') i++;
      endRow();
    } else if (c === '"') throw new Error(`parse error on line ${rows.length + 1}: bare " in non-quoted field`);
    else field += c;
    i++;
  }
  if (quoted) throw new Error(`parse error on line ${rows.length + 1}: extraneous or missing " in quoted-field`);
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

const UUID_NAMESPACES: Record<string, string> = {
  dns: '6ba7b810-9dad-11d1-80b4-00c04fd430c8',
  url: '6ba7b811-9dad-11d1-80b4-00c04fd430c8',
  oid: '6ba7b812-9dad-11d1-80b4-00c04fd430c8',
  x500: '6ba7b814-9dad-11d1-80b4-00c04fd430c8',
};

function uuidBytes(s: string): Uint8Array | null {
  const hex = s
    .replace(/^urn:uuid:/i, '')
    .replace(/^\{(.*)\}$/, '$1')
    .replace(/-/g, '');
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) return null;
  return Uint8Array.from(hex.match(/../g) as string[], (h) => parseInt(h, 16));
}

function uuidText(b: Uint8Array): string {
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** ENCODING_FUNCTIONS are the encoding, hashing and UUID functions, by name. */
export const ENCODING_FUNCTIONS: Record<string, Func> = {
  base64encode: {
    params: [str('str')],
    impl: ([s]) => {
      let bin = '';
      for (const b of utf8(s as string)) bin += String.fromCharCode(b);
      return btoa(bin);
    },
  },
  base64decode: {
    params: [str('str')],
    impl: ([s]) => {
      let bin: string;
      try {
        bin = atob(s as string);
      } catch {
        throw new FunctionArgError(0, `failed to decode base64 data '${s as string}'`);
      }
      try {
        return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
      } catch {
        throw new FunctionArgError(0, 'the result of decoding the provided string is not valid UTF-8');
      }
    },
  },
  jsonencode: { params: [{ name: 'val', type: 'any', allowNull: true }], impl: ([v]) => jsonEncode(v) },
  jsondecode: {
    params: [str('str')],
    impl: ([s], budget) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(s as string);
      } catch (e) {
        throw new FunctionArgError(0, e instanceof Error ? e.message : String(e));
      }
      // The parser does not recurse, but turning its result into values does.
      budget.nesting(depthOf(parsed));
      return fromJson(parsed);
    },
  },
  csvdecode: {
    params: [str('str')],
    impl: ([s]) => {
      const rows = csvRows(s as string);
      const header = rows[0];
      if (!header) throw new Error('missing header line');
      return rows.slice(1).map((r, i) => {
        if (r.length !== header.length) throw new Error(`record on line ${i + 2}: wrong number of fields`);
        const m: ValueMap = new Map();
        header.forEach((h, j) => m.set(h, r[j] as string));
        return m;
      });
    },
  },
  urlencode: {
    params: [str('str')],
    impl: ([s]) => {
      let out = '';
      for (const b of utf8(s as string)) {
        const c = String.fromCharCode(b);
        if (/[A-Za-z0-9\-_.~]/.test(c)) out += c;
        else if (c === ' ') out += '+';
        else out += '%' + b.toString(16).toUpperCase().padStart(2, '0');
      }
      return out;
    },
  },
  md5: hashFunc(md5),
  sha1: hashFunc(sha1),
  sha256: hashFunc(sha256),
  sha512: hashFunc(sha512),
  uuidv4: { params: [], impl: () => crypto.randomUUID() },
  uuidv5: {
    params: [str('namespace'), str('name')],
    impl: ([ns, name]) => {
      const space = uuidBytes(UUID_NAMESPACES[ns as string] ?? (ns as string));
      if (!space) throw new FunctionArgError(0, `uuidv5() doesn't support namespace ${ns as string}`);
      const input = new Uint8Array([...space, ...utf8(name as string)]);
      const b = sha1Bytes(input).slice(0, 16);
      b[6] = ((b[6] as number) & 0x0f) | 0x50;
      b[8] = ((b[8] as number) & 0x3f) | 0x80;
      return uuidText(b);
    },
  },
};
