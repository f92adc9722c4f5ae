import { basename } from 'node:path';
import { AUDIO_FILENAME } from '../../../src/contract/entities/emergency-alert';
import { amenityFileDir } from '../amenities/amenity-files';
import { audioDir } from '../communications/emergency-audio';
import { photoDir } from '../identifiers/identifier-media';
import { PHOTO_URL_PREFIX } from '../identifiers/identifiers';
import { LOGO_URL_PREFIX, logoDir } from '../project/logos';
import { AVATAR_URL_PREFIX, avatarDir } from '../users/avatars';

/**
 * Files under DATA_DIR that rows point to: a backup of the row's table carries the file, a
 * restore puts it back under the same name (names are random, so a name is one content). Each
 * area's storage says where its files live; a column whose name says it points to a file
 * (FILE_COLUMN) must be listed here or in NOT_FILES (tests/unit/backup-tables.test.ts).
 */
export interface FileRef {
  /** The archive's folder for these files. */
  kind: string;
  table: string;
  column: string;
  dir(dataDir: string): string;
  /** The stored file's name from the column's value, or null when it names none of ours. */
  fileOf(value: string): string | null;
}

/** A safe file name: no folder, no way out of the directory. */
export const SAFE_FILE_NAME = /^(?!\.)[\w.-]{1,200}$/;

const named = (value: string, prefix?: string) => {
  if (prefix && !value.startsWith(prefix)) return null;
  const name = basename(prefix ? value.slice(prefix.length) : value);
  return SAFE_FILE_NAME.test(name) ? name : null;
};

/** A logo kept inside a JSON column (`logo` at the top or under `whitelabel_settings`). */
const logoIn = (value: string): string | null => {
  try {
    const json = JSON.parse(value) as { logo?: unknown; whitelabel_settings?: { logo?: unknown } } | null;
    const logo = json?.logo ?? json?.whitelabel_settings?.logo;
    return typeof logo === 'string' ? named(logo, LOGO_URL_PREFIX) : null;
  } catch {
    return null;
  }
};

const amenityFile = (column: string): FileRef => ({
  kind: 'amenities',
  table: 'amenities',
  column,
  dir: amenityFileDir,
  fileOf: (value) => named(value),
});

export const FILE_REFS: readonly FileRef[] = [
  {
    kind: 'avatars',
    table: 'users',
    column: 'avatar_url',
    dir: avatarDir,
    fileOf: (value) => named(value, AVATAR_URL_PREFIX),
  },
  {
    kind: 'identifier-photos',
    table: 'identifiers',
    column: 'photo_path',
    dir: photoDir,
    // Stored as the bare name; an URL form is accepted too.
    fileOf: (value) => named(value.startsWith(PHOTO_URL_PREFIX) ? value.slice(PHOTO_URL_PREFIX.length) : value),
  },
  {
    kind: 'emergency-audio',
    table: 'emergency_alerts',
    column: 'filename',
    dir: audioDir,
    fileOf: (value) => (AUDIO_FILENAME.test(value) ? value : null),
  },
  amenityFile('image_path'),
  amenityFile('image_original_path'),
  amenityFile('terms_path'),
  // White-label logos: the project's (the `whitelabel` section's value) and each group's (its settings).
  { kind: 'logos', table: 'project_settings', column: 'value', dir: logoDir, fileOf: logoIn },
  { kind: 'logos', table: 'domains', column: 'settings', dir: logoDir, fileOf: logoIn },
];

/** Column names that usually point to a file. */
export const FILE_COLUMN = /(^file$|_file$|filename$|_path$|_url$)/;

/** Columns FILE_COLUMN matches that hold no file of ours, with the reason. */
export const NOT_FILES: Record<string, string> = {
  'projects.server_url': 'an address, not a file',
};

export const fileRefsOf = (table: string) => FILE_REFS.filter((f) => f.table === table);
