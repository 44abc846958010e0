import { useEffect, useState } from 'react';
import { api } from '../lib/api-client';

/**
 * Images behind the API (profile photos) need the Bearer token, which an <img src> cannot
 * send: fetch them through the API client and show an object URL.
 */
export function useAuthedImage(url: string | null | undefined): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!url) {
      setSrc(null);
      return;
    }
    if (url.startsWith('data:') || url.startsWith('blob:')) {
      setSrc(url);
      return;
    }
    let objectUrl: string | null = null;
    let cancelled = false;
    const path = url.replace(/^\/api/, '');
    api
      .get<Blob>(path, { responseType: 'blob' })
      .then((res) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(res.data);
        setSrc(objectUrl);
      })
      .catch(() => {
        if (!cancelled) setSrc(null);
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return src;
}
