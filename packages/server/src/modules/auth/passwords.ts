import { hash, verify } from '@node-rs/argon2';

// Argon2id with the library's defaults (19 MiB, t=2): OWASP's first recommendation.
const DUMMY_HASH = hash('not-a-real-password-but-costs-the-same');

/** Hashes a password with Argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** Checks a password; with no hash it still spends the same time, so timing does not reveal accounts. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await DUMMY_HASH, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
