// Variable files for a jobspec, as `nomad job run -var-file` reads them: HCL
// (`name = value`, one per line) or JSON (one object). Values are literals:
// strings (quoted, with HCL's escapes, or heredocs), numbers, true, false,
// null, and lists and objects of them. Expressions are refused with the place
// they start at. Pure: text in, variables or a placed error out.

/** VarFileResult is a file's variables by name, or the first problem with its 1-based line and column. */
export type VarFileResult =
  { ok: true; variables: Record<string, unknown> } | { ok: false; line: number; column: number; message: string };

class VarFileError extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

/** readVarFile reads a variable file; a name ending in .json, or text starting with `{`, is JSON. */
export function readVarFile(name: string, text: string): VarFileResult {
  const json = /\.json$/i.test(name) || /^\s*\{/.test(text);
  try {
    return { ok: true, variables: json ? readJsonVars(text) : new HclVars(text).file() };
  } catch (e) {
    if (!(e instanceof VarFileError)) throw e;
    const before = text.slice(0, e.offset).split('\n');
    return { ok: false, line: before.length, column: before[before.length - 1]!.length + 1, message: e.message };
  }
}

function readJsonVars(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const m = /position (\d+)/.exec(e instanceof Error ? e.message : '');
    throw new VarFileError(m ? Number(m[1]) : 0, `invalid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new VarFileError(0, 'a JSON variable file holds one object of variables');
  return value as Record<string, unknown>;
}

const IDENT = /[A-Za-z_][A-Za-z0-9_-]*/y;
const NUMBER = /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' };

// HclVars reads the literal subset of HCL's native syntax a variable file uses.
class HclVars {
  private i = 0;
  constructor(private readonly s: string) {}

  file(): Record<string, unknown> {
    const vars: Record<string, unknown> = {};
    for (this.skip(true); this.i < this.s.length; this.skip(true)) {
      const at = this.i;
      const name = this.ident();
      if (Object.prototype.hasOwnProperty.call(vars, name))
        throw new VarFileError(at, `the variable "${name}" is set twice`);
      this.skip(false);
      this.expect('=', `expected "=" after the variable name "${name}"`);
      this.skip(false);
      vars[name] = this.value();
      this.skip(false);
      if (this.i < this.s.length && this.s[this.i] !== '\n')
        throw new VarFileError(this.i, 'expected a new line after the value');
    }
    return vars;
  }

  // skip passes blanks and comments, and new lines too when `lines`.
  private skip(lines: boolean): void {
    for (;;) {
      const c = this.s[this.i];
      if (c === ' ' || c === '\t' || c === '\r' || (lines && c === '\n')) this.i++;
      else if (c === '#' || (c === '/' && this.s[this.i + 1] === '/')) {
        while (this.i < this.s.length && this.s[this.i] !== '\n') this.i++;
      } else if (c === '/' && this.s[this.i + 1] === '*') {
        const end = this.s.indexOf('*/', this.i + 2);
        if (end < 0) throw new VarFileError(this.i, 'unterminated /* comment');
        this.i = end + 2;
      } else return;
    }
  }

  private expect(c: string, message: string): void {
    if (this.s[this.i] !== c) throw new VarFileError(this.i, message);
    this.i++;
  }

  private ident(): string {
    IDENT.lastIndex = this.i;
    const m = IDENT.exec(this.s);
    if (!m) throw new VarFileError(this.i, 'expected a variable name');
    this.i += m[0].length;
    return m[0];
  }

  private value(): unknown {
    const c = this.s[this.i];
    if (c === '"') return this.quoted();
    if (c === '<' && this.s[this.i + 1] === '<') return this.heredoc();
    if (c === '[') return this.list();
    if (c === '{') return this.object();
    NUMBER.lastIndex = this.i;
    const n = NUMBER.exec(this.s);
    if (n) {
      this.i += n[0].length;
      return Number(n[0]);
    }
    IDENT.lastIndex = this.i;
    const word = IDENT.exec(this.s)?.[0];
    if (word === 'true' || word === 'false' || word === 'null') {
      this.i += word.length;
      return word === 'null' ? null : word === 'true';
    }
    throw new VarFileError(
      this.i,
      'a variable file holds literal values only: a quoted string, a number, true, false, null, a list or an object',
    );
  }

  private quoted(): string {
    const start = this.i++;
    let out = '';
    while (this.i < this.s.length) {
      const c = this.s[this.i]!;
      if (c === '"') {
        this.i++;
        return out;
      }
      if (c === '\n') break;
      if ((c === '$' || c === '%') && this.s[this.i + 1] === '{')
        throw new VarFileError(
          this.i,
          'templates are not literal values; write $${ or %%{ for the characters themselves',
        );
      if ((c === '$' || c === '%') && this.s[this.i + 1] === c && this.s[this.i + 2] === '{') {
        out += c + '{';
        this.i += 3;
        continue;
      }
      if (c === '\\') {
        const e = this.s[this.i + 1] ?? '';
        if (e in ESCAPES) {
          out += ESCAPES[e];
          this.i += 2;
        } else if (e === 'u' || e === 'U') {
          const width = e === 'u' ? 4 : 8;
          const hex = this.s.slice(this.i + 2, this.i + 2 + width);
          if (!new RegExp(`^[0-9A-Fa-f]{${width}}$`).test(hex))
            throw new VarFileError(this.i, `\\${e} needs ${width} hexadecimal digits`);
          out += String.fromCodePoint(parseInt(hex, 16));
          this.i += 2 + width;
        } else throw new VarFileError(this.i, `unknown escape \\${e}`);
        continue;
      }
      out += c;
      this.i++;
    }
    throw new VarFileError(start, 'unterminated string');
  }

  // heredoc reads <<EOT … EOT and the indented <<-EOT, whose common leading blanks are removed.
  private heredoc(): string {
    const start = this.i;
    this.i += 2;
    const indented = this.s[this.i] === '-';
    if (indented) this.i++;
    const marker = this.ident();
    const eol = this.s.indexOf('\n', this.i);
    if (eol < 0 || this.s.slice(this.i, eol).trim() !== '')
      throw new VarFileError(this.i, 'expected a new line after the heredoc marker');
    const lines: string[] = [];
    let pos = eol + 1;
    for (;;) {
      if (pos > this.s.length) throw new VarFileError(start, `the heredoc has no closing ${marker}`);
      const end = this.s.indexOf('\n', pos);
      const line = (end < 0 ? this.s.slice(pos) : this.s.slice(pos, end)).replace(/\r$/, '');
      if (line.trim() === marker) {
        this.i = end < 0 ? this.s.length : end;
        break;
      }
      lines.push(line);
      pos = end < 0 ? this.s.length + 1 : end + 1;
    }
    if (indented) {
      const blanks = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)![0].length));
      return lines.map((l) => l.slice(Number.isFinite(blanks) ? blanks : 0) + '\n').join('');
    }
    return lines.map((l) => l + '\n').join('');
  }

  private list(): unknown[] {
    this.i++;
    const out: unknown[] = [];
    for (;;) {
      this.skip(true);
      if (this.s[this.i] === ']') {
        this.i++;
        return out;
      }
      out.push(this.value());
      this.skip(true);
      if (this.s[this.i] === ',') this.i++;
      else if (this.s[this.i] !== ']') throw new VarFileError(this.i, 'expected "," or "]" in the list');
    }
  }

  private object(): Record<string, unknown> {
    this.i++;
    const out: Record<string, unknown> = {};
    for (;;) {
      this.skip(true);
      if (this.s[this.i] === '}') {
        this.i++;
        return out;
      }
      const key = this.s[this.i] === '"' ? this.quoted() : this.ident();
      this.skip(false);
      if (this.s[this.i] === '=' || this.s[this.i] === ':') this.i++;
      else throw new VarFileError(this.i, `expected "=" or ":" after the key "${key}"`);
      this.skip(false);
      out[key] = this.value();
      this.skip(false);
      if (this.s[this.i] === ',') this.i++;
      else if (this.s[this.i] !== '\n' && this.s[this.i] !== '}')
        throw new VarFileError(this.i, 'expected ",", a new line or "}" in the object');
    }
  }
}
