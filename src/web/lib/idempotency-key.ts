/**
 * A fresh key for one comment or answer. crypto.randomUUID exists only on secure origins, and Crumb also
 * runs on plain http (product decision 17), so fall back to random bytes there.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
