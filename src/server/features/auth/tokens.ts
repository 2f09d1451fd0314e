import { createSigner, createVerifier } from 'fast-jwt';

export interface TokenClaims {
  /** The user's id. */
  sub: string;
  username: string;
  /** The user's token version when the token was issued. */
  ver: number;
}

const TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** The account fields a token is issued from. */
export interface TokenSubject {
  id: number;
  username: string;
  token_version: number;
}

export interface TokenService {
  /** A token for the account as it is now. */
  issue(user: TokenSubject): string;
  /** The token's claims, or null when it is malformed, forged, expired or not HS256. */
  verify(token: string): TokenClaims | null;
}

/** How many verified tokens are kept, so that a baker's next request skips the signature check. */
export const KEPT_TOKENS = 1000;

export function createTokenService(secret: string): TokenService {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: TOKEN_LIFETIME_MS });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'] });
  /**
   * Verified tokens by their own text, until they expire; the oldest kept goes first. fast-jwt's
   * own cache keys them by a SHA-256 of the text, which cost more than the rest of a kept token's
   * check (about 11 µs a request on a slow machine); hashing hides nothing here, since the key
   * that signs every token is in the same memory. A token ended by a new password is refused by
   * the account's token version, which is not the signature's business.
   */
  const kept = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();

  function verifySignature(token: string): { claims: TokenClaims; expiresAtMs: number } | null {
    try {
      const payload = verifier(token) as Partial<TokenClaims> & { exp?: unknown };
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.username !== 'string' ||
        typeof payload.ver !== 'number' ||
        typeof payload.exp !== 'number'
      ) {
        return null;
      }
      const claims = Object.freeze({ sub: payload.sub, username: payload.username, ver: payload.ver });
      return { claims, expiresAtMs: payload.exp * 1000 };
    } catch {
      return null;
    }
  }

  return {
    issue: (user) => signer({ sub: String(user.id), username: user.username, ver: user.token_version }),
    verify(token) {
      const known = kept.get(token);
      if (known && Date.now() < known.expiresAtMs) return known.claims;
      if (known) kept.delete(token);
      const verified = verifySignature(token);
      if (!verified) return null;
      if (kept.size >= KEPT_TOKENS) kept.delete(kept.keys().next().value as string);
      kept.set(token, verified);
      return verified.claims;
    },
  };
}

/** Accepts `Bearer <token>` and, as the original client sent it, a bare token. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim();
  const match = /^Bearer\s+(.+)$/i.exec(value);
  return (match ? match[1] : value)?.trim() || undefined;
}
