// The link codec: round trips, and a clear, distinct error for every way a
// link can be bad (corrupt, truncated, oversized, not UTF-8, not JSON, not
// a scenario).

import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fromBase64url, toBase64url } from '../../src/share/base64url.ts';
import { inflateRaw } from '../../src/share/deflate.ts';
import { decodeLink, encodeLink, LINK_PREFIX, linkURL } from '../../src/share/linkCodec.ts';
import { LinkErrorCode } from '../../src/share/linkErrors.ts';
import { fixtureText } from '../cli/helpers.ts';

const FIXTURES = [
  'first-placement',
  'canary-awaiting-promotion',
  'draining-node',
  'failed-rescheduled',
  'lost-node',
  'rolling-update',
];

// fragment makes a link out of raw bytes, compressed as the format says (with node's zlib, to check the format, not our own encoder).
function fragmentOf(bytes: Uint8Array): string {
  return LINK_PREFIX + toBase64url(deflateRawSync(bytes));
}

async function errorCode(hash: string, options = {}): Promise<string> {
  const r = await decodeLink(hash, options);
  if (r.ok) throw new Error('expected the link to be refused');
  return r.error.code;
}

describe('encodeLink and decodeLink', () => {
  it.each(FIXTURES)('round-trips the %s fixture exactly', async (name) => {
    const text = fixtureText(name);
    const hash = await encodeLink(text);
    expect(hash.startsWith('#s=')).toBe(true);
    expect(hash.slice(3)).toMatch(/^[A-Za-z0-9_-]+$/);
    const back = await decodeLink(hash);
    expect(back.ok && back.text).toBe(text);
  });

  it('keeps text outside ASCII', async () => {
    const text = JSON.stringify({ ...JSON.parse(fixtureText('first-placement')), Name: 'Kanarienvogel 🐤 — “ß”' });
    const back = await decodeLink(await encodeLink(text));
    expect(back.ok && back.name).toBe('Kanarienvogel 🐤 — “ß”');
  });

  it('writes the documented format: base64url of raw DEFLATE of UTF-8 JSON', async () => {
    const text = fixtureText('first-placement');
    const hash = await encodeLink(text);
    const bytes = fromBase64url(hash.slice(3))!;
    expect(inflateRawSync(bytes).toString('utf8')).toBe(text);
    // And it reads links made by other DEFLATE implementations.
    const other = await decodeLink(fragmentOf(new TextEncoder().encode(text)));
    expect(other.ok && other.text).toBe(text);
  });

  it('tolerates padding and whitespace added by other tools', async () => {
    const hash = await encodeLink(fixtureText('first-placement'));
    const padded = hash + '='.repeat((4 - ((hash.length - 3) % 4)) % 4);
    expect((await decodeLink(padded)).ok).toBe(true);
    expect((await decodeLink(hash.slice(0, 20) + '\n ' + hash.slice(20))).ok).toBe(true);
  });

  it('puts the fragment after a base address, replacing its own', () => {
    expect(linkURL('https://x.example/p/', '#s=abc')).toBe('https://x.example/p/#s=abc');
    expect(linkURL('https://x.example/p/#old', '#s=abc')).toBe('https://x.example/p/#s=abc');
  });
});

describe('decodeLink refuses bad links, each with its own error', () => {
  it('a fragment that is not a link', async () => {
    expect(await errorCode('#section')).toBe(LinkErrorCode.NotALink);
    expect(await errorCode('')).toBe(LinkErrorCode.NotALink);
  });

  it('an empty link', async () => {
    expect(await errorCode('#s=')).toBe(LinkErrorCode.Empty);
  });

  it('characters outside base64url', async () => {
    expect(await errorCode('#s=abc$def')).toBe(LinkErrorCode.BadBase64);
    expect(await errorCode('#s=ab+/')).toBe(LinkErrorCode.BadBase64);
    expect(await errorCode('#s=abcde')).toBe(LinkErrorCode.BadBase64); // a length no base64 has
  });

  it('a truncated link', async () => {
    const hash = await encodeLink(fixtureText('rolling-update'));
    for (const cut of [0.3, 0.6, 0.9]) {
      expect(await errorCode(hash.slice(0, Math.floor(hash.length * cut)))).toBe(LinkErrorCode.BadDeflate);
    }
  });

  it('damaged compressed data', async () => {
    expect(await errorCode('#s=' + toBase64url(new TextEncoder().encode('not deflate at all')))).toBe(
      LinkErrorCode.BadDeflate,
    );
  });

  it('a link whose scenario is larger than the cap', async () => {
    const big = JSON.stringify({ Name: 'x'.repeat(20_000) });
    const r = await decodeLink(await encodeLink(big), { maxBytes: 10_000 });
    expect(!r.ok && r.error.code).toBe(LinkErrorCode.TooLarge);
    expect(!r.ok && r.error.message).toMatch(/too large.*10 KB/);
  });

  it('a link that is itself too long', async () => {
    expect(await errorCode('#s=' + 'A'.repeat(100), { maxChars: 99 })).toBe(LinkErrorCode.TooLarge);
  });

  it('a zip bomb stops at the cap, not after inflating everything', async () => {
    // 1 MB of zeros, compressed as a byte-aligned, non-final run of blocks
    // (a full flush resets the dictionary, so copies can follow one
    // another), repeated 1024 times and closed by an empty final block: a
    // valid stream of 1 GB of zeros in about 1 MB. Inflating all of it
    // would take seconds and a gigabyte; the cap stops it after 5 MB.
    const block = deflateRawSync(new Uint8Array(1024 * 1024), { finishFlush: constants.Z_FULL_FLUSH });
    const end = deflateRawSync(new Uint8Array(0));
    const bomb = new Uint8Array(block.length * 1024 + end.length);
    for (let i = 0; i < 1024; i++) bomb.set(block, i * block.length);
    bomb.set(end, block.length * 1024);
    expect(inflateRawSync(bomb.subarray(0, block.length * 3 + 0), { finishFlush: constants.Z_SYNC_FLUSH }).length).toBe(
      3 * 1024 * 1024,
    );
    expect(await inflateRaw(bomb, 5 * 1024 * 1024)).toEqual({ ok: false, reason: 'too-large' });
    expect(await errorCode(LINK_PREFIX + toBase64url(bomb))).toBe(LinkErrorCode.TooLarge);
  }, 30_000);

  it('bytes that are not UTF-8', async () => {
    expect(await errorCode(fragmentOf(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])))).toBe(LinkErrorCode.BadUtf8);
  });

  it('text that is not JSON', async () => {
    const r = await decodeLink(fragmentOf(new TextEncoder().encode('job "web" {}')));
    expect(!r.ok && r.error.code).toBe(LinkErrorCode.NotJson);
  });

  it('JSON that is not a scenario, naming the first problem', async () => {
    const r = await decodeLink(await encodeLink(fixtureText('invalid-client-status')));
    expect(!r.ok && r.error.code).toBe(LinkErrorCode.NotScenario);
    expect(!r.ok && r.error.message).toContain('Allocations[0].ClientStatus');
    expect(await errorCode(await encodeLink('[1, 2]'))).toBe(LinkErrorCode.NotScenario);
  });

  it('gives a different message for every code', async () => {
    const cases = [
      '#x',
      '#s=',
      '#s=$',
      '#s=' + toBase64url(new Uint8Array([1, 2, 3])),
      fragmentOf(new Uint8Array([0xff])),
      fragmentOf(new TextEncoder().encode('{')),
      await encodeLink('{}'),
    ];
    const messages = new Set<string>();
    for (const hash of cases) {
      const r = await decodeLink(hash);
      if (!r.ok) messages.add(r.error.message);
    }
    expect(messages.size).toBe(cases.length);
  });
});

describe('links to scenarios whose job is an HCL jobspec', () => {
  it('round-trip, with the jobspec read as the scenario reader reads it', async () => {
    const spec =
      'job "web" {\n  datacenters = ["dc1"]\n  group "web" {\n    count = 2\n    task "app" {\n      driver = "docker"\n      config {\n        image = "nginx"\n      }\n    }\n  }\n}\n';
    const text = JSON.stringify({ JobSpec: spec, Now: '2026-01-01T00:00:00Z', Nodes: [] }, null, 2);
    const back = await decodeLink(await encodeLink(text));
    if (!back.ok) throw new Error(back.error.message);
    expect(back.text).toBe(text);
    const wrong = await decodeLink(await encodeLink(text.replace('count = 2', 'count = \\"two\\"')));
    expect(wrong.ok || wrong.error.code).toBe('not-scenario');
  }, 60_000);
});
