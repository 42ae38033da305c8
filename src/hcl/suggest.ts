// HCL's "Did you mean …?": the name closest to a misspelt one, when it is
// close enough to be a likely typo.

/** levenshtein is the edit distance between two strings (insertions, deletions, substitutions). */
export function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j] as number;
      row[j] = Math.min(up + 1, (row[j - 1] as number) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return row[b.length] as number;
}

/**
 * nameSuggestion picks, among `names`, the one closest to `given` by edit
 * distance, if that distance is under 3 (HCL's threshold); the earlier name
 * wins a tie. Returns "" when none is close enough.
 */
export function nameSuggestion(given: string, names: readonly string[]): string {
  let best = '';
  let bestDistance = 3;
  for (const name of names) {
    const d = levenshtein(given, name);
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  return best;
}
