import * as v from 'valibot';
import { COMMUNICATION_ROUTES } from './communications-routes';
import { TIMEOUTS } from './constants';
import { DialerHistoryQuerySchema, DialerHistorySchema } from './entities/call-history';
import { DoorDeviceSchema, DoorOpenSchema, SipStatusSchema, StopCallSchema, WaitingCallSchema } from './entities/calls';
import { GroupBranchNodeSchema, GroupSchema } from './entities/group';
import {
  BranchQuerySchema,
  CompletelyQuerySchema,
  FloorWithApartmentsSchema,
  GeneratedTreeSchema,
  GenerateRequestSchema,
  GenerateSavedSchema,
  GenerateSaveSchema,
  StructureExportQuerySchema,
  StructureImportFieldsSchema,
  StructureImportResultSchema,
} from './entities/group-structure';
import { InterceptionSettingsSchema, InterceptionUpdateSchema } from './entities/interception';
import {
  NotificationItemsQuerySchema,
  NotificationReadAnswerSchema,
  NotificationReadSchema,
  NotificationSchema,
  NotificationSettingsPatchSchema,
  NotificationSettingsSchema,
  NotificationUnreadSchema,
} from './entities/notification';
import { PasswordChangeSchema, ProfilePatchSchema, ProfileSchema } from './entities/profile';
import {
  ConfirmSchema,
  InvitationSchema,
  InviteSendSchema,
  InviteSentSchema,
  PasswordRecoverySchema,
  PasswordResetSchema,
  RegisteredSchema,
  RegistrationByTokenSchema,
  SelfRegistrationInfoSchema,
  SelfRegistrationSchema,
} from './entities/registration';
import {
  CountrySchema,
  HomeCountsSchema,
  InfoSchema,
  ResourcesMetaSchema,
  ServerSettingsSchema,
} from './entities/server-settings';
import {
  LoginRequestSchema,
  LoginResponseSchema,
  RefreshRequestSchema,
  RefreshResponseSchema,
} from './entities/session';
import { CallInfoQuerySchema, CallInfoSchema, ContactSchema, GeneratedSipNumberSchema } from './entities/sip-number';
import { SystemInfoSchema } from './entities/system';
import { ListQuerySchema, listAnswer } from './filters';

/** Every success body is `{ data: ... }` (7.1). */
export const envelope = <T extends v.GenericSchema>(schema: T) => v.object({ data: schema });

export const OkSchema = envelope(v.literal(true));

/**
 * The route table: one key per call, shared by client and server.
 * `auth: false` marks calls open to anonymous callers; `'optional'` ones answer
 * anyone but say more to an authenticated caller (the token is sent when present).
 */
export const ROUTES = {
  'POST /login': { auth: false, body: LoginRequestSchema, response: LoginResponseSchema },
  'POST /refresh-tokens': { auth: false, body: RefreshRequestSchema, response: RefreshResponseSchema },
  'GET /profile': { auth: true, response: envelope(ProfileSchema) },
  'PATCH /profile': { auth: true, body: ProfilePatchSchema, response: envelope(ProfileSchema) },
  'POST /profile/password': { auth: true, body: PasswordChangeSchema, response: OkSchema },
  'PATCH /profile/mobile-client/popup/active': {
    auth: true,
    body: v.object({ is_app_popup_active: v.boolean() }),
    response: envelope(ProfileSchema),
  },
  'DELETE /account': { auth: true, response: OkSchema },
  'POST /registration/invite/send': { auth: true, body: InviteSendSchema, response: InviteSentSchema },
  'GET /registration/{token}': { auth: false, response: envelope(InvitationSchema) },
  'POST /registration': { auth: false, body: RegistrationByTokenSchema, response: RegisteredSchema },
  'POST /password/recovery': { auth: false, body: PasswordRecoverySchema, response: OkSchema },
  'POST /password/reset': { auth: false, body: PasswordResetSchema, response: OkSchema },
  'POST /registration/self': { auth: false, body: SelfRegistrationSchema, response: OkSchema },
  'GET /registration/confirm/{token}': { auth: false, response: envelope(SelfRegistrationInfoSchema) },
  'POST /registration/confirm': { auth: false, body: ConfirmSchema, response: RegisteredSchema },
  'POST /registration/confirm/{token}/resend': { auth: false, response: OkSchema },
  'GET /frontend/server/settings': { auth: 'optional', response: envelope(ServerSettingsSchema) },
  'GET /frontend/resources/meta': { auth: false, response: envelope(ResourcesMetaSchema) },
  'GET /countries': { auth: false, response: envelope(v.array(CountrySchema)) },
  'GET /info': { auth: false, response: envelope(InfoSchema) },
  'GET /home/counts': { auth: true, response: envelope(HomeCountsSchema) },
  'GET /system/info': { auth: true, response: envelope(SystemInfoSchema) },
  // Groups (7.3) beyond the generic resource routes of groupsResource. `query` is the parsed
  // query string; `multipart` the fields of a multipart body besides `file`; `file` an .xlsx answer.
  'GET /domains/items/completely': {
    auth: true,
    query: CompletelyQuerySchema,
    response: envelope(v.array(GroupSchema)),
  },
  'GET /domains/{id}/items': { auth: true, query: ListQuerySchema, response: listAnswer(GroupSchema) },
  'GET /domains/branch': { auth: true, query: BranchQuerySchema, response: envelope(v.array(GroupBranchNodeSchema)) },
  'GET /domains/{id}/floors-and-apartments': {
    auth: true,
    response: envelope(v.array(FloorWithApartmentsSchema)),
  },
  'POST /domains/generate/tree': { auth: true, body: GenerateRequestSchema, response: envelope(GeneratedTreeSchema) },
  'POST /domains/generate/save': { auth: true, body: GenerateSaveSchema, response: envelope(GenerateSavedSchema) },
  'POST /domains/{id}/import/structure': {
    auth: true,
    multipart: StructureImportFieldsSchema,
    timeout: TIMEOUTS.importExportBackup,
    response: envelope(StructureImportResultSchema),
  },
  'GET /domains/{id}/export/structure': {
    auth: true,
    query: StructureExportQuerySchema,
    timeout: TIMEOUTS.importExportBackup,
    file: 'xlsx',
    response: v.blob(),
  },
  // Calls management and the SIP service (7.6).
  'GET /calls/waiting/items': { auth: true, response: envelope(v.array(WaitingCallSchema)) },
  'POST /calls/stop': { auth: true, body: StopCallSchema, response: OkSchema },
  'GET /calls/concierge/devices/items': { auth: true, response: envelope(v.array(DoorDeviceSchema)) },
  'POST /calls/door/open': { auth: true, body: DoorOpenSchema, response: OkSchema },
  'GET /sip/status': { auth: true, response: envelope(SipStatusSchema) },
  'POST /sip/restart': { auth: true, response: envelope(SipStatusSchema) },
  'POST /sip/reinit': { auth: true, response: envelope(SipStatusSchema) },
  // Notifications (7.6): the caller's own, in the current project.
  'GET /notifications/unread': { auth: true, response: envelope(NotificationUnreadSchema) },
  'GET /notifications/items': {
    auth: true,
    query: NotificationItemsQuerySchema,
    response: listAnswer(NotificationSchema),
  },
  'POST /notifications/read': {
    auth: true,
    body: NotificationReadSchema,
    response: envelope(NotificationReadAnswerSchema),
  },
  'GET /notifications/settings': { auth: true, response: envelope(NotificationSettingsSchema) },
  'POST /notifications/settings': {
    auth: true,
    body: NotificationSettingsPatchSchema,
    response: envelope(NotificationSettingsSchema),
  },
  // Telephony (7.6) beyond the generic resource routes of sipNumbersResource, callHistoryResource, …
  'GET /sip-numbers/generate': { auth: true, response: envelope(GeneratedSipNumberSchema) },
  'GET /sip-numbers/contacts': { auth: true, response: envelope(v.array(ContactSchema)) },
  'GET /sip-numbers/call-info': { auth: true, query: CallInfoQuerySchema, response: envelope(CallInfoSchema) },
  'GET /calls/history/dialer/{number}': {
    auth: true,
    query: DialerHistoryQuerySchema,
    response: envelope(DialerHistorySchema),
  },
  'GET /calls/interception': { auth: true, response: envelope(InterceptionSettingsSchema) },
  'POST /calls/interception': {
    auth: true,
    body: InterceptionUpdateSchema,
    response: envelope(InterceptionSettingsSchema),
  },
  ...COMMUNICATION_ROUTES,
} as const;

export type RouteKey = keyof typeof ROUTES;
/** API base path of every call (7.1). */
export const API_BASE = '/api/v0';
