import { NOT_AUTHORIZED } from './error-body';
/**
 * The error catalogue of section 8.2. The server puts one of these codes in
 * `message`; the console looks it up as `errors.http.<code>` (8.1).
 * Codes are lowercased and free of quotes, exactly as 8.1 normalises them.
 */
export const ERROR_CODES = {
  incorrectLogin: 'incorrect login/password',
  notAuthorized: NOT_AUTHORIZED,
  cannotPerformAction: 'cannot perform action',
  wrongParameters: 'wrong parameters',
  itemNotFound: 'item not found',
  invalidCredentials: 'invalid credentials',
  invalidToken: 'invalid token',
  internalServerError: 'internal server error',
  invalidDataSent: 'invalid data sent',
  methodProhibited: 'method or action prohibited',
  valueNotUnique: 'value not unique',
  invalidRelatedEntity: 'invalid related entity sent',
  userRegisteredAlready: 'user registered already',
  invalidFile: 'invalid file',
  wrongFileBody: 'wrong file body',
  wrongOldPassword: 'wrong old password',
  inviteCodeNotFound: 'invite code not found',
  verificationLinkOutdated: 'verification link outdated or incorrect',
  tooManyRequests: 'too many requests',
  notFound: 'not found',
  // Devices and telephony (8.2).
  deviceOffline: 'device offline, cannot connect',
  protocolNotMqtt: 'protocol not mqtt, cannot connect',
  brokerSettingsError: 'broker settings sending error',
  serialNumberInUse: 'serial number in use',
  /** A device of protocol none is not talked to: no init, no task restart, no sync (8.2). */
  protocolNoneCannotInit: 'protocol none, cannot init, restart queue or sync',
  sipServiceStartError: 'sip service start error',
  /** The device broker could not start again (/broker/restart). */
  serviceNotAvailable: 'service not available',
  /** Integrations (8.2): another integration of the project already names this server. */
  integrationUrlExists: 'external video platform server url exists',
  /** The video platform did not answer (down, unreachable, TLS refused, timed out). */
  integrationUnavailable: 'integration server unavailable',
  /** The video platform answered with a server error (its web server could not reach its own services). */
  integrationGrpcError: 'grpc connection error',
  // Group rules (8.2); `params` of the error body fill the placeholders.
  wrongHierarchyCannotPut: 'wrong hierarchy: cannot put {childcode} into {parentcode}',
  wrongHierarchyChildContains: 'wrong hierarchy: child already contains {code}',
  needsBuildingParent: 'needs building parent',
  sameTypeAndLogicAddress: 'same type and logical address exists',
  cannotDeleteOnlyGroup: 'cannot delete the only group of the current user',
  cannotRemoveFromLastObject: 'cannot remove the user from the last object',
  usersMustBeMoved: 'users must be moved before deleting the group',
  // Structure import, per row (8.2).
  unparsableId: 'unparsable id',
  wrongLicenceCount: 'wrong licence count',
  wrongEmail: 'wrong e-mail',
  wrongLicencePeriod: 'wrong licence period',
  nameTooLong: 'name too long',
  valueOutOfRange: 'value too big or low',
  domainNotAllowed: 'domain not allowed',
  cannotInviteUser: 'cannot invite user',
  noPermissionEditUsers: 'missing permission to edit users',
  noPermissionEditLicences: 'missing permission to edit licences',
  // Virtual numbers and trunks (8.2 Limits, Numbers, Devices); limits carry `params: { used, max }`.
  sipNumberLimitTotal: 'sip number limit reached (total)',
  sipNumberLimitUser: 'sip number limit reached (per user)',
  sipNumberLimitGroup: 'maximum of virtual numbers in group exceeded',
  cannotDeleteGroupNumbers: 'cannot delete group or master numbers',
  trunkUriIsServerAddress: 'sip trunk uri cannot match the server address',
  groupNumberExists: 'the sip number for the group already exists',
  virtualNumberNotFree: 'virtual number not free',
  deviceHasNumber: 'device already has a virtual number',
  // Numbers and conversations (8.2).
  cannotCommunicateWithHimself: 'a user cannot communicate with himself',
  // Devices (8.2): an elevator's controller.
  controllerLinked: 'controller already linked to another elevator',
  // Others (8.2): IP blocking's whitelist.
  ipAlreadyWhitelisted: 'ip already whitelisted',
  // Identifiers (8.2); `params` of the error body fill {name}.
  errorSavingIdentifier: 'error saving identifier {name}',
  duplicateIdentifier: 'duplicate identifier with number and type',
  guestIdentifierExists: 'guest identifier already exists',
  identifierNotFound: 'identifier not found',
  viewIdentifierNotAvailable: 'view identifier not available',
  ukey2CannotBeDeleted: 'ukey2 cannot be deleted',
  // Guest access (8.2): the public guest page's calls, and the granter's limits.
  invalidIdentifier: 'invalid identifier',
  expired: 'expired',
  passLimitReached: 'pass limit reached',
  deviceProblem: 'device problem',
  deviceNotFound: 'device not found',
  maxPassCountOrPeriod: 'max pass count or period reached',
  // Guest access, not in 8.2 (docs/decisions.md): a key used before its period starts; a door
  // that the key's rules keep closed now (`params.reason`: schedule_closed, prohibited, no_rule).
  notYetValid: 'not yet valid',
  accessDenied: 'access denied',
  // Device alarms (issue 11; not in 8.2): processing is final.
  alarmAlreadyProcessed: 'alarm already processed',
  // Access management › Schedules: a schedule access rules use is not deleted (docs/decisions.md).
  scheduleInUse: 'schedule used by access rules: {rules}',
  // Licences (8.2). Limits carry `params: { used, max }`; a consistency error carries `consistency`.
  licenceSignWrong: 'licence sign wrong',
  licenceCannotBeApplied: 'licence cannot be applied',
  licenceExpired: 'licence expired',
  licenceServerNotResponding: 'licence server not responding',
  noLicencesForProject: 'no licences for project',
  sameInstanceRegistered: 'same instance already registered',
  licenceConsistency: 'licence consistency error',
  licenceCountBelowUsed: 'licence count below used ({used}, {max})',
  virtualNumbersProjectMax: 'maximum of virtual numbers in project exceeded',
  mobileAppsProjectMax: 'maximum of mobile apps in project exceeded',
  mobileAppsGroupMax: 'maximum of mobile apps in group exceeded',
  ukey2ProjectMax: 'maximum of ukey2 in project exceeded',
  ukey2GroupMax: 'maximum of ukey2 in group exceeded',
  // Amenities (8.2): a reservation in a final status, places, time, slots, persons, QR doors, reach.
  reservationNotEditable: 'non-editable reservation status',
  reservationNotCancelable: 'non-cancelable reservation status',
  noFreePlaces: 'no free places',
  dateMustBeFuture: 'date or time must be in the future',
  timeSlotMismatch: 'time slot mismatch',
  personLimits: 'number of persons out of limits ({min}-{max})',
  unsupportedQrDevices: 'unsupported qr devices',
  amenityNotAllowed: 'amenity not allowed',
  amenityNotFound: 'amenity not found',
  reservationNotFound: 'reservation not found',
  amenityHasActiveReservations: 'amenity has active reservations',
  /** A reservation still to happen or in use is cancelled before it is deleted (docs/decisions.md, Amenities). */
  reservationNotFinished: 'reservation not finished',
  // Project settings and mail (8.2 Others).
  templateExists: 'a template of this type exists',
  phonebookMustBeDisabled: 'phonebook must be disabled',
  // Backups (8.2): a foreign, damaged or wrongly keyed archive; the body's `code` says which
  // (INVALID_BACKUP_REASONS, src/contract/entities/backup.ts).
  invalidBackupImage: 'invalid backup image',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Per-field validation codes (section 5), sent in `errors` and translated under `errors.field.*`. */
export const FIELD_ERROR_CODES = [
  'required',
  'max_length',
  'min_length',
  'email',
  'url_or_ip',
  'ip',
  /** An IP address or a CIDR range (the IP-blocking whitelist). */
  'ip_or_range',
  'number',
  'phone',
  'range',
  'min_value',
  'max_value',
  'not_unique',
  'mismatch',
  'name_rule',
  'invalid',
  // Telephony (section 5): SIP password, trunk number and URI, forward settings.
  'sip_password',
  'digits',
  'no_spaces',
  'server_address',
  'one_required',
  'time_order',
  'inactive',
  // Section 5: alert and announce must have recipients; a poll needs answers or a custom response.
  'recipients_required',
  'poll_answer_required',
  // Section 5: an elevator's controller needs a floor map; a lift call names a floor (apartment) on it.
  'floor_map_required',
  'not_on_floor_map',
  // Network search (7.4): an IP range whose end comes first, that is too long, or that the server may not probe.
  'ip_range_order',
  'ip_range_size',
  'ip_range_not_allowed',
  // Access management (section 5): an access rule needs a device; an elevator access rule a user,
  // an elevator and a floor of each elevator.
  'device_required',
  'user_required',
  'elevator_required',
  'floor_required',
  // Section 5 "a number or HEX code": an identifier's value in the format chosen for it.
  'number_or_hex',
  // Guest access: a key needs an access rule; the granter's group limits (params.max) on passes and days.
  'access_rule_required',
  'max_passes',
  'max_period_days',
  // Amenities (section 5): a slot's length is a multiple of the duration, slots of one amenity do not
  // intersect, a slot still booked cannot go; a reservation's slot must be one of the amenity's that day.
  'duration_multiple',
  'slots_intersect',
  'slot_in_use',
  'slot_mismatch',
  'no_free_places',
  'qr_devices',
  // Mail templates: a placeholder the type does not know; one the type needs (section 5 "required placeholders").
  'unknown_placeholder',
  'placeholder_required',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

// The error body and its normalisation live in ./error-body.ts (the console's first load needs them, not the catalogue).
export {
  type ErrorBody,
  ErrorBodySchema,
  type FieldError,
  FieldErrorSchema,
  normaliseErrorMessage,
} from './error-body';
