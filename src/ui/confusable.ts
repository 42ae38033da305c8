// Characters that make a name look like another: invisible ones (zero-width
// spaces and joiners, the soft hyphen, word joiners) and bidirectional
// controls (an override makes `abc‮gnp.exe` read "abcexe.png"). A scenario
// comes from anyone (a shared link), so the editor flags them and the views
// draw them as visible codes. Pure.

/** CONFUSABLE matches one invisible or bidirectional-control character. */
const CONFUSABLE = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

const NAMES: Record<string, string> = {
  '\u00AD': 'SOFT HYPHEN',
  '\u200B': 'ZERO WIDTH SPACE',
  '\u200C': 'ZERO WIDTH NON-JOINER',
  '\u200D': 'ZERO WIDTH JOINER',
  '\u200E': 'LEFT-TO-RIGHT MARK',
  '\u200F': 'RIGHT-TO-LEFT MARK',
  '\u202A': 'LEFT-TO-RIGHT EMBEDDING',
  '\u202B': 'RIGHT-TO-LEFT EMBEDDING',
  '\u202C': 'POP DIRECTIONAL FORMATTING',
  '\u202D': 'LEFT-TO-RIGHT OVERRIDE',
  '\u202E': 'RIGHT-TO-LEFT OVERRIDE',
  '\u2060': 'WORD JOINER',
  '\u2066': 'LEFT-TO-RIGHT ISOLATE',
  '\u2067': 'RIGHT-TO-LEFT ISOLATE',
  '\u2068': 'FIRST STRONG ISOLATE',
  '\u2069': 'POP DIRECTIONAL ISOLATE',
  '\uFEFF': 'ZERO WIDTH NO-BREAK SPACE',
};

// code writes a character as U+XXXX.
const code = (c: string) => 'U+' + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');

/** showConfusable writes each invisible or bidi-control character of a name as a visible ⟨U+XXXX⟩. */
export function showConfusable(text: string): string {
  return text.replace(CONFUSABLE, (c) => `⟨${code(c)}⟩`);
}

/** ConfusableAt is one such character in a text: its offset and a sentence about it. */
export interface ConfusableAt {
  offset: number;
  message: string;
}

/** MAX_FLAGGED caps how many are flagged in one text. */
const MAX_FLAGGED = 100;

/**
 * findConfusable lists the invisible and bidi-control characters of a text
 * (at most MAX_FLAGGED); a byte order mark at the very start is an editor's
 * and is not listed.
 */
export function findConfusable(text: string): ConfusableAt[] {
  const out: ConfusableAt[] = [];
  for (const m of text.matchAll(CONFUSABLE)) {
    if (m.index === 0 && m[0] === '\uFEFF') continue;
    const c = m[0];
    out.push({
      offset: m.index,
      message: `${code(c)} ${NAMES[c] ?? 'INVISIBLE CHARACTER'}: an invisible or direction-changing character, so this text may not be what it looks like.`,
    });
    if (out.length >= MAX_FLAGGED) break;
  }
  return out;
}
