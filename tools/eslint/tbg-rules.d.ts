import type { ESLint } from 'eslint';

export interface Layer {
  dir: string;
  name: string;
  mayUse: string[];
}
export const LAYERS: Layer[];
export function isDevFile(rel: string): boolean;
export function layerViolation(rel: string, spec: string): string | undefined;
declare const plugin: ESLint.Plugin;
export default plugin;
