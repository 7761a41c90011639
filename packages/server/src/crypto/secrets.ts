import { timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of secrets (client secrets, access keys). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
