/**
 * Which request and policy fields a matcher compares with `==` in every case, so that only the
 * policies whose field equals the request's value can match. casbin evaluates the matcher against
 * every policy; with such a pair the engine hands it only the policies of that value (see
 * compiled-enforcer.ts), which turns thousands of evaluations into a few.
 *
 * A pair counts only when it is a conjunct of the whole matcher: the matcher is `A && B && ...`
 * at its top level (no `||` outside parentheses) and one of the conjuncts is exactly
 * `r.X == p.Y` or `p.Y == r.X`, possibly in parentheses.
 */
export interface EqualityPair {
  /** Index of the request token (r_sub → 0 in `r = sub, obj, act`). */
  request: number;
  /** Index of the policy token. */
  policy: number;
}

/** Splits `text` at top-level occurrences of `operator`, or answers undefined if `other` occurs there. */
function splitTopLevel(text: string, operator: '&&', other: '||'): string[] | undefined {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0 && text.startsWith(other, i)) return undefined;
    else if (depth === 0 && text.startsWith(operator, i)) {
      parts.push(text.slice(start, i));
      start = i + operator.length;
      i++;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** Whether the parentheses at both ends of `text` enclose all of it. */
function wrapped(text: string): boolean {
  if (!text.startsWith('(') || !text.endsWith(')')) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') depth--;
    if (depth === 0 && i < text.length - 1) return false;
  }
  return true;
}

function unwrap(text: string): string {
  let t = text.trim();
  while (wrapped(t)) t = t.slice(1, -1).trim();
  return t;
}

const FIELD = '([rp])[._]([A-Za-z_][A-Za-z0-9_]*)';
const EQUALITY = new RegExp(`^${FIELD}\\s*==\\s*${FIELD}$`);

/**
 * The equality pairs of `matcher` (casbin's text, `r.sub` or its escaped form `r_sub`), given the
 * request and policy tokens as casbin names them (`r_sub`, `p_obj`, ...).
 */
export function equalityPairs(matcher: string, requestTokens: string[], policyTokens: string[]): EqualityPair[] {
  const conjuncts = splitTopLevel(unwrap(matcher), '&&', '||');
  if (!conjuncts) return [];
  const pairs: EqualityPair[] = [];
  for (const conjunct of conjuncts) {
    const m = EQUALITY.exec(unwrap(conjunct));
    if (!m) continue;
    const [, sideA, nameA, sideB, nameB] = m;
    if (sideA === sideB) continue;
    const requestName = sideA === 'r' ? nameA : nameB;
    const policyName = sideA === 'p' ? nameA : nameB;
    const request = requestTokens.indexOf(`r_${requestName}`);
    const policy = policyTokens.indexOf(`p_${policyName}`);
    if (request >= 0 && policy >= 0) pairs.push({ request, policy });
  }
  return pairs;
}
