/**
 * The far ends of bench/media.bench.ts, in their own process so the bench measures only the
 * server's share: callers and concierges as werift endpoints, driven over IPC. Each one offers
 * (as a browser joining by INVITE would) and, once answered, plays its signal.
 */
import { createMediaEndpoint, type WebRtcEndpoint } from '../server/media/endpoint';
import { holdTone, renderVoiceLike } from '../server/media/tone';

type Command =
  | { type: 'offer'; id: number }
  | { type: 'accept'; id: number; sdp: string; signal: 'voice' | 'tone' | null }
  | { type: 'stats' }
  | { type: 'close' };

const peers = new Map<number, WebRtcEndpoint>();
const media = { host: '127.0.0.1', stunServers: [], portRange: null } as const;
const reply = (message: unknown) => process.send?.(message);
// The bench owns this process: when it goes away (finished or crashed), so do we.
process.on('disconnect', () => process.exit(0));

process.on('message', async (command: Command) => {
  switch (command.type) {
    case 'offer': {
      const peer = createMediaEndpoint(media);
      peers.set(command.id, peer);
      reply({ type: 'offer', id: command.id, sdp: await peer.offer() });
      break;
    }
    case 'accept': {
      const peer = peers.get(command.id)!;
      try {
        await peer.accept(command.sdp);
        await peer.whenConnected(30_000);
      } catch (error) {
        reply({ type: 'accepted', id: command.id, error: String(error) });
        break;
      }
      if (command.signal) peer.play(command.signal === 'voice' ? renderVoiceLike() : holdTone());
      reply({ type: 'accepted', id: command.id });
      break;
    }
    case 'stats': {
      let packetsIn = 0;
      for (const peer of peers.values()) packetsIn += peer.stats().packetsIn;
      reply({ type: 'stats', packetsIn });
      break;
    }
    case 'close':
      await Promise.all([...peers.values()].map((peer) => peer.close()));
      peers.clear();
      reply({ type: 'closed' });
      break;
  }
});
