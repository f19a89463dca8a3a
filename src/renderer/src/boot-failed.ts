/** What the page says when the app's script cannot be loaded (main.tsx), written into index.html per language. */
import { defineMessage } from '../../shared/i18n/messages';

export const BOOT_FAILED = defineMessage({
  id: 'app.boot-failed',
  defaultMessage: 'Punchcard could not load its program files. Reload the window; if this stays, restart Punchcard (or {web}).',
  description: '{web}: the command that starts Punchcard in a browser.',
});
