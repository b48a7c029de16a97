// The little of WebAssembly the core uses (tensor/wasmTiles.ts: validate, compile and instantiate one
// module, read its memory). The core type-checks without the DOM's and Node's libraries (tsconfig.shared.json),
// which are where TypeScript declares WebAssembly; this declares only what the kernel needs.
declare namespace WebAssembly {
  interface Memory {
    readonly buffer: ArrayBuffer;
    /** Grows the memory by `pages` of 64 KiB; returns the previous size in pages. */
    grow(pages: number): number;
  }
  class Module {
    constructor(bytes: BufferSource);
  }
  class Instance {
    constructor(module: Module, imports?: Readonly<Record<string, unknown>>);
    readonly exports: Readonly<Record<string, unknown>>;
  }
  function validate(bytes: BufferSource): boolean;
}
