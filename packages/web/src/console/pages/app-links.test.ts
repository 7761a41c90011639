import { describe, expect, it } from 'vitest';
import { launchLink } from './app-links';

describe('launchLink', () => {
  it('adds the silent sign-in flag to web addresses', () => {
    expect(launchLink('https://shop.example.com', '')).toBe('https://shop.example.com?silentSignin=1');
    expect(launchLink('https://shop.example.com/?a=1', '')).toBe('https://shop.example.com/?a=1&silentSignin=1');
  });

  it("takes the user's own homepage for the custom-url marker", () => {
    expect(launchLink('<custom-url>', 'https://me.example.com')).toBe('https://me.example.com?silentSignin=1');
    expect(launchLink('<custom-url>', '')).toBeNull();
  });

  it('leads nowhere without a homepage or with an unsafe one', () => {
    expect(launchLink('', '')).toBeNull();
    expect(launchLink('javascript:alert(1)', '')).toBeNull();
  });
});
