/**
 * Why a call ended, as a translation key: JsSIP reports English causes (JsSIP.C.causes, plus the
 * phone's own 'Missing session'); the card shows them in the user's language. Unknown causes are
 * shown as they came.
 */
const CAUSE_KEYS: Record<string, string> = {
  'Connection Error': 'connectionError',
  'Request Timeout': 'requestTimeout',
  'SIP Failure Code': 'sipFailure',
  'Internal Error': 'internalError',
  Busy: 'busy',
  Rejected: 'rejected',
  Redirected: 'redirected',
  Unavailable: 'unavailable',
  'Not Found': 'notFound',
  'Address Incomplete': 'addressIncomplete',
  'Incompatible SDP': 'incompatibleSdp',
  'Missing SDP': 'missingSdp',
  'Authentication Error': 'authenticationError',
  Terminated: 'terminated',
  'WebRTC Error': 'webrtcError',
  Canceled: 'canceled',
  'No Answer': 'noAnswer',
  Expires: 'expires',
  'No ACK': 'noAck',
  'Dialog Error': 'dialogError',
  'User Denied Media Access': 'mediaDenied',
  'Bad Media Description': 'badMediaDescription',
  'RTP Timeout': 'rtpTimeout',
  'Missing session': 'missingSession',
};

/** The `dialer:cause.*` key of a JsSIP cause, or null when the cause is not a known one. */
export const endCauseKey = (cause: string): string | null => {
  const key = CAUSE_KEYS[cause];
  return key ? `cause.${key}` : null;
};

export const KNOWN_END_CAUSES = Object.keys(CAUSE_KEYS);
