import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** AES-256-GCM with a key derived from the server secret: tokens of outside services are stored only encrypted. */
export function createSecretBox(serverSecret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'harmony-dashboard', purpose, 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
    },
    open(sealed: string): string {
      const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
      if (!iv || !tag || !body) throw new Error('sealed value is malformed');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}
