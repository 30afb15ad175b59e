/** Saves the bytes (a file the API answered) as a file of that name, as a link with `download` does. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been taken: revoked at once, some browsers would fetch nothing.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
