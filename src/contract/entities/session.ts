import * as v from 'valibot';

/** POST /login body. */
export const LoginRequestSchema = v.object({
  login: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(255)),
  password: v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
});
export type LoginRequest = v.InferOutput<typeof LoginRequestSchema>;

/** One project session returned by login: a token pair for one project. */
export const ProjectSessionSchema = v.object({
  project: v.object({ id: v.number(), name: v.string() }),
  token: v.string(),
  refresh: v.string(),
});
export type ProjectSession = v.InferOutput<typeof ProjectSessionSchema>;

/** POST /login answer: one session per project the user belongs to. */
export const LoginResponseSchema = v.object({ data: v.array(ProjectSessionSchema) });

/** POST /refresh-tokens body: the refresh token; it is single-use. */
export const RefreshRequestSchema = v.object({ token: v.pipe(v.string(), v.minLength(1), v.maxLength(512)) });

/** POST /refresh-tokens answer: a new pair; the old refresh token is spent. */
export const TokenPairSchema = v.object({ token: v.string(), refresh: v.string() });
export type TokenPair = v.InferOutput<typeof TokenPairSchema>;
export const RefreshResponseSchema = v.object({ data: TokenPairSchema });
