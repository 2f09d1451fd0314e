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

export function createTokenService(secret: string): TokenService {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: TOKEN_LIFETIME_MS });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000 });
  return {
    issue: (user) => signer({ sub: String(user.id), username: user.username, ver: user.token_version }),
    verify(token) {
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
        return { sub: payload.sub, username: payload.username, ver: payload.ver };
      } catch {
        return null;
      }
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
