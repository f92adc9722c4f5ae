import type { FastifyInstance } from 'fastify';
import { sipTrunksEntity } from '../../../src/contract/entities/sip-trunk';
import type { AppContext } from '../../context';
import {
  createTrunk,
  deleteTrunks,
  scopedTrunks,
  selectTrunks,
  TRUNK_COLUMNS,
  TRUNK_RELATIONS,
  toTrunks,
  updateTrunk,
} from '../../domain/telephony/sip-trunks';
import { registerEntityCalls } from '../plumbing/entity-routes';

/** SIP trunks (7.6): the entity's calls; SIP and trunks must be licensed (the declarations say so). */
export async function sipTrunkRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerEntityCalls(app, {
    entity: sipTrunksEntity,
    scoped: (auth) => scopedTrunks(ctx.db, auth),
    select: selectTrunks,
    columns: TRUNK_COLUMNS,
    relations: TRUNK_RELATIONS,
    idColumn: 't.id',
    toItems: (rows) => toTrunks(ctx.db, rows),
    create: (auth, body) => createTrunk(ctx.db, ctx.config, auth, body),
    patch: (auth, id, body) => updateTrunk(ctx.db, ctx.config, auth, id, body),
    remove: (_, ids) => deleteTrunks(ctx.db, ids),
  });
}
