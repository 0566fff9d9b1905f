import { createCipheriv, createDecipheriv, hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random secret of `bytes` bytes, base64url (URL- and header-safe). */
export const randomToken = (bytes = 24): string => randomBytes(bytes).toString('base64url');
export const randomHex = (bytes = 16): string => randomBytes(bytes).toString('hex');

/**
 * Lookup hash for high-entropy machine secrets (API keys, ingest tokens). These carry ≥128 random
 * bits, so a fast hash is safe and lets every request find its credential by index
 * (docs/adr/0004-credential-storage.md). Passwords use scrypt instead. One-shot `crypto.hash`
 * (Node ≥ 20.12): the same digest as createHash without a Hash object per request.
 */
export const hashSecret = (secret: string): string => hash('sha256', secret, 'hex');

export const safeEqual = (a: string, b: string): boolean => {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
};

/** AES-256-GCM for secrets that must be revealable (source credentials). */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('KLAXON_SECRET_KEY must decode to 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return `v1.${iv.toString('base64url')}.${c.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed) {
      const [v, iv, tag, body] = sealed.split('.');
      if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('unreadable sealed secret');
      const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      d.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
    },
  };
}
