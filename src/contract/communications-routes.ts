import * as v from 'valibot';
import { AnnounceByTokenSchema, AnnounceResponseCreateSchema, AnnounceSchema } from './entities/announce';
import { ConversationMessageSchema, MessageCreateSchema, MessagePageSchema } from './entities/conversation';
import { EmergencyAlertSchema, StoredAudioSchema } from './entities/emergency-alert';

// Local copy of http.ts's envelope: http.ts spreads these routes into ROUTES, so importing it here would be circular.
const envelope = <T extends v.GenericSchema>(schema: T) => v.object({ data: schema });

/**
 * Calls of the communications area (7.6) beyond the generic resource routes of
 * conversations, announces, announce responses and emergency alerts. Spread
 * into ROUTES (src/contract/http.ts).
 */
export const COMMUNICATION_ROUTES = {
  // The newest page of messages; reading it marks the conversation read for a participant.
  'GET /conversations/{id}/messages': { auth: true, response: MessagePageSchema },
  // The page of messages just before `before_date` (ISO), for "load older".
  'GET /conversations/{id}/messages/{before_date}': { auth: true, response: MessagePageSchema },
  'POST /conversations/{id}/messages': {
    auth: true,
    body: MessageCreateSchema,
    response: envelope(ConversationMessageSchema),
  },
  'POST /conversations/{id}/read': { auth: true, response: envelope(v.literal(true)) },
  'POST /announces/{id}/start': { auth: true, response: envelope(AnnounceSchema) },
  'POST /announces/{id}/stop': { auth: true, response: envelope(AnnounceSchema) },
  'GET /announces/items/token/{token}': { auth: true, response: envelope(AnnounceByTokenSchema) },
  // "send poll" of 7.6: the recipient's answer, by token.
  'POST /announces/response': {
    auth: true,
    body: AnnounceResponseCreateSchema,
    response: envelope(AnnounceByTokenSchema),
  },
  'POST /emergency-alerts/{id}/start': { auth: true, response: envelope(EmergencyAlertSchema) },
  'POST /emergency-alerts/{id}/stop': { auth: true, response: envelope(EmergencyAlertSchema) },
  // A two-tone siren made by the server, stored like an upload.
  'POST /emergency-alerts/generate': { auth: true, response: StoredAudioSchema },
  // Multipart with the audio as `file` (wav, mp3 or ogg).
  'POST /emergency-alerts/file': { auth: true, multipart: v.object({}), response: StoredAudioSchema },
} as const;
