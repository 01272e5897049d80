/**
 * The few parts of WebAssembly's JavaScript API that yomi uses, typed here
 * because TypeScript declares them only with the DOM library (Node and
 * browsers both provide them): memories, which transposition tables live in
 * for a search compiled to WebAssembly, and modules made from bytes.
 */

/** A WebAssembly.Memory: its bytes, a SharedArrayBuffer when it is shared between threads. */
export interface WasmMemory {
  readonly buffer: ArrayBuffer | SharedArrayBuffer;
}

declare const moduleBrand: unique symbol;

/** A compiled WebAssembly.Module. */
export interface WasmModule {
  readonly [moduleBrand]: true;
}

/** The global WebAssembly object, as far as it is used here. */
declare const WebAssembly: {
  Memory: new (descriptor: { initial: number; maximum: number; shared?: boolean }) => WasmMemory;
  Module: new (bytes: Uint8Array) => WasmModule;
  Instance: new (module: WasmModule, imports: object) => { exports: Record<string, unknown> };
};

/** Bytes of a WebAssembly page. */
export const WASM_PAGE = 65536;

/** A memory of `bytes` (rounded up to whole pages) that does not grow, shared between threads when asked. */
export function wasmMemory(bytes: number, shared: boolean): WasmMemory {
  const pages = Math.ceil(bytes / WASM_PAGE);
  return new WebAssembly.Memory({ initial: pages, maximum: pages, shared });
}

/** Whether `x` is a WebAssembly.Memory. */
export function isWasmMemory(x: unknown): x is WasmMemory {
  return x instanceof WebAssembly.Memory;
}

/** The module of a WebAssembly binary given in base64 (compiled once by the caller, instanced many times). */
export function wasmModule(base64: string): WasmModule {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return new WebAssembly.Module(bytes);
}

/** An instance of `module` with `imports`: its exported functions. */
export function wasmInstance<Exports>(module: WasmModule, imports: object): Exports {
  return new WebAssembly.Instance(module, imports).exports as Exports;
}
