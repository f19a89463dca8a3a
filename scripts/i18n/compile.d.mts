// Types of compile.mjs (a plain script, imported by test/unit/i18n-catalogs.test.ts).
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
export const ROOT: string;
export const TRANSLATED: string[];
export const TEMPLATE: string;
export const COMPILED_DIR: string;
export function placeholdersOf(ast: MessageFormatElement[], into?: Set<string>): Set<string>;
export function compileCatalogs(root?: string): {
  files: Record<string, string>;
  problems: string[];
  untranslated: Record<string, string[]>;
};
export function staleCompiledFiles(root?: string): string[];
