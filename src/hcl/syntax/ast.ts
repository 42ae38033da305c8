// The syntax tree of an HCL native-syntax file (hclsyntax): bodies of
// attributes and blocks, and expressions. Every node keeps its source
// offsets (UTF-16 indices into the text), turned into lines and columns only
// when a diagnostic needs them.

/** Span is a node's place in the text: offsets of its first character and just past its last. */
export interface Span {
  start: number;
  end: number;
}

/** Attribute is `name = expression` in a body. */
export interface Attribute {
  name: string;
  nameSpan: Span;
  expr: Expr;
  span: Span;
}

/** Block is `type "label" … { body }`. */
export interface Block {
  type: string;
  typeSpan: Span;
  labels: string[];
  labelSpans: Span[];
  body: Body;
  /** openSpan is the place of the opening brace. */
  openSpan: Span;
  span: Span;
}

/** Body is the attributes and blocks of a file or block, in source order. */
export interface Body {
  attributes: Attribute[];
  blocks: Block[];
  /** items are both, in source order. */
  items: (Attribute | Block)[];
  span: Span;
  /** missingSpan is where a missing item is reported, as HCL reports it: the block's opening brace (the file's start for a file). */
  missingSpan: Span;
}

/** TraversalStep is one static step of a variable reference: `.name`, `[0]` or `["key"]`. */
export type TraversalStep =
  { kind: 'attr'; name: string; span: Span } | { kind: 'index'; key: string | number; span: Span };

/** TemplatePart is one piece of a template: literal text, an interpolation, or an if/for directive. */
export type TemplatePart =
  | { kind: 'literal'; text: string }
  | { kind: 'interp'; expr: Expr }
  | { kind: 'if'; cond: Expr; then: TemplatePart[]; else: TemplatePart[]; span: Span }
  | { kind: 'for'; keyVar: string | null; valueVar: string; coll: Expr; body: TemplatePart[]; span: Span };

/** Expr is an HCL expression. */
export type Expr = { span: Span } & (
  | { kind: 'literal'; value: null | boolean | number | string }
  | {
      kind: 'template';
      parts: TemplatePart[];
      /** unwrap: a single interpolation and nothing else, whose value is returned as it is. */ unwrap: boolean;
    }
  | { kind: 'scope'; root: string; rootSpan: Span; steps: TraversalStep[] }
  | { kind: 'getattr'; source: Expr; name: string; nameSpan: Span }
  | { kind: 'index'; source: Expr; key: Expr }
  | { kind: 'splat'; source: Expr; each: Expr }
  | { kind: 'anon' }
  | { kind: 'call'; name: string; nameSpan: Span; args: Expr[]; expandFinal: boolean }
  | { kind: 'tuple'; items: Expr[] }
  | {
      kind: 'object';
      items: {
        key: Expr;
        /** bareKey: the key is a bare identifier, taken literally. */ bareKey: string | null;
        value: Expr;
      }[];
    }
  | {
      kind: 'for';
      keyVar: string | null;
      valueVar: string;
      coll: Expr;
      keyExpr: Expr | null;
      valueExpr: Expr;
      cond: Expr | null;
      group: boolean;
    }
  | { kind: 'unary'; op: '-' | '!'; operand: Expr }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr }
  | { kind: 'conditional'; cond: Expr; then: Expr; else: Expr }
  | { kind: 'paren'; inner: Expr }
);

/** BinaryOp is one of HCL's binary operators. */
export type BinaryOp = '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | '+' | '-' | '*' | '/' | '%';

/** BINARY_LEVELS lists HCL's binary operators by precedence, loosest first. */
export const BINARY_LEVELS: readonly (readonly BinaryOp[])[] = [
  ['||'],
  ['&&'],
  ['==', '!='],
  ['<', '<=', '>', '>='],
  ['+', '-'],
  ['*', '/', '%'],
];
