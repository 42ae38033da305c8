// Functions callable from HCL expressions, declared as cty's function.Spec
// declares them: parameters with names and types, perhaps a variadic one,
// and a body. The evaluator converts each argument to its parameter's type
// before the call (or refuses it), so a body is typed by its declaration:
// `fn({ params: [str('s'), num('n')], impl: ([s, n]) => … })` gives it a
// string and a number, with no casts.

import type { Type, Value, ValueMap } from './value.ts';

/** Param is one parameter of a function: its name (for messages), its type, and whether it takes null. */
export interface Param<T extends Type = Type> {
  name: string;
  type: T;
  allowNull?: boolean;
}

/** CallBudget is the part of the read's budget a function checks before it makes a large result: a string's length, a number of values, characters of work. */
export interface CallBudget {
  chars(length: number): void;
  values(count: number): void;
  /** steps counts `n` steps of work the function is about to do. */
  steps(n: number): void;
  /** nesting checks a value's depth (a scalar is at level 0). */
  nesting(depth: number): void;
}

/**
 * Func is a function as the evaluator holds it: its parameters and a body
 * that takes the converted arguments. The body is declared with method
 * syntax, so that fn can store a body typed for its own parameters here.
 */
export interface Func {
  readonly params: readonly Param[];
  readonly varParam?: Param;
  /** impl computes the result; one whose result may be much larger than its arguments checks it with `budget` before making it. */
  impl(args: readonly Value[], budget: CallBudget): Value;
}

/**
 * ValueOf is what a value converted to the type `T` is: a string for
 * `string`, an array for a list or set (whose elements may be null, as
 * cty's may), a Map for a map or object, any value for `any`.
 */
export type ValueOf<T> = T extends 'string'
  ? string
  : T extends 'number'
    ? number
    : T extends 'bool'
      ? boolean
      : T extends { list: infer E } | { set: infer E }
        ? (ValueOf<E> | null)[]
        : T extends { map: infer E }
          ? Map<string, ValueOf<E> | null>
          : T extends { tuple: unknown }
            ? Value[]
            : T extends { object: unknown }
              ? ValueMap
              : Value;

// ArgOf is the argument a parameter's body receives: null too when the parameter allows it.
type ArgOf<P> = P extends { type: infer T; allowNull: true }
  ? ValueOf<T> | null
  : P extends { type: infer T }
    ? ValueOf<T>
    : never;

/** ArgsOf are the arguments a body receives for the parameters `P` and the variadic one `V`. */
export type ArgsOf<P extends readonly Param[], V> = [
  ...{ -readonly [K in keyof P]: ArgOf<P[K]> },
  ...(V extends Param ? ArgOf<V>[] : []),
];

/** FuncSpec is a function as it is declared: its parameters, perhaps a variadic one, and a body typed by them. */
export interface FuncSpec<P extends readonly Param[], V extends Param | undefined> {
  params: P;
  varParam?: V;
  impl: (args: ArgsOf<P, V>, budget: CallBudget) => Value;
}

/** fn declares a function whose body receives its arguments as its parameters' types say (see ValueOf). */
export function fn<const P extends readonly Param[], const V extends Param | undefined = undefined>(
  spec: FuncSpec<P, V>,
): Func {
  return spec;
}

/** str is a string parameter. */
export const str = (name: string) => ({ name, type: 'string' }) as const;
/** num is a number parameter. */
export const num = (name: string) => ({ name, type: 'number' }) as const;
/** any is a parameter of any type (null refused unless `allowNull`). */
export const any = (name: string) => ({ name, type: 'any' }) as const;
/** anyOrNull is a parameter of any type that takes null too. */
export const anyOrNull = (name: string) => ({ name, type: 'any', allowNull: true }) as const;
