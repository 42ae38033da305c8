// base64url without padding (RFC 4648 §5), the alphabet that survives in a
// URL fragment unescaped. Pure; uses only btoa/atob, which browsers and
// Node share.

const CHUNK = 0x8000;

/** toBase64url encodes bytes as base64url without padding. */
export function toBase64url(bytes: Uint8Array): string {
  let binary = '';
  // String.fromCharCode takes its arguments on the stack: go in chunks.
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * fromBase64url decodes base64url text, or returns null when it is not
 * base64url. Padding is tolerated (some tools add it) and so is whitespace
 * (mail programs wrap long links); nothing else is.
 */
export function fromBase64url(text: string): Uint8Array | null {
  const clean = text.replace(/\s+/g, '').replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(clean) || clean.length % 4 === 1) return null;
  let binary: string;
  try {
    binary = atob(clean.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
