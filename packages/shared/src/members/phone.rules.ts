/**
 * A WhatsApp number as people write it — '0812-3456-7890', '+62 812 3456 7890', '6281234567890'
 * — in the one stored form '62…' (digits only). Spaces, dashes, dots and brackets are dropped;
 * a leading '+62' or '0' becomes '62'. Anything else (letters, another country code) is returned
 * with only those separators removed, so the pattern check that follows refuses it.
 */
export function normalizeWhatsappNumber(input: string): string {
  const compact = input.trim().replace(/[\s\-.()]/g, '');
  if (compact.startsWith('+62')) return `62${compact.slice(3)}`;
  if (compact.startsWith('0')) return `62${compact.slice(1)}`;
  return compact;
}
