// The shareable link: `#s=` followed by the base64url text (no padding) of
// the raw-DEFLATE-compressed UTF-8 JSON of a scenario document. Encoding
// and decoding are pure (no location, no storage); decoding never throws on
// a bad link: it says what is wrong with it.

import { readScenarioAsync } from '../scenario/readAsync.ts';
import type { TabTexts } from '../scenario/tabs.ts';
import { formatDiagnosticBrief } from './describe.ts';
import { splitDocument } from './documentText.ts';
import { fromBase64url, toBase64url } from './base64url.ts';
import { deflateRaw, inflateRaw } from './deflate.ts';
import { type LinkError, LinkErrorCode, linkError } from './linkErrors.ts';

/** LINK_PREFIX starts every shared link's fragment. */
export const LINK_PREFIX = '#s=';

/** MAX_DOCUMENT_BYTES caps what a link may decompress to: 5 MiB, far more than any hand-made scenario. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

/** MAX_LINK_CHARS caps the encoded text read at all (browsers keep URLs under 2 MB; this is well above). */
export const MAX_LINK_CHARS = 8 * 1024 * 1024;

/**
 * DocumentCheck is whether a document's text reads as a scenario, with the
 * scenario's name and the editors' texts it splits into, or why it does
 * not. Splitting is part of the check: it walks the whole text (a link's
 * one-line document of a million values took the page half a second).
 */
export type DocumentCheck = { ok: true; name: string; texts: TabTexts } | { ok: false; error: LinkError };

/**
 * DecodeOptions tune decoding: tests lower the caps, and the page reads the
 * scenario in a worker with a time limit (`check`): a link's text is
 * hostile, and reading it in the page could hold it for ever.
 */
export interface DecodeOptions {
  maxBytes?: number;
  maxChars?: number;
  check?: (text: string) => Promise<DocumentCheck>;
}

/** DecodedLink is the scenario document text a link holds, its scenario's name and its editors' texts, or why it cannot be opened. */
export type DecodedLink = { ok: true; text: string; name: string; texts: TabTexts } | { ok: false; error: LinkError };

/** isShareHash tells whether a location.hash is a shared link (good or bad). */
export function isShareHash(hash: string): boolean {
  return hash.startsWith(LINK_PREFIX);
}

/** encodeLink makes the `#s=…` fragment for a scenario document's text. */
export async function encodeLink(documentText: string): Promise<string> {
  const bytes = new TextEncoder().encode(documentText);
  return LINK_PREFIX + toBase64url(await deflateRaw(bytes));
}

/** linkURL puts an encoded fragment after a base address, replacing any fragment the base has. */
export function linkURL(base: string, fragment: string): string {
  const hashAt = base.indexOf('#');
  return (hashAt >= 0 ? base.slice(0, hashAt) : base) + fragment;
}

/**
 * decodeLink reads a `#s=…` fragment (location.hash) back into scenario
 * text. Each way it can fail has its own error: not a link, empty, not
 * base64url, truncated or damaged compressed data, over the size cap, not
 * UTF-8, not JSON, not a scenario (the reader's first problems are named).
 */
export async function decodeLink(hash: string, options: DecodeOptions = {}): Promise<DecodedLink> {
  const maxBytes = options.maxBytes ?? MAX_DOCUMENT_BYTES;
  const maxChars = options.maxChars ?? MAX_LINK_CHARS;
  if (!isShareHash(hash)) return { ok: false, error: linkError(LinkErrorCode.NotALink) };
  const payload = hash.slice(LINK_PREFIX.length);
  if (payload.trim() === '') return { ok: false, error: linkError(LinkErrorCode.Empty) };
  if (payload.length > maxChars) {
    return {
      ok: false,
      error: linkError(LinkErrorCode.TooLarge, `it is ${payload.length} characters long; the limit is ${maxChars}.`),
    };
  }
  const compressed = fromBase64url(payload);
  if (compressed === null) return { ok: false, error: linkError(LinkErrorCode.BadBase64) };
  const inflated = await inflateRaw(compressed, maxBytes);
  if (!inflated.ok) {
    return inflated.reason === 'too-large'
      ? { ok: false, error: linkError(LinkErrorCode.TooLarge, `its scenario would be over ${formatBytes(maxBytes)}.`) }
      : { ok: false, error: linkError(LinkErrorCode.BadDeflate) };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(inflated.bytes);
  } catch {
    return { ok: false, error: linkError(LinkErrorCode.BadUtf8) };
  }
  const checked = await (options.check ?? checkDocument)(text);
  return checked.ok ? { ...checked, text } : checked;
}

/**
 * checkDocument accepts the text only when it is JSON and reads as a
 * scenario (an HCL JobSpec included: its parser is then loaded). It runs
 * where it is called, without a time limit: the page calls it in a worker.
 */
export async function checkDocument(text: string): Promise<DocumentCheck> {
  try {
    JSON.parse(text);
  } catch (e) {
    return { ok: false, error: linkError(LinkErrorCode.NotJson, e instanceof Error ? e.message : String(e)) };
  }
  const read = await readScenarioAsync(text);
  if (!read.ok)
    return { ok: false, error: linkError(LinkErrorCode.NotScenario, formatDiagnosticBrief(read.diagnostics)) };
  // A scenario read from JSON text is a JSON object, which always splits.
  const texts = splitDocument(text);
  if (!texts) return { ok: false, error: linkError(LinkErrorCode.NotScenario, 'it is not a JSON object.') };
  return { ok: true, name: read.scenario.Name, texts };
}

/** formatBytes renders a size as people read it (KB, MB). */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
}
