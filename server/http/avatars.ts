import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../src/contract/errors';
import { hasAnyPermission } from '../../src/contract/permissions';
import type { AppContext } from '../context';
import { avatarDir, deleteAvatar, saveAvatar } from '../domain/avatars';
import { IMAGE_LIMITS } from '../domain/image-check';
import { scopedUsers, selectUsers, toUsers } from '../domain/users';
import { idOf } from '../resources/define-resource';
import { authOf, requirePermission } from './auth';
import { HttpError, invalidData, itemNotFound, prohibited } from './http-error';

/** Reads the avatar upload: the `image` file and the numeric crop fields. */
async function readUpload(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let image: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      // Over IMAGE_LIMITS.maxBytes: the upload is refused like any other unusable picture.
      const data = await part.toBuffer().catch((error: { code?: string }) => {
        throw error.code === 'FST_REQ_FILE_TOO_LARGE'
          ? new HttpError(400, { message: ERROR_CODES.invalidFile })
          : error;
      });
      if (part.fieldname === 'image') image = data;
    } else fields[part.fieldname] = String(part.value);
  }
  const errors: Record<string, { code: string }> = {};
  if (!image) errors.image = { code: 'required' };
  const crop = { x: Number(fields.x), y: Number(fields.y), size: Number(fields.size) };
  for (const key of ['x', 'y', 'size'] as const) {
    if (fields[key] === undefined || !Number.isFinite(crop[key]) || crop[key] < 0) errors[key] = { code: 'number' };
  }
  if (Object.keys(errors).length > 0 || !image) throw invalidData(errors);
  return { image, crop };
}

/** POST and DELETE /users/{id}/avatar (7.3) and the stored pictures. */
export async function avatarRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(multipart, { limits: { fileSize: IMAGE_LIMITS.maxBytes, files: 1 } });
  const config = { auth: true };
  const guard = requirePermission('users.edit_all', 'users.edit_profile');

  /** The user, visible to the caller, whose picture the caller may change (6.1: own profile, or edit all). */
  async function target(request: FastifyRequest) {
    const auth = authOf(request);
    const id = idOf(request);
    const may = id === auth.userId || hasAnyPermission(auth.role.permissions, ['users.edit_all']);
    const rows = await selectUsers(scopedUsers(ctx.db, auth).where('u.id', '=', id)).execute();
    if (rows.length === 0) throw itemNotFound();
    if (!may) throw prohibited();
    return { auth, id };
  }
  const answer = async (request: FastifyRequest, id: number) => {
    const auth = authOf(request);
    const rows = await selectUsers(scopedUsers(ctx.db, auth).where('u.id', '=', id)).execute();
    return { data: (await toUsers(ctx.db, auth, rows))[0] };
  };

  app.post('/users/:id/avatar', { config, preHandler: guard }, async (request) => {
    const { id } = await target(request);
    const { image, crop } = await readUpload(request);
    await saveAvatar(ctx.db, ctx.config.dataDir, id, image, crop);
    return answer(request, id);
  });

  app.delete('/users/:id/avatar', { config, preHandler: guard }, async (request) => {
    const { id } = await target(request);
    await deleteAvatar(ctx.db, ctx.config.dataDir, id);
    return answer(request, id);
  });

  // Pictures are public by unguessable name, so <img> tags load them without a bearer token.
  app.get('/uploads/avatars/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    if (!/^\d+-[0-9a-f]{16}\.png$/.test(file)) throw itemNotFound();
    const data = await readFile(join(avatarDir(ctx.config.dataDir), file)).catch(() => null);
    if (!data) throw itemNotFound();
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(data);
  });
}
