import { jwtVerify, SignJWT } from 'jose';
import * as v from 'valibot';

/** What an access token says: who, in which project, under which login session (refresh family). */
export interface AccessClaims {
  userId: number;
  projectId: number;
  familyId: string;
}

const ClaimsSchema = v.object({
  sub: v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number)),
  pid: v.pipe(v.number(), v.integer()),
  sid: v.pipe(v.string(), v.minLength(1)),
});

/** Signs a short-lived HS256 access token (claims sub = user id, pid = project id, sid = session family). */
export function signAccessToken(key: Uint8Array, ttlSeconds: number, claims: AccessClaims): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ pid: claims.projectId, sid: claims.familyId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(key);
}

/** The token's claims, or null when it is malformed, forged, expired or of another algorithm. */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    const parsed = v.safeParse(ClaimsSchema, payload);
    if (!parsed.success) return null;
    return { userId: parsed.output.sub, projectId: parsed.output.pid, familyId: parsed.output.sid };
  } catch {
    return null;
  }
}
