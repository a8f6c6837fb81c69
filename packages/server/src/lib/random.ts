import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session tokens, one-time tokens, CSRF values. */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Secrets are stored only as their SHA-256, so a database leak signs no one in. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A random key safe in storage paths and URLs: lower-case hex, never starting with '-' or '_'. */
export function newKey(bytes = 12): string {
  return randomBytes(bytes).toString('hex');
}
