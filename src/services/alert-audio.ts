import type { Http } from './http';

/**
 * What the alert form's audio field holds: nothing, the stored file, a file
 * chosen on this computer (uploaded when the alert is saved), or a siren the
 * server generates on save.
 */
export type AudioChoice =
  | { kind: 'none' }
  | { kind: 'stored'; filename: string; url: string | null }
  | { kind: 'file'; file: Blob; name: string }
  | { kind: 'generate' };

/** Turns the form's choice into the alert's `filename`, uploading or generating first when needed. */
export async function resolveAudio(http: Http, choice: AudioChoice | undefined): Promise<string | null> {
  if (!choice || choice.kind === 'none') return null;
  if (choice.kind === 'stored') return choice.filename;
  if (choice.kind === 'generate') return (await http.call('POST /emergency-alerts/generate')).data.filename;
  const answer = await http.call('POST /emergency-alerts/file', {
    multipart: { fields: {}, files: { file: { blob: choice.file, name: choice.name } } },
  });
  return answer.data.filename;
}

/** Whether a form value is an audio choice (the alert form's `audio` field). */
export function isAudioChoice(value: unknown): value is AudioChoice {
  if (typeof value !== 'object' || value === null || !('kind' in value)) return false;
  return ['none', 'stored', 'file', 'generate'].includes(String(value.kind));
}
