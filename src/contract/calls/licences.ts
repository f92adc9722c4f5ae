import * as v from 'valibot';
import { anyOf, defineCalls, envelope, IdParamsSchema } from '../call';
import {
  GroupLicencePatchSchema,
  GroupLicenseInfoSchema,
  LICENCE_LIMITS,
  LicenceFeatureStateSchema,
  LicencePreviewSchema,
  LicenceServerRequestSchema,
  LicenceSettingsSchema,
  LicencesAddedSchema,
  LicencesPeriodExportQuerySchema,
  LicencesPeriodQuerySchema,
  LicencesPeriodReportSchema,
  LicencesUsedExportQuerySchema,
  LicencesUsedQuerySchema,
  LicencesUsedReportSchema,
  LicenceWarningSchema,
  licencesEntity,
} from '../entities/licence';
import { entityCalls } from '../entity';

const viewers = anyOf(licencesEntity.access.view);
const managers = anyOf(['licences.manage']);
/** A group's licence info: any licence view scope, the count editors and the managers (6.2). */
const groupViewers = anyOf([
  'licences.view_all',
  'licences.view_descendants',
  'licences.view_own',
  'licences.edit_group_counts',
  'licences.manage',
]);
const reporters = anyOf(['system.view_licence_report']);
const licenceFile = {
  fields: v.object({}),
  files: { file: { maxBytes: LICENCE_LIMITS.fileMaxBytes, required: true } },
};

/**
 * Licences (7.8): the installed licences (list, item, delete), adding them from a file or
 * from the licence server (each first checked and previewed, then applied), the project's
 * feature state, the warning banner's status, the notices, a group's licence counts and
 * periods, and the two reports of 2.5 (5-minute timeout, 7.1) with their exports.
 */
export const LICENCE_CALLS = defineCalls({
  ...entityCalls(licencesEntity),
  'POST /licenses/file/check': {
    access: managers,
    multipart: licenceFile,
    response: envelope(LicencePreviewSchema),
  },
  'POST /licenses/file': { access: managers, multipart: licenceFile, response: envelope(LicencesAddedSchema) },
  'POST /licenses/cloud/check': {
    access: managers,
    body: LicenceServerRequestSchema,
    response: envelope(LicencePreviewSchema),
  },
  'POST /licenses/cloud': {
    access: managers,
    body: LicenceServerRequestSchema,
    response: envelope(LicencesAddedSchema),
  },
  'GET /licenses/features/state': { access: viewers, response: envelope(LicenceFeatureStateSchema) },
  // The persistent banner of 6.4 is for those who may manage licences only.
  'GET /licenses/warning': { access: managers, response: envelope(LicenceWarningSchema) },
  'GET /licenses/settings': { access: viewers, response: envelope(LicenceSettingsSchema) },
  'PATCH /licenses/settings': {
    access: managers,
    body: LicenceSettingsSchema,
    response: envelope(LicenceSettingsSchema),
  },
  'GET /domains/{id}/license': {
    access: groupViewers,
    params: IdParamsSchema,
    object: { entity: 'domain_licences', action: 'view' },
    response: envelope(GroupLicenseInfoSchema),
  },
  'PATCH /domains/{id}/license': {
    access: anyOf(['licences.edit_group_counts']),
    params: IdParamsSchema,
    object: { entity: 'domain_licences', action: 'edit' },
    body: GroupLicencePatchSchema,
    response: envelope(GroupLicenseInfoSchema),
  },
  'GET /reports/licenses/used': {
    access: reporters,
    query: LicencesUsedQuerySchema,
    timeout: 'report',
    response: envelope(LicencesUsedReportSchema),
  },
  'GET /reports/licenses/used/export': {
    access: reporters,
    query: LicencesUsedExportQuerySchema,
    timeout: 'report',
    file: 'spreadsheet',
    response: v.blob(),
  },
  'GET /reports/licenses/period': {
    access: reporters,
    query: LicencesPeriodQuerySchema,
    timeout: 'report',
    response: envelope(LicencesPeriodReportSchema),
  },
  'GET /reports/licenses/period/export': {
    access: reporters,
    query: LicencesPeriodExportQuerySchema,
    timeout: 'report',
    file: 'spreadsheet',
    response: v.blob(),
  },
});
