import { createHash } from 'node:crypto';

/** Namespace of the name-based UUIDs of Kirim Nilai (fixed for ever: changing it changes every id). */
const NAMESPACE = Buffer.from('5d0c2b9e4a7f4e61b3c8e2f1a9d07b64', 'hex');

/**
 * RFC 4122 version-5 UUID (SHA-1, name-based) of `name`: the same name gives the same id on every
 * run and every server, so a retried or repeated post is an upsert of the same Dapodik row.
 */
export function uuidV5(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const matevId = (sekolahId: string, rombelId: string, pembelajaranId: string) =>
  uuidV5(`matev|${sekolahId}|${rombelId}|${pembelajaranId}`);

export const nilaiId = (
  sekolahId: string,
  rombelId: string,
  pembelajaranId: string,
  anggotaRombelId: string,
  idEvaluasi: string,
) => uuidV5(`nilai|${sekolahId}|${rombelId}|${pembelajaranId}|${anggotaRombelId}|${idEvaluasi}`);

/** Hash of a flat payload, keys sorted (a payload read back from jsonb has its keys reordered). */
export const payloadHash = (payload: Record<string, unknown>) =>
  createHash('sha256')
    .update(
      JSON.stringify(
        Object.keys(payload)
          .sort()
          .map((k) => [k, payload[k]]),
      ),
    )
    .digest('hex');
