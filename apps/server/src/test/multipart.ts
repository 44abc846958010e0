import { randomBytes } from 'node:crypto';

/** A multipart/form-data body carrying one file in `field`, for app.inject. */
export function multipartFile(field: string, filename: string, content: Buffer) {
  const boundary = `----erapor${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
