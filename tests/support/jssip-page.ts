/**
 * Runs inside a Chromium page (as a string through page.evaluate): two JsSIP
 * user agents register on the embedded SIP server, one calls the other with
 * an X-Speech-Id header, the callee answers, sends DTMF # by INFO, and the
 * caller hangs up. Returns what each side saw. Kept as plain JavaScript text so
 * it can be evaluated without a bundler.
 */
export const JSSIP_CALL_SCRIPT = `async ({ wss, domain, a, b, speechId }) => {
  const log = [];
  const make = (n) => new JsSIP.UA({
    sockets: [new JsSIP.WebSocketInterface(wss)],
    uri: 'sip:' + n.number + '@' + domain,
    password: n.password,
    display_name: n.name,
    register: true,
    session_timers: false,
  });
  const ua1 = make(a);
  const ua2 = make(b);
  const registered = (ua) => new Promise((resolve, reject) => {
    ua.on('registered', resolve);
    ua.on('registrationFailed', (e) => reject(new Error('registration failed: ' + e.cause)));
  });
  ua1.start(); ua2.start();
  await Promise.all([registered(ua1), registered(ua2)]);
  log.push('registered');
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const result = { log, headers: {}, dtmf: null, bytesReceived: 0 };
  const calleeSession = new Promise((resolve) => ua2.on('newRTCSession', (e) => {
    if (e.originator !== 'remote') return;
    const s = e.session;
    for (const h of ['X-Speech-Id', 'X-Speech-Type', 'X-Target-Callee', 'X-Sos-Call']) result.headers[h] = e.request.getHeader(h);
    s.answer({ mediaStream: stream });
    resolve(s);
  }));
  const ended = new Promise((resolve) => {
    const session = ua1.call('sip:' + b.number + '@' + domain, {
      mediaStream: stream,
      extraHeaders: ['X-Speech-Id: ' + speechId],
      pcConfig: { iceServers: [] },
    });
    session.on('confirmed', () => log.push('caller confirmed'));
    session.on('newDTMF', (d) => { if (d.originator === 'remote') result.dtmf = d.request.body; });
    session.on('failed', (e) => { log.push('caller failed ' + e.cause); resolve(); });
    session.on('ended', (e) => { log.push('caller ended ' + e.originator); resolve(); });
    calleeSession.then(async (s) => {
      await new Promise((r) => s.on('confirmed', r));
      log.push('callee confirmed');
      await new Promise((r) => setTimeout(r, 1500));
      const stats = await session.connection.getStats();
      stats.forEach((r) => { if (r.type === 'inbound-rtp' && r.kind === 'audio') result.bytesReceived += r.bytesReceived; });
      s.sendDTMF('#', { duration: 160, transportType: 'INFO' });
      await new Promise((r) => setTimeout(r, 300));
      session.terminate();
    });
  });
  await ended;
  await new Promise((r) => setTimeout(r, 300));
  ua1.stop(); ua2.stop();
  return result;
}`;

/**
 * Page helpers for an awaiting call: a JsSIP concierge registers (`window.concierge`), joins a queued
 * call by INVITE with its speech id (`window.leg`), reports audio received, hangs up its leg (hold),
 * and waits for the server's BYE. Each is a function expression evaluated with one JSON argument.
 */
export const JSSIP_QUEUE = {
  register: `async ({ wss, domain, me }) => {
    const ua = new JsSIP.UA({ sockets: [new JsSIP.WebSocketInterface(wss)], uri: 'sip:' + me.number + '@' + domain,
      password: me.password, register: true, session_timers: false });
    await new Promise((resolve, reject) => { ua.on('registered', resolve); ua.on('registrationFailed', (e) => reject(new Error(e.cause))); ua.start(); });
    window.concierge = ua;
    window.stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  }`,
  join: `async ({ domain, callee, speechId }) => {
    const leg = window.concierge.call('sip:' + callee + '@' + domain, { mediaStream: window.stream,
      extraHeaders: ['X-Speech-Id: ' + speechId], pcConfig: { iceServers: [] } });
    window.leg = leg;
    window.legEnd = new Promise((resolve) => { leg.on('ended', (e) => resolve('ended ' + e.originator)); leg.on('failed', (e) => resolve('failed ' + e.cause)); });
    const outcome = await Promise.race([new Promise((r) => leg.on('confirmed', () => r('confirmed'))), window.legEnd]);
    if (outcome !== 'confirmed') return { outcome, bytes: 0 };
    let bytes = 0;
    for (let i = 0; i < 40 && bytes === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      bytes = 0;
      (await leg.connection.getStats()).forEach((r) => { if (r.type === 'inbound-rtp' && r.kind === 'audio') bytes += r.bytesReceived; });
    }
    return { outcome, bytes };
  }`,
  hold: `async () => { window.leg.terminate(); return await window.legEnd; }`,
  ended: `async () => await window.legEnd`,
};
