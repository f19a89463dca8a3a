// Types of po.mjs (a plain script, imported by test/unit/i18n-catalogs.test.ts).
export interface PoEntry {
  source: string;
  translation: string;
  fuzzy: boolean;
  description: string;
  files: string[];
  previous?: string;
}
export function readPo(file: string): { headers: Record<string, string>; entries: Record<string, PoEntry> };
export function poText(language: string, entries: Record<string, PoEntry>, opts?: { template?: boolean }): string;
