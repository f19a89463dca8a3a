// Types of extract.mjs (a plain script, imported by test/unit/i18n-catalogs.test.ts).
export interface ExtractedMessage {
  source: string;
  description: string;
  files: string[];
}
export function extractMessages(root?: string): Promise<{ messages: Record<string, ExtractedMessage>; problems: string[] }>;
export function extractedCatalogs(root?: string): Promise<{ files: Record<string, string>; problems: string[]; count: number }>;
