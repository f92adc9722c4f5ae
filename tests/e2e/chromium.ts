/** Debian's Chromium as the toolchain notes run it: headless, no sandbox, no background traffic. */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * Chromium for calls: fake camera and microphone granted without a prompt, WebRTC over loopback,
 * plus `extra` flags (the SIP server's self-signed certificate, autoplay).
 */
export const mediaChromium = (...extra: string[]) => ({
  ...CHROMIUM,
  args: [
    ...CHROMIUM.args,
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    '--allow-loopback-in-peer-connection',
    ...extra,
  ],
});
