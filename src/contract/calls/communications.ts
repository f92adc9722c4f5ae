import * as v from 'valibot';
import { anyOf, defineCalls, envelope, IdParamsSchema, member, PUBLIC } from '../call';
import { COMMUNICATIONS } from '../constants';
import {
  AnnounceByTokenSchema,
  AnnounceResponseCreateSchema,
  AnnounceSchema,
  announceResponsesEntity,
  announcesEntity,
} from '../entities/announce';
import {
  ConversationMessageSchema,
  conversationRecipientsEntity,
  conversationsEntity,
  MessageCreateSchema,
  MessagePageSchema,
} from '../entities/conversation';
import {
  AUDIO_FILENAME,
  alertDevicesEntity,
  EmergencyAlertSchema,
  emergencyAlertsEntity,
  StoredAudioSchema,
} from '../entities/emergency-alert';
import { entityCalls } from '../entity';

const conversation = { params: IdParamsSchema, object: { entity: 'conversations', action: 'view' } } as const;
const announce = { params: IdParamsSchema, object: { entity: 'announces', action: 'view' } } as const;
const alert = { params: IdParamsSchema, object: { entity: 'emergency_alerts', action: 'view' } } as const;
const alertWriters = anyOf(['emergency_alerts.create', 'emergency_alerts.edit']);
/** A recipient's own announce, found by the token mailed or pushed to them. */
const recipient = member('the recipient presents their own token; it is checked against the caller');

/** Conversations, announces and emergency alerts (7.6). */
export const COMMUNICATION_CALLS = defineCalls({
  ...entityCalls(conversationsEntity),
  ...entityCalls(conversationRecipientsEntity),
  // The newest page of messages; reading it marks the conversation read for a participant.
  'GET /conversations/{id}/messages': {
    access: anyOf(conversationsEntity.access.view),
    ...conversation,
    response: MessagePageSchema,
  },
  // The page of messages just before `before_date` (ISO), for "load older".
  'GET /conversations/{id}/messages/{before_date}': {
    access: anyOf(conversationsEntity.access.view),
    params: v.object({
      ...IdParamsSchema.entries,
      before_date: v.pipe(v.string(), v.maxLength(40), v.isoTimestamp()),
    }),
    object: { entity: 'conversations', action: 'view' },
    response: MessagePageSchema,
  },
  'POST /conversations/{id}/messages': {
    access: anyOf(['conversations.create_message']),
    ...conversation,
    body: MessageCreateSchema,
    response: envelope(ConversationMessageSchema),
  },
  'POST /conversations/{id}/read': {
    audit: false,
    access: anyOf(conversationsEntity.access.view),
    ...conversation,
    response: envelope(v.literal(true)),
  },
  ...entityCalls(announcesEntity),
  'POST /announces/{id}/start': { access: anyOf(['announces.send']), ...announce, response: envelope(AnnounceSchema) },
  'POST /announces/{id}/stop': { access: anyOf(['announces.send']), ...announce, response: envelope(AnnounceSchema) },
  'GET /announces/items/token/{token}': {
    access: recipient,
    params: v.object({ token: v.pipe(v.string(), v.regex(/^[\w-]{1,128}$/)) }),
    response: envelope(AnnounceByTokenSchema),
  },
  // "send poll" of 7.6: the recipient's answer, by token.
  'POST /announces/response': {
    audit: false,
    access: recipient,
    body: AnnounceResponseCreateSchema,
    response: envelope(AnnounceByTokenSchema),
  },
  ...entityCalls(announceResponsesEntity),
  ...entityCalls(emergencyAlertsEntity),
  ...entityCalls(alertDevicesEntity),
  'POST /emergency-alerts/{id}/start': {
    access: anyOf(['emergency_alerts.playback']),
    ...alert,
    response: envelope(EmergencyAlertSchema),
  },
  'POST /emergency-alerts/{id}/stop': {
    access: anyOf(['emergency_alerts.playback']),
    ...alert,
    response: envelope(EmergencyAlertSchema),
  },
  // A two-tone siren made by the server, stored like an upload.
  'POST /emergency-alerts/generate': { audit: false, access: alertWriters, response: StoredAudioSchema },
  // The audio as `file` (wav, mp3 or ogg).
  'POST /emergency-alerts/file': {
    audit: false,
    access: alertWriters,
    multipart: { fields: v.object({}), files: { file: { maxBytes: COMMUNICATIONS.audioMaxBytes, required: true } } },
    response: StoredAudioSchema,
  },
  // Audio is public by unguessable name, so an <audio> element plays it without a bearer token.
  'GET /uploads/emergency-audio/{file}': {
    access: PUBLIC,
    params: v.object({ file: v.pipe(v.string(), v.regex(AUDIO_FILENAME)) }),
    file: 'audio',
    response: v.blob(),
  },
});
