// Types for hcl2-json-parser, whose own declarations do not declare a module.
declare module 'hcl2-json-parser' {
  /** parseToString renders HCL as JSON text, or rejects with HCL's diagnostics as text. */
  export function parseToString(input: string): Promise<string>;
}
