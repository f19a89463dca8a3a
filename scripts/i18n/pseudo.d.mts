// Types of pseudo.mjs (a plain script, imported by test/unit/i18n-catalogs.test.ts).
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
export function pseudoText(text: string): string;
export function pseudoMessage(ast: MessageFormatElement[]): MessageFormatElement[];
