// The fingerprint the portal records for each file it issues (transcripts, agreement reports), worked
// out in the browser: the verify page checks a chosen file with it, and the agreement report shows the
// one of the PDF it just saved.

/** The SHA-256 of the bytes, as 64 lowercase hex characters. */
export async function fingerprintOf(bytes: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(await bytes.arrayBuffer()));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
