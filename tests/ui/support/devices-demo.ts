import { devicesEntity } from '../../../src/contract/entities/device';
import { sampleDevices } from '../../../src/ui/devices/device.fixtures';
import { demoBackend } from './entity-demo';
import type { FakeCall, FakeTable } from './entity-fake-backend';

type Row = { id: number; [field: string]: unknown };

/** The demo backend plus the demo residence's devices (a save merges the body over the stored device). */
export function devicesBackend(extra: Record<string, (call: FakeCall) => unknown> = {}, refuse?: FakeTable['refuse']) {
  const devices: FakeTable = {
    contract: devicesEntity,
    rows: structuredClone(sampleDevices) as unknown as Row[],
    create: (body, id) => ({ ...structuredClone(sampleDevices[1]!), ...body, id }) as Row,
    patch: (row, body) => ({ ...row, name: body.name ?? row.name }),
    refuse,
  };
  return demoBackend(extra, { devices });
}
