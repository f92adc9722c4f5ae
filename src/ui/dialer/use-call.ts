import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { CallMachine } from '../../machines/call/call.machine';
import {
  selectAnsweredBy,
  selectCallCallee,
  selectCallCreatedAt,
  selectCallDirection,
  selectCallInfo,
  selectCallNumber,
  selectCallStatus,
  selectCallType,
  selectEndCause,
  selectIsAnsweredByAnother,
  selectIsAnsweredOnOurNumber,
  selectIsRinging,
  selectIsSosCall,
  selectIsStopping,
} from '../../machines/call/call.selectors';

/** The facts a call card shows, read slice by slice from its actor. */
export function useCallFacts(ref: ActorRefFrom<CallMachine>) {
  return {
    number: useSelector(ref, selectCallNumber),
    callee: useSelector(ref, selectCallCallee),
    info: useSelector(ref, selectCallInfo),
    direction: useSelector(ref, selectCallDirection),
    type: useSelector(ref, selectCallType),
    status: useSelector(ref, selectCallStatus),
    ringing: useSelector(ref, selectIsRinging),
    stopping: useSelector(ref, selectIsStopping),
    sos: useSelector(ref, selectIsSosCall),
    answeredBy: useSelector(ref, selectAnsweredBy),
    byAnother: useSelector(ref, selectIsAnsweredByAnother),
    elsewhere: useSelector(ref, selectIsAnsweredOnOurNumber),
    endCause: useSelector(ref, selectEndCause),
    createdAt: useSelector(ref, selectCallCreatedAt),
  };
}
