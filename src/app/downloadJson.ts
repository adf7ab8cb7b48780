/** Offers data as a JSON file download (exports: a way to keep work before a reset). */
export function downloadJson(fileName: string, data: unknown): void {
  downloadBlob(fileName, new Blob([JSON.stringify(data, null, 1)], { type: 'application/json' }));
}

/** Offers a blob as a file download through a blob: URL (also used by the chart exports). */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke later: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
