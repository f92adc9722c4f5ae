import type { FastifyInstance } from 'fastify';
import { domainTypesEntity } from '../../../src/contract/entities/domain-type';
import type { AppContext } from '../../context';
import {
  createDomainType,
  DOMAIN_TYPE_COLUMNS,
  deleteDomainTypes,
  scopedDomainTypes,
  selectDomainTypes,
  toDomainTypes,
  updateDomainType,
} from '../../domain/groups/domain-types';
import { registerEntityCalls } from '../plumbing/entity-routes';

/** /domain-types (7.3): the group types of the project. */
export async function domainTypeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerEntityCalls(app, {
    entity: domainTypesEntity,
    scoped: (auth) => scopedDomainTypes(ctx.db, auth),
    select: selectDomainTypes,
    columns: DOMAIN_TYPE_COLUMNS,
    idColumn: 't.id',
    toItems: async (rows) => toDomainTypes(rows),
    create: (auth, body) => createDomainType(ctx.db, auth, body),
    patch: (auth, id, body) => updateDomainType(ctx.db, auth, id, body),
    remove: (auth, ids) => deleteDomainTypes(ctx.db, auth, ids),
  });
}
