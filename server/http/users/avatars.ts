import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Auth } from '../../domain/auth/auth-context';
import { itemNotFound } from '../../domain/errors';
import { avatarDir, deleteAvatar, saveAvatar } from '../../domain/users/avatars';
import { readUser } from '../../domain/users/users';
import { registerCall } from '../plumbing/register-call';

/** POST and DELETE /users/{id}/avatar (7.3) and the stored pictures. */
export async function avatarRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const answer = async (auth: Auth, id: number) => ({ data: await readUser(ctx.db, auth, id) });

  registerCall(app, 'POST /users/{id}/avatar', async ({ auth, params, body }) => {
    const image = body.files.image;
    if (!image) throw itemNotFound();
    await saveAvatar(ctx.db, ctx.config.dataDir, params.id, image.data, body.fields);
    return answer(auth, params.id);
  });

  registerCall(app, 'DELETE /users/{id}/avatar', async ({ auth, params }) => {
    await deleteAvatar(ctx.db, ctx.config.dataDir, params.id);
    return answer(auth, params.id);
  });

  registerCall(app, 'GET /uploads/avatars/{file}', async ({ params }) => {
    const data = await readFile(join(avatarDir(ctx.config.dataDir), params.file)).catch(() => null);
    if (!data) throw itemNotFound();
    return { file: { contentType: 'image/png', data, cacheControl: 'public, max-age=31536000, immutable' } };
  });
}
