import type { GuestAccessState, GuestDoor, GuestKey, GuestOpenAnswer } from '../../contract/entities/guest-key';
import type { IdentifierType } from '../../contract/entities/identifier';
import type { CallFailure } from '../session/session.types';

/** The grant form's fields, as §3 names a guest key's. */
export interface GuestKeyValues {
  name: string;
  type: IdentifierType;
  /** Blank for a new QR key: the server makes one. */
  value: string;
  guestType: string;
  selectedAccessRules: { id: number; name: string }[];
  restrictPeriod: boolean;
  /** datetime-local values. */
  validatePeriod: { from: string; to: string };
  restrictPassCount: boolean;
  passLimit: string;
  keyMessage: string;
}
/** Fields of the form that hold text or a flag (the rules have their own event). */
export type GuestKeyField =
  | Exclude<keyof GuestKeyValues, 'selectedAccessRules' | 'validatePeriod'>
  | 'validFrom'
  | 'validTo';

/**
 * What starts the actor: the grant flow (a new key from `start`, the page's now, or key `id` to
 * edit) or the guest page of a key's link.
 */
export type GuestKeyInput = { mode: 'grant'; id: number | null; start: string } | { mode: 'guest'; keyUid: string };

export interface GuestKeyContext {
  input: GuestKeyInput;
  // The grant flow.
  values: GuestKeyValues;
  /** Field errors of the last attempt (the console's checks or the server's), by server field path. */
  fieldErrors: Record<string, { code: string; params?: Record<string, string | number> }>;
  /** The key as granted (or saved): its link and QR. */
  granted: GuestKey | null;
  // The guest page.
  state: GuestAccessState | null;
  doors: GuestDoor[];
  /** The door being opened, or the last one opened / refused. */
  door: GuestDoor | null;
  /** Why the last load, grant or opening failed (the server's message). */
  failure: CallFailure | null;
}

export type GuestKeyEvent =
  | { type: 'key.change'; field: GuestKeyField; value: string | boolean }
  | { type: 'rules.change'; rules: { id: number; name: string }[] }
  | { type: 'key.grant' }
  /** From granted: a new key, starting at `start`. */
  | { type: 'key.grantAnother'; start: string }
  | { type: 'key.retry' }
  | { type: 'door.open'; token: string };

/** What loading a key's page answers: its state and, while it can open doors, the doors. */
export interface GuestPageLoad {
  state: GuestAccessState;
  doors: GuestDoor[];
}

export type { GuestOpenAnswer };
