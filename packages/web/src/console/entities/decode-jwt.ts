/**
 * The header and payload of a JWT as indented JSON, without checking its signature (for people
 * reading a token). `hasAlg` tells whether the header names an algorithm (only then can the
 * decoded text be copied).
 */
export type DecodedJwt = { ok: true; text: string; hasAlg: boolean } | { ok: false; error: string };

function part(segment: string): unknown {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

export function decodeJwt(token: string): DecodedJwt {
  const segments = token.trim().split('.');
  if (segments.length !== 3) return { ok: false, error: 'a JWT has three dot-separated parts' };
  try {
    const header = part(segments[0] as string) as Record<string, unknown>;
    const payload = part(segments[1] as string);
    const text = `${JSON.stringify(header, null, 2)}\n${JSON.stringify(payload, null, 2)}`;
    return { ok: true, text, hasAlg: typeof header?.alg === 'string' };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
