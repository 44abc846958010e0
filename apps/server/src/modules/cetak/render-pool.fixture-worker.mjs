// A render worker that misbehaves on request (render-pool.test.ts): it speaks the worker's
// protocol (render-worker.ts) and does what the document's `kind` asks.
import { parentPort } from 'node:worker_threads';

const port = parentPort;
const hold = [];
port.on('message', (cmd) => {
  const kind = cmd.doc?.kind;
  if (kind === 'ok') {
    const pdf = new TextEncoder().encode(`%PDF-${cmd.doc.text}`);
    port.postMessage({ type: 'rendered', pdf }, [pdf.buffer]);
  } else if (kind === 'error') port.postMessage({ type: 'error', message: 'pdfmake refused the definition' });
  else if (kind === 'image-refused') port.postMessage({ type: 'image-unusable', image: 'logoSekolah' });
  else if (kind === 'async-throw')
    setTimeout(() => {
      throw new Error('thrown from a callback');
    }, 5);
  else if (kind === 'image-async-throw') {
    // As pdfkit's PNG decoder: the image being tried is said, then a callback throws.
    port.postMessage({ type: 'checking', image: cmd.doc.image, hash: cmd.doc.hash });
    setTimeout(() => {
      throw Object.assign(new Error('invalid block type'), { code: 'Z_DATA_ERROR' });
    }, 5);
  } else if (kind === 'exit') process.exit(3);
  else if (kind === 'oom') for (;;) hold.push(new Array(100_000).fill({ kind }));
  // 'hang': never answers
});
port.postMessage({ type: 'ready' });
