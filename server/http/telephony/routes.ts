import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { callHistoryRoutes } from './call-history';
import { callRoutes } from './calls';
import { forwardRuleRoutes } from './forward-rules';
import { interceptionRoutes } from './interception';
import { sipRoutes } from './sip';
import { sipNumberRoutes } from './sip-numbers';
import { sipTrunkRoutes } from './sip-trunks';

/** Telephony (7.6): numbers, forwarding, trunks, history, calls management, interception, the SIP service. */
export async function telephonyRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(sipNumberRoutes, { ctx });
  await app.register(forwardRuleRoutes, { ctx });
  await app.register(sipTrunkRoutes, { ctx });
  await app.register(callHistoryRoutes, { ctx });
  await app.register(callRoutes, { ctx });
  await app.register(interceptionRoutes, { ctx });
  await app.register(sipRoutes, { ctx });
}
