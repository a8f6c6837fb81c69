// Verovio ships no type declarations; these cover the part of its API we call.
declare module 'verovio/wasm' {
  export type VerovioModule = { readonly __verovioModule: unique symbol };
  export default function createVerovioModule(overrides?: Record<string, unknown>): Promise<VerovioModule>;
}

declare module 'verovio/esm' {
  import type { VerovioModule } from 'verovio/wasm';
  export const LOG_OFF: number;
  export const LOG_ERROR: number;
  export const LOG_WARNING: number;
  export function enableLog(level: number, module: VerovioModule): void;
  export function enableLogToBuffer(value: boolean, module: VerovioModule): void;
  export class VerovioToolkit {
    constructor(module: VerovioModule);
    setOptions(options: Record<string, string | number | boolean>): void;
    resetOptions(): void;
    loadData(data: string): boolean;
    getPageCount(): number;
    renderToSVG(page?: number, xmlDeclaration?: boolean): string;
    getLog(): string;
    destroy(): void;
  }
}
