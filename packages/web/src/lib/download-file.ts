/**
 * Hands text to the browser as a file download (built locally, nothing goes to the server), as
 * UTF-8 exactly as given: a caller that needs a byte-order mark puts it first (the grade book's
 * csvFileText does when the names need it).
 */
export function downloadTextFile(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  const blob = new Blob([text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns; give them a moment before revoking.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
