import type { CallFailure } from '../session/session.types';

/** Values of a catalogue message's placeholders (`{{used}}`, `{{max}}`, `{{childCode}}`). */
export type AlertValues = Record<string, string | number>;

/** An error alert of a failed call. */
export interface FailureAlert {
  kind: 'error';
  code: string;
  params?: AlertValues;
}

/**
 * A failed call as an error alert: its catalogue code looked up under
 * `errors.http` (8.1), with the values the server sent for the message's
 * placeholders (a limit's used and max, a hierarchy's group types).
 */
export function failureAlert(error: unknown): FailureAlert {
  const failure = error as CallFailure | undefined;
  const alert: FailureAlert = { kind: 'error', code: `errors.http.${failure?.code ?? 'default'}` };
  return failure?.params ? { ...alert, params: failure.params } : alert;
}
