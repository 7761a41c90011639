import { describe, expect, it } from 'vitest';
import { webhookSignature } from './send.js';

describe('the signature of a delivery', () => {
  it('is sha256= and the hex HMAC-SHA256 of "<timestamp>.<body>" under the secret', () => {
    // Computed independently: printf '1764241200.{"action":"login"}' | openssl dgst -sha256 -hmac 'topsecret'
    expect(webhookSignature('topsecret', '1764241200', '{"action":"login"}')).toBe(
      'sha256=e283b9b8462ba2de5ef2d0050a3d88a1abb6c673c7957838e87aea158f946258',
    );
    expect(webhookSignature('topsecret', '1764241201', '{"action":"login"}')).not.toBe(
      webhookSignature('topsecret', '1764241200', '{"action":"login"}'),
    );
    expect(webhookSignature('other', '1764241200', '{"action":"login"}')).not.toBe(
      webhookSignature('topsecret', '1764241200', '{"action":"login"}'),
    );
  });
});
