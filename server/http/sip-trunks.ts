import type { FastifyInstance } from 'fastify';
import { sipTrunksResource } from '../../src/contract/entities/sip-trunk';
import type { AppContext } from '../context';
import {
  createTrunk,
  deleteTrunks,
  scopedTrunks,
  selectTrunks,
  TRUNK_COLUMNS,
  TRUNK_RELATIONS,
  TRUNK_VIEW_PERMISSIONS,
  toTrunks,
  updateTrunk,
} from '../domain/sip-trunks';
import { defineResource } from '../resources/define-resource';
import { requireFeatures } from './licence';

/** SIP trunks (7.6): the generic resource routes; SIP and trunks must be licensed (2.4). */
export async function sipTrunkRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  requireFeatures(app, ctx.db, 'sip', 'sip_trunks');
  defineResource(app, {
    contract: sipTrunksResource,
    permissions: {
      view: TRUNK_VIEW_PERMISSIONS,
      create: ['sip_trunks.create', 'self_domain.manage_sip_trunks'],
      edit: ['sip_trunks.edit', 'self_domain.manage_sip_trunks'],
      delete: ['sip_trunks.delete', 'self_domain.manage_sip_trunks'],
    },
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
