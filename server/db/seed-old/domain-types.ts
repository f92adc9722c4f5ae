/**
 * The group types every new project starts with, code → display name. The
 * hierarchy rules of section 8 ("needs Building parent") key on the codes.
 */
export const DOMAIN_TYPES: Record<string, string> = {
  project: 'Project',
  building: 'Building',
  entrance: 'Entrance',
  floor: 'Floor',
  unit: 'Unit',
  // No logical address (the spec's "type 5", ADDRESSLESS_DOMAIN_TYPE): parking, gym, lobby.
  area: 'Common area',
};
