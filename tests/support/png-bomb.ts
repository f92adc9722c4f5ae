import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid PNG that is small on the wire but huge once decoded: 1-bit greyscale,
 * all black, so 20000×20000 deflates to about 48 KB and decodes to 1.6 GB of RGBA.
 */
export function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // colour type: greyscale
  // compression, filter, interlace: 0
  const rowBytes = 1 + Math.ceil(width / 8); // filter byte + packed pixels
  const pixels = deflateSync(Buffer.alloc(rowBytes * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
