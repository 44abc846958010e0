/**
 * The payload encoding of e-Rapor's "Kirim data" upload (reference-dapodik §1.3): each table's rows as
 * a JSON string, PHP-serialised, zlib-compressed (gzcompress), base64-encoded, then rawurlencoded.
 */
import { deflateSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

export class PayloadError extends Error {}

function inflateAny(data: Buffer): Buffer {
  for (const inflate of [inflateSync, inflateRawSync, gunzipSync]) {
    try {
      return inflate(data);
    } catch {
      // try the next container format
    }
  }
  throw new PayloadError('payload is not zlib/deflate/gzip data');
}

/** PHP `serialize()` of a string is `s:<byte length>:"<bytes>";`. */
function phpUnserializeString(data: Buffer): string {
  const head = /^s:(\d+):"/.exec(data.subarray(0, 24).toString('latin1'));
  if (!head) return data.toString('utf8'); // not serialised: take the JSON as it is
  const start = head[0].length;
  const end = start + Number(head[1]);
  if (data.length < end + 2 || data.toString('latin1', end, end + 2) !== '";')
    throw new PayloadError('serialised string has the wrong length');
  return data.toString('utf8', start, end);
}

/** Rows of an e-Rapor encoded `json` field. */
export function decodeEraporPayload(text: string): unknown[] {
  let b64: string;
  try {
    b64 = decodeURIComponent(text.trim());
  } catch {
    throw new PayloadError('payload is not rawurlencoded');
  }
  if (!/^[A-Za-z0-9+/=\s]+$/.test(b64)) throw new PayloadError('payload is not base64');
  const json = phpUnserializeString(inflateAny(Buffer.from(b64, 'base64')));
  let rows: unknown;
  try {
    rows = JSON.parse(json);
  } catch {
    throw new PayloadError('payload is not JSON');
  }
  // A PHP array with gaps in its keys serialises to a JSON object.
  if (rows && typeof rows === 'object' && !Array.isArray(rows)) rows = Object.values(rows);
  if (!Array.isArray(rows)) throw new PayloadError('payload is not a list of rows');
  return rows;
}

/** The same encoding, for clients and tests. */
export function encodeEraporPayload(rows: readonly unknown[]): string {
  const json = JSON.stringify(rows);
  const serialised = `s:${Buffer.byteLength(json, 'utf8')}:"${json}";`;
  return encodeURIComponent(deflateSync(Buffer.from(serialised, 'utf8')).toString('base64'));
}
