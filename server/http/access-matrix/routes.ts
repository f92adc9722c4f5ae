import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { accessMatrixPage } from '../../domain/access/matrix/matrix';
import { accessMatrixFile } from '../../domain/access/matrix/matrix-file';
import { registerCall } from '../plumbing/register-call';

/** The access matrix (7.5): a page of users × doors, and the whole of a filter as .xlsx. */
export async function accessMatrixRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerCall(app, 'GET /access-matrix/items', ({ auth, query }) => accessMatrixPage(ctx.db, auth, query));
  registerCall(app, 'GET /access-matrix/download', async ({ auth, query }) => ({
    file: {
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      filename: 'access-matrix.xlsx',
      data: await accessMatrixFile(ctx.db, auth, query),
    },
  }));
}
