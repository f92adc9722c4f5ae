/**
 * The few calls we make of packages that ship no types (yazl 3.3, pino-roll 4.0), written from
 * their READMEs.
 */
declare module 'yazl' {
  import type { Readable } from 'node:stream';
  export class ZipFile {
    outputStream: Readable;
    addReadStream(stream: Readable, metadataPath: string, options?: { mtime?: Date; compress?: boolean }): void;
    addBuffer(buffer: Buffer, metadataPath: string, options?: { mtime?: Date; compress?: boolean }): void;
    end(options?: { forceZip64Format?: boolean }): void;
  }
}

declare module 'pino-roll' {
  import type SonicBoom from 'sonic-boom';

  interface PinoRollOptions {
    /** The file's path without its number and extension. */
    file: string;
    /** `10m`, `1g`, or MB as a number. */
    size?: string | number;
    /** `daily`, `hourly`, or milliseconds. */
    frequency?: string | number;
    extension?: string;
    mkdir?: boolean;
    /** Files kept besides the current one. */
    limit?: { count?: number; removeOtherLogFiles?: boolean };
    symlink?: boolean;
  }
  export default function pinoRoll(options: PinoRollOptions): Promise<SonicBoom>;
}
