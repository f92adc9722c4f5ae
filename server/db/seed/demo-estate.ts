import type { TreeNode } from '../../domain/groups/nested-set';
import type { DomainSeed } from './builders';
import { FIRST_NAMES, LAST_NAMES } from './demo-names';
import { createPrng } from './prng';

/**
 * The demo residence as plain data, computed from a fixed seed (no database, no
 * clock): its buildings, entrances, floors, units and common areas, the people
 * living there, extra staff and concierges, and the markers they carry.
 * demo-people.ts stores it; demo-activity.ts adds conversations, announces and calls.
 *
 * Shape (tests/api/demo.test.ts checks it by hand):
 * - Building A: 2 entrances × 4 floors × 2 units (Unit 101 … Unit 404; Unit 101, 102 and 201 are
 *   the first demo's units, Rita Resident lives alone in Unit 101);
 * - Building B: 2 entrances × 5 floors × 2 units (Unit B101 … Unit B504);
 * - Building C: 1 entrance × 3 floors × 3 units (Unit C101 … Unit C303);
 * - common areas Underground parking, Fitness room, Courtyard (no logical address);
 * so 3 buildings, 5 entrances, 21 floors, 45 units; 100 residents (Rita included); 4 units empty.
 */
export const DEMO_SEED = 20_240_611;
export const DEMO_RESIDENT_COUNT = 100;
/** Units nobody lives in (for sale, being renovated). */
export const DEMO_EMPTY_UNITS = 4;

export interface EstateUnit {
  name: string;
  building: string;
  entrance: number;
  /** The unit's number inside its building (its logical address), e.g. "204". */
  number: string;
}

export interface EstatePerson {
  login: string;
  name: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  description: string | null;
  /** The group the person is placed in. */
  group: string;
  /** SIP number, or null for none. */
  sipNumber: string | null;
  markers: string[];
  /** Days before the seed the account was created (moved in). */
  joinedDaysAgo: number;
}

export interface EstatePanel {
  name: string;
  group: string;
  number: string;
}

export interface Estate {
  tree: TreeNode<DomainSeed>;
  units: EstateUnit[];
  buildings: { name: string; master: string | null }[];
  residents: EstatePerson[];
  staff: EstatePerson[];
  concierges: EstatePerson[];
  /** Door panels besides Building A's "Entrance panel" of the first demo. */
  panels: EstatePanel[];
}

export const DEMO_MARKERS = [
  { name: 'Owner', color: '#2e7d32', description: 'Owns the unit.' },
  { name: 'Tenant', color: '#1565c0', description: 'Rents the unit.' },
  { name: 'Board member', color: '#6a1b9a', description: 'Sits on the residents’ board.' },
  { name: 'Needs assistance', color: '#c62828', description: 'Reduced mobility: help at the door and in evacuations.' },
  { name: 'Pet owner', color: '#ef6c00', description: 'Has a dog or a cat registered with the management.' },
  { name: 'Parking space', color: '#546e7a', description: 'Rents a space in the underground parking.' },
] as const;

interface BuildingPlan {
  name: string;
  logic: string;
  /** Unit name prefix: Building A keeps the first demo's "Unit 101". */
  prefix: string;
  entrances: number;
  floors: number;
  unitsPerFloor: number;
  master: string | null;
}

/** Building A's master number is the first demo's (telephony.ts); B and C get their own. */
const BUILDINGS: BuildingPlan[] = [
  { name: 'Building A', logic: '1', prefix: '', entrances: 2, floors: 4, unitsPerFloor: 2, master: null },
  { name: 'Building B', logic: '2', prefix: 'B', entrances: 2, floors: 5, unitsPerFloor: 2, master: '120100' },
  { name: 'Building C', logic: '3', prefix: 'C', entrances: 1, floors: 3, unitsPerFloor: 3, master: '130100' },
];

const AREAS = ['Underground parking', 'Fitness room', 'Courtyard'];

/** The first demo's units and resident (demo.ts): kept as they were. */
const RESERVED_UNIT = 'Unit 101';

function buildTree(root: string): { tree: TreeNode<DomainSeed>; units: EstateUnit[] } {
  const units: EstateUnit[] = [];
  const buildings = BUILDINGS.map((b): TreeNode<DomainSeed> => {
    const entrances = Array.from({ length: b.entrances }, (_, e): TreeNode<DomainSeed> => {
      const floors = Array.from({ length: b.floors }, (_, f): TreeNode<DomainSeed> => {
        const floor = f + 1;
        const floorUnits = Array.from({ length: b.unitsPerFloor }, (_, u): TreeNode<DomainSeed> => {
          // Units are numbered floor by floor across the building's entrances: 101, 102 | 103, 104.
          const number = `${floor}${String(e * b.unitsPerFloor + u + 1).padStart(2, '0')}`;
          const name = `Unit ${b.prefix}${number}`;
          units.push({ name, building: b.name, entrance: e + 1, number });
          return { value: { name, type: 'unit', logic_address: number } };
        });
        return { value: { name: `Floor ${floor}`, type: 'floor', logic_address: String(floor) }, children: floorUnits };
      });
      return {
        value: { name: `Entrance ${e + 1}`, type: 'entrance', logic_address: String(e + 1) },
        children: floors,
      };
    });
    return { value: { name: b.name, type: 'building', logic_address: b.logic }, children: entrances };
  });
  const areas = AREAS.map((name): TreeNode<DomainSeed> => ({ value: { name, type: 'area' } }));
  return { tree: { value: { name: root, type: 'project' }, children: [...buildings, ...areas] }, units };
}

/** ASCII login part of a name: "O’Brien" → "obrien", "Müller" → "muller". */
const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** Fictional phone numbers: 555-01xx is reserved for fiction in the North American plan. */
const phoneOf = (index: number) => `+1 202 555 01${String(index % 100).padStart(2, '0')}`;

function person(
  taken: Set<string>,
  first: string,
  last: string,
  rest: Omit<EstatePerson, 'login' | 'name' | 'firstname' | 'lastname' | 'email'>,
): EstatePerson {
  const base = `${slug(first)}.${slug(last)}`;
  let login = base;
  for (let n = 2; taken.has(login); n++) login = `${base}${n}`;
  taken.add(login);
  return { login, name: `${first} ${last}`, firstname: first, lastname: last, email: `${login}@example.com`, ...rest };
}

/**
 * The residence of the demo, the same for the same `reservedLogins` (the
 * administrator's and the named demo users' logins, never generated twice).
 */
export function planEstate(root: string, reservedLogins: readonly string[]): Estate {
  const rng = createPrng(DEMO_SEED);
  const taken = new Set(reservedLogins);
  const { tree, units } = buildTree(root);

  const staff = [
    person(taken, 'Helena', 'Brandt', {
      phone: phoneOf(90),
      description: 'Property manager',
      group: root,
      sipNumber: null,
      markers: [],
      joinedDaysAgo: 420,
    }),
    person(taken, 'Tomás', 'Rivera', {
      phone: phoneOf(91),
      description: 'Maintenance technician',
      group: root,
      sipNumber: null,
      markers: [],
      joinedDaysAgo: 300,
    }),
    person(taken, 'Grace', 'Mwangi', {
      phone: phoneOf(92),
      description: 'Facility coordinator',
      group: root,
      sipNumber: null,
      markers: [],
      joinedDaysAgo: 120,
    }),
  ];
  const concierges = [
    person(taken, 'Nikolai', 'Petrov', {
      phone: null,
      description: 'Night concierge',
      group: root,
      sipNumber: '100004',
      markers: [],
      joinedDaysAgo: 260,
    }),
    person(taken, 'Aisha', 'Rahman', {
      phone: null,
      description: 'Weekend concierge',
      group: root,
      sipNumber: '100005',
      markers: [],
      joinedDaysAgo: 90,
    }),
  ];

  // Households of 1 to 4 people sharing a surname (now and then a partner keeps their own) in all
  // units but DEMO_EMPTY_UNITS, sized to make DEMO_RESIDENT_COUNT residents with Rita Resident.
  const residents: EstatePerson[] = [];
  const free = units.filter((u) => u.name !== RESERVED_UNIT);
  const empty = new Set(rng.sample(free, DEMO_EMPTY_UNITS).map((u) => u.name));
  const occupied = free.filter((u) => !empty.has(u.name));
  const sizes = occupied.map(() => rng.pick([1, 2, 2, 2, 3, 3, 4]));
  const total = () => sizes.reduce((a, b) => a + b, 0);
  while (total() !== DEMO_RESIDENT_COUNT - 1) {
    const i = rng.int(0, sizes.length - 1);
    if (total() > DEMO_RESIDENT_COUNT - 1 && sizes[i]! > 1) sizes[i]!--;
    else if (total() < DEMO_RESIDENT_COUNT - 1 && sizes[i]! < 4) sizes[i]!++;
  }
  // One surname per household, none shared by two households.
  const families = rng.sample(LAST_NAMES, occupied.length);
  let phoneIndex = 0;
  const buildingIndex = new Map(BUILDINGS.map((b, i) => [b.name, i + 1]));
  for (const [u, unit] of occupied.entries()) {
    const size = sizes[u]!;
    const family = families[u]!;
    const owner = rng.chance(0.6);
    const joined = rng.int(20, 900);
    const firsts = rng.sample(FIRST_NAMES, size);
    firsts.forEach((first, i) => {
      const last = i === 1 && rng.chance(0.25) ? rng.pick(LAST_NAMES) : family;
      const markers: string[] = [owner ? 'Owner' : 'Tenant'];
      if (i === 0 && rng.chance(0.1)) markers.push('Board member');
      if (rng.chance(0.04)) markers.push('Needs assistance');
      if (i === 0 && rng.chance(0.2)) markers.push('Pet owner');
      if (i === 0 && rng.chance(0.35)) markers.push('Parking space');
      residents.push(
        person(taken, first, last, {
          // The first adult of a household leaves a phone number with the management.
          phone: i === 0 ? phoneOf(phoneIndex++) : null,
          description: null,
          group: unit.name,
          // Building digit, unit number, person: 2 1 204 3 → "212043".
          sipNumber: `2${buildingIndex.get(unit.building)}${unit.number}${i + 1}`,
          markers,
          joinedDaysAgo: joined + (i === 0 ? 0 : rng.int(0, 10)),
        }),
      );
    });
  }

  const panels: EstatePanel[] = [];
  for (const [i, b] of BUILDINGS.entries()) {
    for (let e = 1; e <= b.entrances; e++) {
      // Building A's first entrance has the first demo's "Entrance panel" (100200).
      if (i === 0 && e === 1) continue;
      panels.push({
        name: `${b.prefix || 'A'}${e} entrance panel`,
        group: b.name,
        number: `3${i + 1}${e}200`,
      });
    }
  }
  panels.push({ name: 'Parking gate panel', group: 'Underground parking', number: '300200' });

  return {
    tree,
    units,
    buildings: BUILDINGS.map((b) => ({ name: b.name, master: b.master })),
    residents,
    staff,
    concierges,
    panels,
  };
}
