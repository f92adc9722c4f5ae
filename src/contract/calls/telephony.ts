import * as v from 'valibot';
import { anyOf, defineCalls, envelope, member, OkSchema } from '../call';
import { callHistoryEntity, DialerHistoryQuerySchema, DialerHistorySchema } from '../entities/call-history';
import {
  DoorDeviceSchema,
  DoorOpenSchema,
  SipStatusSchema,
  StopCallSchema,
  WaitingCallSchema,
} from '../entities/calls';
import { forwardGroupsEntity, forwardRuleSetsEntity } from '../entities/forward-rule';
import { InterceptionSettingsSchema, InterceptionUpdateSchema } from '../entities/interception';
import {
  CallInfoQuerySchema,
  CallInfoSchema,
  ContactSchema,
  GeneratedSipNumberSchema,
  SIP_NUMBER_PATTERN,
  sipNumbersEntity,
} from '../entities/sip-number';
import { sipTrunksEntity } from '../entities/sip-trunk';
import { entityCalls } from '../entity';

/** Who works the call queue: the concierge reception, and interception (concierge-like) users. */
const queue = anyOf(['concierge.reception', 'calls.interception']);
/** Who manages doors from the dialer. */
const doors = anyOf(['concierge.reception', 'calls.call_panel']);
/** The dialer of anyone with a number: what they may call is decided by their calls.* permissions (6.2). */
const dialer = member("the caller's own dialer: contacts and call info cover only numbers the caller may call", [
  'sip',
]);

/** Virtual numbers, forward rules and groups, trunks, call history, calls management and the SIP service (7.6). */
export const TELEPHONY_CALLS = defineCalls({
  'GET /sip-numbers/generate': {
    access: anyOf(['sip_numbers.create', 'sip_numbers.edit'], ['sip']),
    response: envelope(GeneratedSipNumberSchema),
  },
  'GET /sip-numbers/contacts': { access: dialer, response: envelope(v.array(ContactSchema)) },
  'GET /sip-numbers/call-info': { access: dialer, query: CallInfoQuerySchema, response: envelope(CallInfoSchema) },
  ...entityCalls(sipNumbersEntity),
  ...entityCalls(forwardRuleSetsEntity),
  ...entityCalls(forwardGroupsEntity),
  ...entityCalls(sipTrunksEntity),
  // The dialer's recents: a number's own holder, or a call history reader.
  'GET /calls/history/dialer/{number}': {
    access: member("the caller's own numbers; other numbers need calls.view_history, checked with the number", ['sip']),
    params: v.object({ number: v.pipe(v.string(), v.regex(SIP_NUMBER_PATTERN)) }),
    query: DialerHistoryQuerySchema,
    response: envelope(DialerHistorySchema),
  },
  ...entityCalls(callHistoryEntity),
  'GET /calls/waiting/items': { access: queue, response: envelope(v.array(WaitingCallSchema)) },
  'POST /calls/stop': { access: queue, body: StopCallSchema, response: OkSchema },
  'GET /calls/concierge/devices/items': { access: doors, response: envelope(v.array(DoorDeviceSchema)) },
  'POST /calls/door/open': { access: doors, body: DoorOpenSchema, response: OkSchema },
  'GET /calls/interception': { access: anyOf(['calls.interception']), response: envelope(InterceptionSettingsSchema) },
  'POST /calls/interception': {
    access: anyOf(['calls.interception']),
    body: InterceptionUpdateSchema,
    response: envelope(InterceptionSettingsSchema),
  },
  'GET /sip/status': {
    access: anyOf(['project.view_settings', 'project.change_settings', 'system.view_info']),
    response: envelope(SipStatusSchema),
  },
  'POST /sip/restart': { access: anyOf(['project.change_settings']), response: envelope(SipStatusSchema) },
  'POST /sip/reinit': { access: anyOf(['project.change_settings']), response: envelope(SipStatusSchema) },
});
