import { anyOf, defineCalls } from '../call';
import { MarkerApplyAnswerSchema, MarkerApplySchema, markersEntity } from '../entities/marker';
import { entityCalls } from '../entity';

/** Markers (6.2): the entity's calls and applying markers to users. */
export const MARKER_CALLS = defineCalls({
  ...entityCalls(markersEntity),
  'POST /markers/apply': {
    access: anyOf(['markers.apply']),
    body: MarkerApplySchema,
    response: MarkerApplyAnswerSchema,
  },
});
