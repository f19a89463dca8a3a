/**
 * Saves text as a file from the page: a Blob and an <a download>, which the browser (web mode) saves to its downloads
 * and Electron asks where to save (its default for a download no handler takes). No bridge call: the file is made of
 * what the screen already shows.
 */

/** The UTF-8 byte order mark: spreadsheet programs then read names like "José" as UTF-8, not as their local code page. */
const BOM = '\uFEFF';

export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([BOM, text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has taken the blob by the next task; keeping the URL longer would only hold the memory.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
