import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { SECURE_WEBSOCKET_PORT } from '../../../src/contract/constants';
import type { AppContext } from '../../context';

/**
 * Security headers on every answer (@fastify/helmet): a Content-Security-Policy
 * without inline script, `frame-ancestors 'none'`, `nosniff`, a strict referrer
 * policy. The console talks to its own origin (REST and the realtime socket)
 * and to the SIP server over WSS, whose port the policy names when the answer
 * is made (tests start SIP on a random port).
 */
export async function installSecurityHeaders(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const sipSocket = () => {
    const host = ctx.config.sipProxyHost;
    if (!host) return [];
    const port = ctx.sip.server?.port ?? (ctx.config.sip.port || SECURE_WEBSOCKET_PORT);
    return [`wss://${host.includes(':') ? `[${host}]` : host}:${port}`];
  };
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Tailwind ships a stylesheet; components set style properties through the DOM, which CSP allows.
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", () => sipSocket().join(' ') || "'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    // The console loads nothing cross-origin; keep the defaults that would block media devices out.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
  });
}
