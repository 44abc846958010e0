import { api } from './api-client';
import { apiFailure } from './http-errors';

/*
 * Files the server gives only with the Bearer token (templates, ledgers, slips, PDFs): a plain
 * link would carry no token, so they are fetched as a blob and saved (or shown) from it. A refusal
 * arrives as a Blob too: its JSON is read so the server's Indonesian message reaches the screen.
 */

/** A failed blob request as the same failure a JSON request gives (message, field details). */
export async function blobFailure(error: unknown): Promise<unknown> {
  const e = error as { response?: { status: number; data: unknown } };
  if (e.response?.data instanceof Blob) {
    try {
      return apiFailure(e.response.status, JSON.parse(await e.response.data.text()));
    } catch {
      return error;
    }
  }
  return error;
}

/** The file name the server gave (content-disposition, the UTF-8 form first), else `fallback`. */
export function fileNameOf(disposition: string, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
}

/** GET a file with the token; rejects with the server's message. */
export async function fetchFile(
  url: string,
  params: Record<string, string> = {},
): Promise<{ blob: Blob; fileName: (fallback: string) => string }> {
  try {
    const res = await api.get<Blob>(url, { params, responseType: 'blob' });
    const disposition = String(res.headers['content-disposition'] ?? '');
    return { blob: res.data, fileName: (fallback) => fileNameOf(disposition, fallback) };
  } catch (error) {
    throw await blobFailure(error);
  }
}

/** Saves a blob as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Fetches and saves a file under the server's name (else `fallbackName`); resolves with the name.
 * `name` forces a name of our own.
 */
export async function downloadFile(
  url: string,
  options: { fallbackName: string; params?: Record<string, string>; name?: string },
): Promise<string> {
  const file = await fetchFile(url, options.params);
  const name = options.name ?? file.fileName(options.fallbackName);
  saveBlob(file.blob, name);
  return name;
}

/**
 * Shows a PDF in a new tab from a blob: the tab is opened at the click, before `load`, because
 * browsers block windows opened later; it is closed again when `load` fails, which rejects with
 * the server's message.
 */
async function showPdf(load: () => Promise<Blob>): Promise<void> {
  const tab = window.open('', '_blank');
  let blob: Blob;
  try {
    blob = await load();
  } catch (error) {
    tab?.close();
    throw error;
  }
  const objectUrl = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
  if (tab) tab.location.href = objectUrl;
  else window.location.assign(objectUrl);
  // The tab has loaded the document long before this; the object URL is then let go.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}

/**
 * Opens a PDF in a new tab (the report cards, a pupil's PKL report). The PDF needs the Bearer
 * token, so it is fetched and shown from a blob (a link to the PDF would carry no token, and a
 * bookmark of it would skip the print page).
 */
export function openPdf(url: string, params: Record<string, string> = {}): Promise<void> {
  return showPdf(async () => (await fetchFile(url, params)).blob);
}

/**
 * "Pratinjau" of a template (the UKK certificate, the SKL): the form as it stands, saved or not,
 * POSTed and the sample PDF shown as openPdf does; a refusal carries the field details.
 */
export function openPdfPreview(url: string, body: unknown): Promise<void> {
  return showPdf(async () => {
    try {
      return (await api.post<Blob>(url, body, { responseType: 'blob' })).data;
    } catch (error) {
      throw await blobFailure(error);
    }
  });
}
