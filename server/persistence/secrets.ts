// Host keys and seat keys: 128-bit random secrets (base64url) given to the client once; the database keeps
// only a salted SHA-256 of each ("sha256$<salt>$<hex>"), compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh secret: 16 random bytes (128 bits) as base64url (22 characters). */
export const newSecret = (): string => randomBytes(16).toString('base64url');

const digest = (salt: string, secret: string): Buffer =>
  createHash('sha256').update(salt).update('\0').update(secret, 'utf8').digest();

/** The stored form of a secret. */
export function hashSecret(secret: string): string {
  const salt = randomBytes(12).toString('base64url');
  return `sha256$${salt}$${digest(salt, secret).toString('hex')}`;
}

/** Whether `secret` is the one `stored` was made from (constant time in the secret's content). */
export function verifySecret(secret: string, stored: string): boolean {
  const [scheme, salt, hex] = stored.split('$');
  if (scheme !== 'sha256' || salt === undefined || hex === undefined || hex.length !== 64) return false;
  return timingSafeEqual(digest(salt, secret), Buffer.from(hex, 'hex'));
}
