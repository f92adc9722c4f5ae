import { createRequire } from 'node:module';
import type ExcelJSModule from 'exceljs';
import type NodemailerModule from 'nodemailer';
import type PgModule from 'pg';

/**
 * Packages a start does not need, loaded on first use: each costs hundreds of
 * milliseconds to seconds of start-up (docs/decisions.md, "Compiled server").
 * pg is loaded synchronously, because the database is opened synchronously, and
 * only when DATABASE_URL names PostgreSQL.
 */
const require = createRequire(import.meta.url);

export const loadPg = (): typeof PgModule => require('pg') as typeof PgModule;

export const loadExcelJS = async (): Promise<typeof ExcelJSModule> => (await import('exceljs')).default;

export const loadNodemailer = async (): Promise<typeof NodemailerModule> => (await import('nodemailer')).default;
