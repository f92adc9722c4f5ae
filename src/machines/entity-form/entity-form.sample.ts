import * as v from 'valibot';
import type { EntityFormDefinition } from './entity-form.definition';
import { passwordShown } from './entity-form.normalise';

/**
 * A small sample entity (a gate with an address, a port, a stored password and
 * coordinates) that exercises every normalisation rule of 7.9. Fixtures and
 * stories of the generic form views use it; real entities define their own.
 */
export interface SampleGate {
  id: number;
  name: string;
  description: string | null;
  ip_address: string | null;
  port: number;
  has_password: boolean;
  location_latitude: number | null;
  is_active: boolean;
}

const name = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(31));
const body = {
  name,
  description: v.nullable(v.pipe(v.string(), v.maxLength(255))),
  ip_address: v.nullable(v.pipe(v.string(), v.ip())),
  port: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65_535)),
  password: v.nullable(v.pipe(v.string(), v.minLength(6))),
  location_latitude: v.nullable(v.pipe(v.number(), v.minValue(-90), v.maxValue(90))),
  is_active: v.boolean(),
};
export const SampleGateCreateSchema = v.object(body);
export const SampleGatePatchSchema = v.partial(v.object(body));

export const sampleGate: SampleGate = {
  id: 7,
  name: 'North gate',
  description: null,
  ip_address: '10.0.0.17',
  port: 80,
  has_password: true,
  location_latitude: 56.95,
  is_active: true,
};

export const sampleGateForm: EntityFormDefinition<Record<string, unknown>, SampleGate> = {
  empty: () => ({
    name: '',
    description: '',
    ip_address: '',
    port: '80',
    password: '',
    location_latitude: '',
    is_active: true,
  }),
  fromItem: (gate) => ({
    name: gate.name,
    description: gate.description ?? '',
    ip_address: gate.ip_address ?? '',
    port: String(gate.port),
    password: passwordShown(gate.has_password),
    location_latitude: gate.location_latitude === null ? '' : String(gate.location_latitude),
    is_active: gate.is_active,
  }),
  kinds: {
    name: 'requiredText',
    description: 'text',
    ip_address: 'text',
    port: 'port',
    password: 'password',
    location_latitude: 'decimal',
    is_active: 'raw',
  },
  schemas: { create: SampleGateCreateSchema, patch: SampleGatePatchSchema },
};
