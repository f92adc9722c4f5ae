/** Types of scripts/build-server.mjs for the TypeScript callers (bench, tests). */
export const OUT_DIR: string;
export function serverNeedsBuild(): boolean;
export function buildServer(options?: { force?: boolean }): Promise<{ rebuilt: boolean; ms: number }>;
