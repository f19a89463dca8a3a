/** One part of a language's messages (./catalog-parts.ts, made at build time by scripts/vite/first-messages.ts). */
declare module 'virtual:punchcard-messages/*' {
  const messages: import('../../../shared/i18n/messages').CompiledMessages;
  export default messages;
}
