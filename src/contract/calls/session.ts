import { defineCalls, member, OkSchema, PUBLIC } from '../call';
import {
  LoginRequestSchema,
  LoginResponseSchema,
  RefreshRequestSchema,
  RefreshResponseSchema,
} from '../entities/session';

/** Login, token refresh and logout (7.2). */
export const SESSION_CALLS = defineCalls({
  'POST /login': { access: PUBLIC, body: LoginRequestSchema, response: LoginResponseSchema, timeout: 'login' },
  'POST /refresh-tokens': { access: PUBLIC, body: RefreshRequestSchema, response: RefreshResponseSchema },
  // Ends the session on the server: its refresh family is revoked, its sockets closed.
  'POST /logout': { audit: false, access: member("ends the caller's own session"), response: OkSchema },
});
