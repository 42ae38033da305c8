// The function library jobspec2 offers, against the results HashiCorp
// documents for cty's functions (and Terraform's documentation of the same
// functions), and the clear refusal of those the playground cannot run.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JOBSPEC_FUNCTIONS } from '../../src/jobspec/jobspec2/functions.ts';
import { failure, value } from './helpers.ts';

describe('the library', () => {
  it('has every function jobspec2 declares at Nomad v1.1.0, and no other', () => {
    const names = readFileSync(new URL('../fixtures/hcl/jobspec2-functions.txt', import.meta.url), 'utf8')
      .trim()
      .split('\n');
    expect([...JOBSPEC_FUNCTIONS.keys()].sort()).toEqual(names.sort());
  });
});

describe('coalesce', () => {
  // Each answer is jobspec2 v1.1.0's (cty v1.8.0's coalesce), read back through jsonencode.
  it('skips only null, and converts its answer to the type every argument unifies to', () => {
    expect(value('coalesce("", "a")')).toBe('');
    expect(value('coalesce(null, "a")')).toBe('a');
    expect(value('coalesce(1, "a")')).toBe('1');
    expect(value('coalesce(null, 1, "a")')).toBe('1');
    expect(value('coalesce(null, 1)')).toBe(1);
    expect(value('coalesce(true, "x")')).toBe('true');
    expect(value('coalesce([], [1])')).toEqual([]);
    expect(value('coalesce(null, [1], ["a"])')).toEqual([1]);
    expect(value('coalesce({a = 1}, {b = "x"})')).toEqual({ a: '1' });
  });

  it('refuses arguments without a common type, and only nulls', () => {
    const failed = (why: string) => `Error in function call; Call to function "coalesce" failed: ${why}.`;
    for (const args of ['true, 1', '2, true', '"x", [1]', ''])
      expect(failure(`coalesce(${args})`)).toBe(failed('all arguments must have the same type'));
    expect(failure('coalesce(null)')).toBe(failed('no non-null arguments'));
  });
});

describe('strings', () => {
  it('changes case, trims and splits', () => {
    expect(value('upper("hello")')).toBe('HELLO');
    expect(value('lower("HELLO")')).toBe('hello');
    expect(value('title("hello world")')).toBe('Hello World');
    expect(value('chomp("hello\\n\\n")')).toBe('hello');
    expect(value('trimspace("  hello\\n")')).toBe('hello');
    expect(value('trim("?!hello?!", "!?")')).toBe('hello');
    expect(value('trimprefix("helloworld", "hello")')).toBe('world');
    expect(value('trimsuffix("helloworld", "world")')).toBe('hello');
    expect(value('split(",", "foo,bar,baz")')).toEqual(['foo', 'bar', 'baz']);
    expect(value('join(", ", ["foo", "bar"], ["baz"])')).toBe('foo, bar, baz');
    expect(value('strrev("hello")')).toBe('olleh');
    expect(value('substr("hello world", 1, 4)')).toBe('ello');
    expect(value('substr("hello world", -5, -1)')).toBe('world');
    expect(value('indent(2, "[\\n  foo,\\n]")')).toBe('[\n    foo,\n  ]');
  });

  it('replaces text and patterns', () => {
    expect(value('replace("1 + 2 + 3", "+", "-")')).toBe('1 - 2 - 3');
    // Nomad's replace is cty's: a `/…/` substring is plain text, not a pattern (Terraform's is a pattern).
    expect(value('replace("hello world", "/w.*d/", "everybody")')).toBe('hello world');
    expect(value('replace("a/w.*d/b", "/w.*d/", "-")')).toBe('a-b');
    expect(value('replace("abc", "", "-")')).toBe('-a-b-c-');
    expect(value('regex_replace("abc-123", "([a-z]+)-([0-9]+)", "$2-$1")')).toBe('123-abc');
  });

  it('matches patterns as Go’s regexp (RE2) does, in time linear in the text', () => {
    // Backtracking engines take for ever on this one; RE2 answers at once.
    expect(value(`regex_replace("${'a'.repeat(36)}!", "^(a+)+$", "x")`)).toBe(`${'a'.repeat(36)}!`);
    expect(value('regex_replace("Hello", "(?i)hello", "bye")')).toBe('bye');
    expect(value('regex_replace("a.b", "\\\\Ab", "x")')).toBe('a.b');
    expect(value('regex_replace("key=value", "(?P<k>\\\\w+)=(?P<v>\\\\w+)", "$${v}=$${k}")')).toBe('value=key');
    // Go's expansion (HCL writes `${` as `$${`): `$1x` names a group "1x" (there is none), `$$` is a dollar, a lone `$` stays.
    expect(value('regex_replace("ab", "(a)", "$1x|$${1}x|$$|$")')).toBe('|ax|$|$b');
    // An empty match right after a match is not replaced.
    expect(value('regex_replace("baaac", "a*", "X")')).toBe('XbXcX');
    expect(value('regex_replace("héllo😀", "[^a-z]", "_")')).toBe('h_llo_');
  });

  it('refuses what Go’s regexp refuses, in Go’s words', () => {
    expect(failure('regex_replace("aa", "(a)\\\\1", "x")')).toBe(
      'Error in function call; Call to function "regex_replace" failed: error parsing regexp: invalid escape sequence: `\\1`.',
    );
    expect(failure('regex_replace("ab", "a(?=b)", "x")')).toBe(
      'Error in function call; Call to function "regex_replace" failed: error parsing regexp: invalid or unsupported Perl syntax: `(?=`.',
    );
    // Nomad v1.1.0 was built with Go 1.16, which names a group only as (?P<name>…).
    expect(failure('regex_replace("ab", "(?<x>a)", "x")')).toBe(
      'Error in function call; Call to function "regex_replace" failed: error parsing regexp: invalid or unsupported Perl syntax: `(?<`.',
    );
    expect(value('regex_replace("a<b", "[(?<]", "x")')).toBe('axb');
  });

  it('formats as printf does', () => {
    expect(value('format("Hello, %s!", "Ander")')).toBe('Hello, Ander!');
    expect(value('format("There are %d lights", 4)')).toBe('There are 4 lights');
    expect(value('format("%5.2f|%-3s|%03d|%x|%t|%q", 3.14159, "a", 7, 255, true, "q")')).toBe(
      ' 3.14|a  |007|ff|true|"q"',
    );
    expect(value('format("%[2]s %[1]s", "a", "b")')).toBe('b a');
    expect(value('format("%v %v", [1], {a = 1})')).toBe('[1] {"a":1}');
    expect(value('formatlist("Hello, %s!", ["Valentina", "Ander"])')).toEqual(['Hello, Valentina!', 'Hello, Ander!']);
    expect(failure('format("%d", "x")')).toBe(
      'Error in function call; Call to function "format" failed: unsupported value for "%d" at 0: a number is required.',
    );
  });
});

describe('collections', () => {
  it('looks up, measures and combines', () => {
    expect(value('length([1, 2])')).toBe(2);
    expect(value('length({a = 1})')).toBe(1);
    expect(value('keys({b = 1, a = 2})')).toEqual(['a', 'b']);
    expect(value('values({b = 1, a = 2})')).toEqual([2, 1]);
    expect(value('lookup({a = "ay"}, "a", "what?")')).toBe('ay');
    expect(value('lookup({a = "ay"}, "c", "what?")')).toBe('what?');
    expect(value('element(["a", "b", "c"], 3)')).toBe('a');
    expect(value('index({a = 1}, "a")')).toBe(1);
    expect(value('contains(["a", "b"], "b")')).toBe(true);
    expect(value('concat(["a", ""], ["b", "c"])')).toEqual(['a', '', 'b', 'c']);
    expect(value('flatten([["a", "b"], [], ["c", ["d"]]])')).toEqual(['a', 'b', 'c', 'd']);
    expect(value('distinct(["a", "b", "a", "c"])')).toEqual(['a', 'b', 'c']);
    expect(value('compact(["a", "", "b"])')).toEqual(['a', 'b']);
    expect(value('chunklist(["a", "b", "c"], 2)')).toEqual([['a', 'b'], ['c']]);
    expect(value('coalesce(null, "b")')).toBe('b');
    expect(value('coalescelist([], ["c"])')).toEqual(['c']);
    expect(value('merge({a = 1, b = 2}, {b = 3})')).toEqual({ a: 1, b: 3 });
    expect(value('range(3)')).toEqual([0, 1, 2]);
    expect(value('range(1, 8, 2)')).toEqual([1, 3, 5, 7]);
    expect(value('slice(["a", "b", "c", "d"], 1, 3)')).toEqual(['b', 'c']);
    expect(value('sort(["e", "d", "a"])')).toEqual(['a', 'd', 'e']);
    expect(value('setunion(["a", "b"], ["b", "c"])')).toEqual(['a', 'b', 'c']);
    expect(value('setintersection(["a", "b"], ["b", "c"])')).toEqual(['b']);
    expect(value('setproduct(["a", "b"], ["x"])')).toEqual([
      ['a', 'x'],
      ['b', 'x'],
    ]);
    expect(value('zipmap(["a", "b"], [1, 2])')).toEqual({ a: 1, b: 2 });
    expect(value('concat([["a"], ["b"]]...)')).toEqual(['a', 'b']);
  });

  it('reports a missing key and bad arguments in HCL’s words', () => {
    expect(failure('lookup({a = 1}, "b")')).toBe(
      'Error in function call; Call to function "lookup" failed: lookup failed to find \'b\'.',
    );
    expect(failure('upper(1, 2)')).toBe('Too many function arguments; Function "upper" expects only 1 argument(s).');
    expect(failure('upper()')).toBe(
      'Not enough function arguments; Function "upper" expects 1 argument(s). Missing value for "str".',
    );
    expect(failure('upper([])')).toBe('Invalid function argument; Invalid value for "str" parameter: string required.');
    expect(failure('uper("x")')).toBe(
      'Call to unknown function; There is no function named "uper". Did you mean "upper"?',
    );
  });
});

describe('numbers', () => {
  it('computes as cty does', () => {
    expect(value('abs(-12.4)')).toBe(12.4);
    expect(value('ceil(4.1)')).toBe(5);
    expect(value('floor(4.9)')).toBe(4);
    expect(value('log(16, 2)')).toBe(4);
    expect(value('pow(3, 2)')).toBe(9);
    expect(value('signum(-13)')).toBe(-1);
    expect(value('max(12, 54, 3)')).toBe(54);
    expect(value('min(12, 54, 3)')).toBe(3);
    expect(value('parseint("100", 10)')).toBe(100);
    expect(value('parseint("FF", 16)')).toBe(255);
    expect(value('parseint("-10", 16)')).toBe(-16);
    expect(value('parseint("1011111011101111", 2)')).toBe(48879);
    expect(value('parseint("aA", 62)')).toBe(656);
    expect(failure('parseint("12", 2)')).toBe(
      'Invalid function argument; Invalid value for "number" parameter: cannot parse "12" as a base 2 integer.',
    );
  });
});

describe('encoding, hashing and UUIDs', () => {
  it('encodes and decodes', () => {
    expect(value('base64encode("Hello World")')).toBe('SGVsbG8gV29ybGQ=');
    expect(value('base64decode("SGVsbG8gV29ybGQ=")')).toBe('Hello World');
    expect(value('jsonencode({hello = "world", list = [1, true, null]})')).toBe(
      '{"hello":"world","list":[1,true,null]}',
    );
    expect(value('jsonencode("<b>&")')).toBe('"\\u003cb\\u003e\\u0026"');
    expect(value('jsondecode("{\\"hello\\": \\"world\\"}")')).toEqual({ hello: 'world' });
    expect(value('csvdecode("a,b\\n1,2\\n3,4\\n")')).toEqual([
      { a: '1', b: '2' },
      { a: '3', b: '4' },
    ]);
    expect(value('urlencode("Hello World?")')).toBe('Hello+World%3F');
  });

  it('hashes a string’s UTF-8 bytes', () => {
    for (const s of ['', 'hello world', 'ünïcødé', 'x'.repeat(300)]) {
      const lit = JSON.stringify(s);
      for (const alg of ['md5', 'sha1', 'sha256', 'sha512']) {
        expect(value(`${alg}(${lit})`)).toBe(createHash(alg).update(s).digest('hex'));
      }
    }
  });

  it('makes name-based UUIDs and random ones', () => {
    expect(value('uuidv5("dns", "www.terraform.io")')).toBe('a5008fae-b28c-5ba5-96cd-82b4c53552d6');
    expect(value('uuidv5("url", "https://www.terraform.io/")')).toBe('9db6f67c-dd95-5ea0-aa5b-e70e5c5f7cf5');
    expect(value('uuidv4()')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('time', () => {
  it('formats and adds to timestamps', () => {
    expect(value('formatdate("DD MMM YYYY hh:mm ZZZ", "2018-01-02T23:12:01Z")')).toBe('02 Jan 2018 23:12 UTC');
    expect(value('formatdate("EEEE, MMMM D, YYYY", "2018-01-02T23:12:01Z")')).toBe('Tuesday, January 2, 2018');
    expect(value('formatdate("h:mm aa", "2018-01-02T23:12:01-08:00")')).toBe('23:12 pm');
    expect(value('formatdate("HH:mm AA \'o\'\'clock\'", "2018-01-02T11:12:01Z")')).toBe("11:12 AM o'clock");
    expect(value('timeadd("2017-11-22T00:00:00Z", "10m")')).toBe('2017-11-22T00:10:00Z');
    expect(value('timeadd("2017-11-22T00:00:00+01:00", "-1h30m")')).toBe('2017-11-21T22:30:00+01:00');
  });
});

describe('networks', () => {
  it('computes hosts, masks and subnets', () => {
    expect(value('cidrhost("10.12.112.0/20", 16)')).toBe('10.12.112.16');
    expect(value('cidrhost("10.12.112.0/20", 268)')).toBe('10.12.113.12');
    expect(value('cidrhost("10.12.112.0/20", -1)')).toBe('10.12.127.255');
    expect(value('cidrhost("fd00:fd12:3456:7890:00a2::/72", 34)')).toBe('fd00:fd12:3456:7890::22');
    expect(value('cidrnetmask("172.16.0.0/12")')).toBe('255.240.0.0');
    expect(value('cidrsubnet("172.16.0.0/12", 4, 2)')).toBe('172.18.0.0/16');
    expect(value('cidrsubnet("10.1.2.0/24", 4, 15)')).toBe('10.1.2.240/28');
    expect(value('cidrsubnet("fd00:fd12:3456:7890::/56", 16, 162)')).toBe('fd00:fd12:3456:7800:a200::/72');
    expect(value('cidrsubnets("10.1.0.0/16", 4, 4, 8, 4)')).toEqual([
      '10.1.0.0/20',
      '10.1.16.0/20',
      '10.1.32.0/24',
      '10.1.48.0/20',
    ]);
    expect(value('cidrsubnets("fd00:fd12:3456:7890::/56", 16, 16, 16, 32)')).toEqual([
      'fd00:fd12:3456:7800::/72',
      'fd00:fd12:3456:7800:100::/72',
      'fd00:fd12:3456:7800:200::/72',
      'fd00:fd12:3456:7800:300::/88',
    ]);
  });
});

describe('try, can and convert', () => {
  it('evaluate their arguments themselves', () => {
    expect(value('try(local.nothing, "fallback")', { local: {} })).toBe('fallback');
    expect(value('can(x.a)', { x: { a: 1 } })).toBe(true);
    expect(value('can(x.b)', { x: { a: 1 } })).toBe(false);
    expect(value('convert(["b", "a", "b"], set(string))')).toEqual(['a', 'b']);
    expect(value('convert({a = 1}, map(string))')).toEqual({ a: '1' });
    expect(failure('convert("x", number)')).toBe(
      'Invalid function argument; Invalid value for "value" parameter: a number is required.',
    );
  });
});

describe('functions the playground cannot run', () => {
  it('fail at the call, saying so', () => {
    expect(failure('file("x.txt")')).toBe(
      'Error in function call; Call to function "file" failed: filesystem functions are not available in the playground, which has no file system.',
    );
    expect(failure('yamldecode("a: 1")')).toBe(
      'Error in function call; Call to function "yamldecode" failed: yamldecode is not available in the playground.',
    );
    expect(failure('bcrypt("x")')).toMatch(/bcrypt is not available/);
    expect(failure('rsadecrypt("a", "b")')).toMatch(/rsadecrypt is not available/);
  });
});
