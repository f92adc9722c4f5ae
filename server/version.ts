import { readFileSync } from 'node:fs';

/** The release, from package.json: shown by /info, the server settings and the system info. */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** The product name the server reports. */
export const PRODUCT_NAME = 'Gatehouse';
