import { describe, expect, it } from 'vitest';
import { isHtmlFile, samlMetadataUrl, signinPreviewUrl } from './application-links';

describe('application links', () => {
  it('address the SAML metadata of the application', () => {
    expect(samlMetadataUrl('https://id.example.com', 'my app', true)).toBe(
      'https://id.example.com/api/saml/metadata?application=admin/my%20app&enablePostBinding=true',
    );
  });

  it('preview the sign-in page with the first redirect URL, and not without one', () => {
    expect(signinPreviewUrl('abc', ['', 'https://app.example.com/cb?x=1', 'https://other'])).toBe(
      '/login/oauth/authorize?client_id=abc&response_type=code&redirect_uri=https%3A%2F%2Fapp.example.com%2Fcb%3Fx%3D1&scope=read&state=preview',
    );
    expect(signinPreviewUrl('abc', [])).toBeNull();
    expect(signinPreviewUrl('abc', ['  '])).toBeNull();
  });

  it('take only .html files as terms of use', () => {
    expect(isHtmlFile('terms.html')).toBe(true);
    expect(isHtmlFile('TERMS.HTML')).toBe(true);
    expect(isHtmlFile('terms.txt')).toBe(false);
    expect(isHtmlFile('terms.html.exe')).toBe(false);
  });
});
