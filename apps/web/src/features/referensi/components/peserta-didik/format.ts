/** 2009-08-17 → 17-08-2009 (dates come from the API as ISO dates). */
export function formatDate(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
}

/** "Tempat, Tanggal Lahir" as the lists show it. */
export function placeAndDate(tempat: string | null, tanggal: string | null): string {
  return [tempat, formatDate(tanggal)].filter(Boolean).join(', ');
}
