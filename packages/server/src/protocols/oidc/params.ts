/** The scopes of a space-separated scope parameter (RFC 6749 §3.3), each once, in order. */
export function parseScopes(scope: string): string[] {
  return [...new Set(scope.split(/\s+/).filter(Boolean))];
}
