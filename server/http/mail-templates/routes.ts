import type { FastifyInstance } from 'fastify';
import { MAIL_TYPES, mailTemplatesEntity } from '../../../src/contract/entities/mail-template';
import type { AppContext } from '../../context';
import type { Auth } from '../../domain/auth/auth-context';
import { prohibited } from '../../domain/errors';
import { canEdit, canManageSelf, loadGroupAccess } from '../../domain/groups/access';
import { requireVisibleGroup } from '../../domain/groups/groups';
import { composePreview, previewAnswer, sendPreview } from '../../domain/mail/preview';
import {
  createTemplate,
  deleteTemplates,
  permittedTemplates,
  scopedTemplates,
  selectTemplates,
  TEMPLATE_COLUMNS,
  toTemplate,
  updateTemplate,
} from '../../domain/mail/templates';
import { registerEntityCalls } from '../plumbing/entity-routes';
import { registerCall } from '../plumbing/register-call';

const typeAnswer = (t: (typeof MAIL_TYPES)[number]) => ({
  id: t.id,
  code: t.code,
  variables: [...t.variables],
  required: [...t.required],
  domain: t.domain,
});

/** Mail templates (7.6) and their previews (7.6, and per group 7.3). */
export async function mailTemplateRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerEntityCalls(app, {
    entity: mailTemplatesEntity,
    scoped: (auth) => scopedTemplates(ctx.db, auth),
    select: selectTemplates,
    columns: TEMPLATE_COLUMNS,
    idColumn: 't.id',
    toItems: async (rows) => rows.map(toTemplate),
    permitted: (auth, ids) => permittedTemplates(ctx.db, auth, ids),
    create: (auth, body) => createTemplate(ctx.db, auth, body),
    patch: (auth, id, body) => updateTemplate(ctx.db, auth, id, body),
    remove: (auth, ids) => deleteTemplates(ctx.db, auth, ids),
  });
  registerCall(app, 'GET /mail-templates/types', async () => ({ data: MAIL_TYPES.map(typeAnswer) }));
  registerCall(app, 'GET /mail-templates/domain-types', async () => ({
    data: MAIL_TYPES.filter((t) => t.domain).map(typeAnswer),
  }));
  registerCall(app, 'POST /mail-templates/preview', async ({ auth, body }) => ({
    data: previewAnswer(await composePreview(ctx, auth, body, null)),
  }));
  registerCall(app, 'POST /mail-templates/preview/send', async ({ auth, body }) => ({
    data: await sendPreview(ctx, auth, body, null),
  }));

  // Per group (7.3): the group's editors of 6.3 (edit-all, edit-descendants, its own mail templates).
  const assertGroupTemplates = async (auth: Auth, id: number) => {
    const access = await loadGroupAccess(ctx.db, auth);
    const group = await requireVisibleGroup(ctx.db, access, id);
    if (!canEdit(access, group) && !canManageSelf(access, group, 'self_domain.manage_mail_templates')) {
      throw prohibited();
    }
  };
  registerCall(app, 'POST /domains/{id}/mail-templates/preview', async ({ auth, params, body }) => {
    await assertGroupTemplates(auth, params.id);
    return { data: previewAnswer(await composePreview(ctx, auth, body, params.id)) };
  });
  registerCall(app, 'POST /domains/{id}/mail-templates/preview/send', async ({ auth, params, body }) => {
    await assertGroupTemplates(auth, params.id);
    return { data: await sendPreview(ctx, auth, body, params.id) };
  });
}
