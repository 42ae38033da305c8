// The native syntax as HashiCorp's specification (hclsyntax/spec.md)
// describes it: its examples, re-expressed as tests, and the parser's
// places and errors.

import { describe, expect, it } from 'vitest';
import { Context, evaluate } from '../../src/hcl/eval/eval.ts';
import { JOBSPEC_FUNCTIONS } from '../../src/jobspec/jobspec2/functions.ts';
import { toJson } from '../../src/hcl/eval/value.ts';
import { LineIndex } from '../../src/hcl/syntax/lines.ts';
import { parseConfig } from '../../src/hcl/syntax/parse.ts';
import { failure, value } from './helpers.ts';

describe('operators', () => {
  it('binds by HCL’s precedence levels, left to right within a level', () => {
    expect(value('1 + 2 * 3')).toBe(7);
    expect(value('8 / 2 * 4')).toBe(16);
    expect(value('10 - 2 - 3')).toBe(5);
    expect(value('1 + 2 > 2 && 3 == 3 || false')).toBe(true);
    expect(value('!true || true')).toBe(true);
    expect(value('-2 * -3')).toBe(6);
    expect(value('7 % 4')).toBe(3);
    expect(value('(1 + 2) * 3')).toBe(9);
    expect(value('2 <= 2 && 2 >= 3 == false')).toBe(true);
  });

  it('converts operands as HCL does: numeric strings are numbers', () => {
    expect(value('"3" + 1')).toBe(4);
    expect(failure('"a" + 1')).toBe('Invalid operand; Unsuitable value for left operand: a number is required.');
    expect(failure('1 && true')).toBe('Invalid operand; Unsuitable value for left operand: a bool is required.');
  });

  it('compares by type and value', () => {
    expect(value('1 == 1.0')).toBe(true);
    expect(value('"1" == 1')).toBe(false);
    expect(value('[1, "a"] == [1, "a"]')).toBe(true);
    expect(value('{a = 1} != {a = 2}')).toBe(true);
    expect(value('null == null')).toBe(true);
  });
});

describe('conditionals', () => {
  it('chooses a result, unifying a number with a string', () => {
    expect(value('true ? 1 : 2')).toBe(1);
    expect(value('false ? 1 : "a"')).toBe('a');
    expect(value('true ? 1 : "a"')).toBe('1');
  });

  it('does not evaluate the branch it does not take', () => {
    expect(value('length(l) > 0 ? l[0] : "default"', { l: [] })).toBe('default');
  });

  it('needs a bool condition', () => {
    expect(failure('"x" ? 1 : 2')).toBe('Incorrect condition type; The condition expression must be of type bool.');
    expect(failure('null ? 1 : 2')).toBe(
      'Null condition; The condition value is null. Conditions must either be true or false.',
    );
  });
});

describe('for expressions (the specification’s examples)', () => {
  it('projects lists and objects, with keys, filters and grouping', () => {
    expect(value('[for v in ["a", "b"]: v]')).toEqual(['a', 'b']);
    expect(value('[for i, v in ["a", "b"]: i]')).toEqual([0, 1]);
    expect(value('{for i, v in ["a", "b"]: v => i}')).toEqual({ a: 0, b: 1 });
    expect(value('{for i, v in ["a", "a", "b"]: v => i...}')).toEqual({ a: [0, 1], b: [2] });
    expect(value('[for i, v in ["a", "b", "c"]: v if i < 2]')).toEqual(['a', 'b']);
  });

  it('visits an object’s keys in lexical order', () => {
    expect(value('[for k, v in {b = 1, a = 2}: "${k}=${v}"]')).toEqual(['a=2', 'b=1']);
  });

  it('refuses a key produced twice without grouping', () => {
    expect(failure('{for i, v in ["a", "a", "b"]: v => i}')).toMatch(
      /^Duplicate object key; Two different items produced the key "a"/,
    );
  });

  it('reads across lines inside its brackets', () => {
    expect(value('[\n  for s in ["x"]:\n  upper(s)\n]')).toEqual(['X']);
  });
});

describe('index, attribute access and splats', () => {
  it('indexes lists and maps and reads attributes', () => {
    expect(value('[1, 2, 3][1]')).toBe(2);
    expect(value('{a = {b = [10, 20]}}.a.b[1]')).toBe(20);
    expect(value('x.list.1', { x: { list: ['a', 'b'] } })).toBe('b');
    expect(value('x["k"]', { x: { k: 'v' } })).toBe('v');
    expect(failure('[1][5]')).toBe(
      'Invalid index; The given key does not identify an element in this collection value.',
    );
    expect(failure('{a = 1}.b')).toBe('Unsupported attribute; This object does not have an attribute named "b".');
  });

  it('tells the attribute-only splat from the full one by what a trailing index applies to', () => {
    const vars = { t: [{ foo: { bar: [1, 2] } }, { foo: { bar: [3, 4] } }] };
    expect(value('t.*.foo.bar[0]', vars)).toEqual([1, 2]);
    expect(value('t[*].foo.bar[0]', vars)).toEqual([1, 3]);
  });

  it('makes a single value a list of one, and null an empty list', () => {
    expect(value('o.*.id', { o: { id: 'x' } })).toEqual(['x']);
    expect(value('n[*]', { n: 5 })).toEqual([5]);
    expect(value('z[*]', { z: null })).toEqual([]);
  });
});

describe('templates (the specification’s examples)', () => {
  it('strips spaces at strip markers, in the text only', () => {
    expect(value('"hello ${~ "world" }"')).toBe('helloworld');
    expect(value('"%{ if true ~} hello %{~ endif }"')).toBe('hello');
    expect(value('"${"hello" ~}${" world"}"')).toBe('hello world');
  });

  it('unwraps a lone interpolation', () => {
    expect(value('"${true}"')).toBe(true);
    expect(value('"${"${true}"}"')).toBe(true);
    expect(value('"hello ${true}"')).toBe('hello true');
    expect(value('"${""}${true}"')).toBe('true');
    expect(value('"%{ for v in [true] }${v}%{ endfor }"')).toBe('true');
  });

  it('reads escapes and the doubled introducers', () => {
    expect(value('"a\\tb\\n\\"\\\\ \\u00e9 \\U0001F600"')).toBe('a\tb\n"\\ é 😀');
    expect(value('"$${x} %%{y}"')).toBe('${x} %{y}');
  });

  it('runs if/else and for directives', () => {
    expect(value('"%{ if n > 1 }many%{ else }one%{ endif }"', { n: 2 })).toBe('many');
    expect(value('"%{ for i, v in ["a", "b"] }${i}${v};%{ endfor }"')).toBe('0a;1b;');
  });

  it('refuses null and collections in a template', () => {
    expect(failure('"x${null}"')).toBe(
      'Invalid template interpolation value; The expression result is null. Cannot include a null value in a string template.',
    );
    expect(failure('"x${[1]}"')).toBe(
      'Invalid template interpolation value; Cannot include the given value in a string template: string required.',
    );
  });
});

describe('heredocs', () => {
  const attr = (text: string) => {
    const { body, problems } = parseConfig(text);
    expect(problems).toEqual([]);
    const a = body.attributes[0];
    if (!a) throw new Error('no attribute');
    return toJson(evaluate(a.expr, new Context({ functions: JOBSPEC_FUNCTIONS }, new Map([['x', 'X']]))));
  };

  it('keeps lines as written, ending with a newline', () => {
    expect(attr('a = <<EOF\n  hello ${x}\n    there\nEOF\n')).toBe('  hello X\n    there\n');
  });

  it('removes the common indentation of a <<- heredoc, blank lines aside', () => {
    expect(attr('a = <<-EOT\n    indented\n\n      more\n    EOT\n')).toBe('indented\n\n  more\n');
  });

  it('keeps the next line’s indentation after a strip marker', () => {
    expect(attr('a = <<EOF\n%{ for v in ["a", "b"] ~}\n  ${v}\n%{ endfor ~}\nEOF\n')).toBe('  a\n  b\n');
  });
});

describe('the parser', () => {
  it('keeps places in UTF-16 code units, 1-based', () => {
    const text = 'job "😀" {\n  ñame = 1\n}\n';
    const { body } = parseConfig(text);
    const inner = body.blocks[0]?.body.attributes[0];
    if (!inner) throw new Error('no attribute');
    expect(new LineIndex(text).range(inner.nameSpan)).toEqual({ line: 2, column: 3, endLine: 2, endColumn: 7 });
    expect(new LineIndex(text).range(body.blocks[0]?.labelSpans[0] ?? { start: 0, end: 0 })).toEqual({
      line: 1,
      column: 5,
      endLine: 1,
      endColumn: 9,
    });
  });

  it('reads one-line blocks, comments of every kind and trailing commas', () => {
    const { body, problems } = parseConfig(
      'a { b = 1 }\n# one\n// two\n/* three\n */ c = [1, 2,]\nd = {\n  x = 1,\n  "y.z": 2\n}\n',
    );
    expect(problems).toEqual([]);
    expect(body.items.map((i) => ('type' in i ? i.type : i.name))).toEqual(['a', 'c', 'd']);
  });

  it('reports a syntax error at its place and goes on with the next line', () => {
    const { body, problems } = parseConfig('a = 1 +\nb = 2\nc = [1 2]\n');
    expect(problems.map((p) => p.summary)).toEqual(['Invalid expression', 'Missing item separator']);
    expect(body.attributes.map((a) => a.name)).toEqual(['b']);
  });

  it('refuses an argument set twice', () => {
    const { problems } = parseConfig('a = 1\na = 2\n');
    expect(problems.map((p) => `${p.summary}; ${p.detail}`)).toEqual([
      'Attribute redefined; The argument "a" was already set at 1,1. Each argument may be set only once.',
    ]);
  });

  // Each expectation below is what jobspec2 v1.1.0 prints for the same text,
  // its `line,column-endColumn` written as a range here (an empty range,
  // such as the end of the file, covers one column so that an editor can mark it).
  const placed = (text: string) => {
    const lines = new LineIndex(text);
    return parseConfig(text).problems.map((p) => {
      const r = lines.range(p.span);
      return `${r.line},${r.column}-${r.endLine},${r.endColumn}: ${p.summary}`;
    });
  };

  it('reports a block left open where the file ends, once', () => {
    expect(placed('job "j" {\n  group "g" {\n    count = 1\n')).toEqual([
      '4,1-4,2: Argument or block definition required',
    ]);
  });

  it('reports an unterminated string where it stops: the end of the file, or the end of its line', () => {
    expect(placed('job "j" {\n  group "g" {\n    meta { a = "abc')).toEqual([
      '3,20-3,21: Unterminated template string',
    ]);
    expect(placed('job "j" {\n  meta {\n    a = "abc\n  }\n}\n')[0]).toBe('3,13-4,1: Invalid multi-line string');
    expect(placed('job "j" {\n  meta {\n    a = <<EOT\nabc\n')).toEqual(['5,1-5,2: Unterminated template string']);
    expect(placed('job "j" {\n  meta {\n    a = "x"\n  }\n  /* open')).toEqual(['5,3-5,5: Unterminated block comment']);
  });

  it('refuses the one-line block forms HCL refuses, with its words and places', () => {
    const inGroup = (line: string) => placed(`job "j" {\n  group "g" {\n    ${line}\n  }\n}\n`);
    expect(inGroup('update { stagger = "10s"\n    }')).toEqual(['3,29-4,1: Invalid single-argument block definition']);
    expect(inGroup('update { stagger = "10s", max_parallel = 2 }')).toEqual([
      '3,29-3,30: Invalid single-argument block definition',
    ]);
    expect(inGroup('update { stagger = "10s"; }')).toEqual(['3,29-3,30: Invalid single-argument block definition']);
    expect(inGroup('update { network { } }')).toEqual(['3,14-3,23: Argument definition required']);
    expect(inGroup('task "t" { config {} }')).toEqual(['3,16-3,24: Argument definition required']);
    expect(inGroup('update {\n stagger = "10s" }')).toEqual(['4,18-4,19: Missing newline after argument']);
    expect(placed('job "j" { group "g" { count = 1 } }\n')).toEqual(['1,11-1,18: Argument definition required']);
    expect(inGroup('update { stagger = "10s" }}')).toEqual(['3,31-3,32: Missing newline after block definition']);
    expect(inGroup('update { stagger = "10s" }')).toEqual([]);
    expect(inGroup('update { stagger = "10s" } # a comment')).toEqual([]);
    expect(inGroup('update {}')).toEqual([]);
  });
});
